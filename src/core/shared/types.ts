/** An 8-bit RGBA raster, row-major, 4 bytes per pixel, non-premultiplied alpha. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export type CleanMode = 'basic' | 'standard' | 'advanced';
export type ExtractTarget = '' | 'signature' | 'stamp';
/**
 * The colour the kept ink is given (src/core/compose/recolourInk.ts): its own (`original`), black, document
 * blue, or any `#rrggbb` (lower-case hex). Its alpha is never changed.
 */
export type InkColour = 'original' | 'black' | 'blue' | `#${string}`;

/** What the caller asks of the pipeline; the same options the API and the web app expose. */
export interface CleanOptions {
  mode: CleanMode;
  extract: ExtractTarget;
  aggressive: boolean;
  /** Crop the result to the kept ink plus a margin (beyond the spec, off by default). */
  crop: boolean;
  /** Straighten the found sheet to a rectangle, as document scanner apps do (beyond the spec, off by default). */
  flatten?: boolean;
  /** Recolour the kept ink, its alpha untouched (beyond the spec; absent or `original`: the ink's own colour). */
  ink?: InkColour;
}

/** A point in the input image's pixels (x right, y down); may lie outside the frame. */
export interface Point {
  x: number;
  y: number;
}

/**
 * The document sheet found in a photo (src/core/page/sheet): its four corners in the input image's pixels,
 * clockwise from the top left of the sheet as it lies in the image. A corner may lie outside the frame
 * when the sheet is partly out of it.
 */
export interface SheetOutline {
  corners: [Point, Point, Point, Point];
}

/**
 * Things lying on the page in a photo (a hand, a phone, a pen, a coin), as the sheet model sees them:
 * per cell of a grid over the whole frame (the frame stretched to a square), the probability that
 * something covers it. Ink under them is not the page's.
 */
export interface CoverMap {
  width: number;
  height: number;
  probability: Float32Array;
}

/** What a sheet finder saw in the frame: the sheet (null on a flat scan or a tight crop) and, from the learned finder when it found a sheet, what covers it. */
export interface SheetFinding {
  sheet: SheetOutline | null;
  cover: CoverMap | null;
}

/** Ink classes of the class map. The numeric values are part of the model's contract: do not renumber. */
export const InkClass = {
  paper: 0,
  printed: 1,
  formLine: 2,
  handwriting: 3,
  stamp: 4,
  noise: 5,
} as const;
export type InkClassId = (typeof InkClass)[keyof typeof InkClass];

/** Per-pixel ink class labels, possibly at a reduced resolution relative to the image. */
export interface ClassMap {
  width: number;
  height: number;
  classes: Uint8Array;
  /**
   * How many of this map's cells span one unit cell of the refinement's neighbourhoods (a stride-4
   * model cell, about 1 mm of an A4 page): 1 (the default) for the classical grid and a stride-4
   * model, 2 for a stride-2 model.
   */
  cellScale?: number;
  /**
   * Whether the map's handwriting was recognised as such (the model) rather than being the ink left
   * over when nothing else matched (the classical analysis, where a stamp's missed parts are
   * handwriting too). Only recognised handwriting is followed from into the ink the map gave a stamp.
   */
  handwritingRecognised?: boolean;
}

/** What an engine sees: the flattened page (paper removed to white) and the full-resolution ink alpha. */
export interface EngineInput {
  flattened: RgbaImage;
  inkAlpha: Uint8Array;
}

/** What a runtime supplies: one run of a model's session on an NCHW float32 tensor. */
export type ModelRun = (
  input: Float32Array,
  dims: number[],
) => Promise<{ data: Float32Array | Uint8Array | ArrayLike<number>; dims: readonly number[] }>;

/**
 * Labels ink with classes. Implemented by the classical analysis in src/core and by the learned
 * model through onnxruntime-web (worker) and onnxruntime-node (server).
 */
export interface Engine {
  readonly name: string;
  classify(input: EngineInput): Promise<ClassMap>;
  /**
   * The learned ink/paper decision of the flattened page (the model's engines). Without it,
   * colour-to-alpha's own thresholds decide what is ink. `photo`: the page is a sheet found in a
   * photo, whose blurred strokes the decision thins back to their sharp width.
   */
  separateInk?(flattened: RgbaImage, photo?: boolean): Promise<InkSeparation>;
  /**
   * The learned sheet finder (the model's engines): the sheet in a photo (null for a flat scan) and
   * what lies on it. Without it, the classical finder looks for the sheet and nothing is seen on it.
   */
  findSheet?(image: RgbaImage): Promise<SheetFinding>;
}

/**
 * What the clean result holds of what was asked (src/core/compose/foundInk.ts): the same figures on the
 * server and on the device.
 */
export interface FoundInk {
  /** Groups of kept solid ink (alpha ≥ 128) at least 1.5% of the page's long side across: specks and stray glyphs are not items. */
  items: number;
  /** Kept solid ink pixels ÷ all solid ink pixels of the page, 0..1 (0 on a page without ink). */
  keptInkShare: number;
  /** extract = signature | stamp and no item was kept. Always false for the whole page's ink (extract empty). */
  nothingFound: boolean;
}

export interface CleanResult {
  image: RgbaImage;
  /** What the result holds of what was asked (counted before any crop). */
  found: FoundInk;
  /** Name of the engine that produced the class map (e.g. "classical", "model:inkseg-v17"). */
  engine: string;
  /**
   * The sheet the ink was taken from, when the image is a photo of a sheet on a desk; null for a flat
   * scan or a tight crop (no sheet edge: the whole image is the page). Outside it everything is transparent.
   */
  sheet: SheetOutline | null;
  /** Whether the result was straightened to the sheet's rectangle (asked with `flatten` and a sheet was found). */
  flattened: boolean;
  /** Offset of the returned image within the input when cropped. */
  crop?: { left: number; top: number; width: number; height: number };
  /** Milliseconds spent per pipeline stage (performance.now()), e.g. paper, alpha, classify, refine, lines, compose, crop, total. */
  timings: Record<string, number>;
}

/**
 * Per pixel of the flattened page: the ink deficit `255 − min(R, G, B)` (what colour-to-alpha
 * measures; coloured ink shows in its darkest channel) and the luminance deficit `255 − Y` (a yellow
 * stain is deep in blue only, grey ink in all three). Transparent pixels are paper (0, 0).
 */
export interface InkFeatures {
  width: number;
  height: number;
  deficit: Uint8Array;
  lumaDeficit: Uint8Array;
}

/** The learned ink/paper decision of a flattened page: 1 = ink per pixel, with the features it was made from. */
export interface InkSeparation {
  features: InkFeatures;
  ink: Uint8Array;
  /** On a blurred photo, 1 where the decision thinned a stroke's rim away (blurredStrokes.ts): paper, though dark. */
  thinnedRims?: Uint8Array;
  /** On a blurred photo, the capture's blur in pixels (captureBlur), which the rims are read at (blurredRims.ts). */
  blur?: number;
  /** On a flat page read by the edge step (edgeStep.ts), the pixels it kept as ink, in raster order: at least half covered. */
  edgeKept?: Int32Array;
}
