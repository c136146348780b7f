/**
 * The built real dataset's index (`<out>/index.json`, written by `npm run data:real`), read by the
 * real evaluation and the training scripts. One contract for both sides: the builder writes exactly
 * this shape, readers trust nothing else.
 *
 * Layout of a build folder (default models/.cache/real, gitignored):
 *   index.json
 *   <kind>/<set>/<page>.png        the page as 8-bit RGB PNG (converted from the source's format)
 *   <kind>/<set>/<page>.truth.png  8-bit grey PNG of the same size: 255 = ink, 0 = paper (binary)
 *   inkClasses/<set>/<page>.stamp.png      255 = stamp ink (StaVer's pixel mask)
 *   inkClasses/<set>/<page>.signature.png  255 = signature ink (StaVerGt label 7)
 *   inkClasses/<set>/<page>.labels.png     the StaVerGt label map resampled to the page's size
 *   sheetPhotos/<set>/<page>.jpg           a phone photo of a sheet, the source's bytes unchanged (pixels as stored, no EXIF rotation)
 *   sheetPhotos/<set>/corners.json         { "<page>": the sheet's corners } (as `sheetCorners` in the index)
 *   desks/<photo>.jpg                      a photo of a desk or floor without paper, the source's bytes unchanged (index `desks`)
 * Signature boxes, sheet corners and the "has no signature / no stamp" facts live in the index itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What a set's truth says: `paper` = every ink pixel vs paper (binarization benchmarks);
 * `inkClasses` = which ink is which (StaVer's stamp-ink masks, StaVerGt's label maps); `signatureBoxes` =
 * where the signatures lie (Tobacco800 boxes) and which pages have none; `sheetPhotos` = where the
 * document sheet lies in a photo (its four corners). Each page says which truths it has.
 */
export type TruthKind = 'paper' | 'inkClasses' | 'signatureBoxes' | 'sheetPhotos';

/** The ink sets' kinds (what the stamp and signature evaluation reads). */
export const INK_TRUTH_KINDS: readonly TruthKind[] = ['inkClasses', 'signatureBoxes'];

/**
 * A sheet's four corners in the photo's pixels as stored (x right, y down): clockwise on screen from
 * the corner with the smallest x + y. A corner may lie outside the frame.
 */
export type SheetCornerList = [[number, number], [number, number], [number, number], [number, number]];

/** A box in page pixels: left, top, right, bottom; right and bottom exclusive. */
export type PixelBox = [number, number, number, number];

/** Whether a page's boxes are one box covering the whole page (a page of signatures only, built with `pageIsBox`). */
export function isWholePageBox(boxes: readonly PixelBox[] | undefined, width: number, height: number): boolean {
  return boxes?.length === 1 && boxes[0][0] <= 0 && boxes[0][1] <= 0 && boxes[0][2] >= width && boxes[0][3] >= height;
}

/** StaVerGt's label values (grey levels of LabelAllInOne.png). */
export const STAVERGT_LABELS = {
  text: 0, boldText: 1, graphics: 2, logo: 3, stamp: 4, headers: 5, headline: 6, signature: 7, noise: 8, background: 255,
} as const;

/**
 * Who may look at a page: `train` = training and tuning; `val` = the own held-out pages of a training
 * set (choose on them, never fit); `report` = figures only, never trained, tuned or chosen on.
 */
export type PageSplit = 'train' | 'val' | 'report';

export interface IndexedPage {
  id: string;
  split: PageSplit;
  /** Paths relative to the build folder. */
  image: string;
  /** All ink vs paper, 255 = ink: every paper page; an inkClasses page with a label map (label ≠ 255). */
  truth?: string;
  width: number;
  height: number;
  /** 255 = stamp ink (StaVer's pixel mask). */
  stampInk?: string;
  /** 255 = signature ink (StaVerGt label 7); present only when the page has some. */
  signatureInk?: string;
  /** The label map at the page's size (values as STAVERGT_LABELS). */
  labels?: string;
  /** Where the page's signatures lie. */
  signatureBoxes?: PixelBox[];
  /** Whether every signature of the page is inside a box (so kept ink outside them is a leak). */
  signatureBoxesComplete?: boolean;
  /** Known to have (true) or to have no (false) signature; absent = unknown. */
  hasSignature?: boolean;
  /** Known to have (true) or to have no (false) stamp; absent = unknown. */
  hasStamp?: boolean;
  /** sheetPhotos: the document sheet's corners. */
  sheetCorners?: SheetCornerList;
}

export interface IndexedSet {
  /** Short stable name, e.g. "dibco2012". */
  name: string;
  /** Human name, e.g. "H-DIBCO 2012". */
  title: string;
  kind: TruthKind;
  /** "owner/name@commit" of the source repository (two joined by " + " when a second one gives labels). */
  source: string;
  licence: string;
  pages: IndexedPage[];
}

export interface MissingFile {
  set: string;
  page: string;
  path: string;
  reason: string;
}

/** Photos of desks and floors without paper (deskPhotos sets), for generated photos' backgrounds. */
export interface IndexedDeskSet {
  name: string;
  title: string;
  source: string;
  licence: string;
  /** Each photo as a page: `image` under desks/, split `train`. */
  photos: IndexedPage[];
}

export interface DatasetIndex {
  version: 1;
  builtAt: string;
  sets: IndexedSet[];
  missing: MissingFile[];
  /** Present when a deskPhotos set was built. */
  desks?: IndexedDeskSet[];
}

export const DEFAULT_REAL_DATA_DIR = 'models/.cache/real';

export function readDatasetIndex(dir = DEFAULT_REAL_DATA_DIR): DatasetIndex {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as DatasetIndex;
  if (index.version !== 1 || !Array.isArray(index.sets)) throw new Error(`${dir}/index.json is not a version-1 real dataset index`);
  return index;
}
