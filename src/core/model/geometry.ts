/**
 * Where a page sits in the ink model's input. Scale is normalised: every page, whatever its pixel
 * size, is resized so its long side is MODEL_LONG_SIDE (a 12-MP photo and a 1-MP scan of the same
 * form then show the model strokes of the same size), then padded with paper to a multiple of
 * INPUT_MULTIPLE. The model answers at 1/OUTPUT_STRIDE of its input.
 */
export const MODEL_LONG_SIDE = 1024;
export const OUTPUT_STRIDE = 4;
export const INPUT_MULTIPLE = 32;
export const MODEL_CHANNELS = 4;

export interface ModelGeometry {
  /** The page's size in pixels. */
  sourceWidth: number;
  sourceHeight: number;
  /** The page resized to the model's scale (multiples of OUTPUT_STRIDE). */
  scaledWidth: number;
  scaledHeight: number;
  /** The model input, the scaled page padded with paper (multiples of INPUT_MULTIPLE). */
  inputWidth: number;
  inputHeight: number;
  /** The class map's size: the output cells that cover the scaled page (no padding). */
  mapWidth: number;
  mapHeight: number;
}

function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

export function modelGeometry(sourceWidth: number, sourceHeight: number, longSide = MODEL_LONG_SIDE): ModelGeometry {
  if (!(sourceWidth > 0 && sourceHeight > 0)) throw new RangeError(`empty page ${sourceWidth}×${sourceHeight}`);
  const scale = longSide / Math.max(sourceWidth, sourceHeight);
  const scaledWidth = Math.max(OUTPUT_STRIDE, Math.round((sourceWidth * scale) / OUTPUT_STRIDE) * OUTPUT_STRIDE);
  const scaledHeight = Math.max(OUTPUT_STRIDE, Math.round((sourceHeight * scale) / OUTPUT_STRIDE) * OUTPUT_STRIDE);
  return {
    sourceWidth,
    sourceHeight,
    scaledWidth,
    scaledHeight,
    inputWidth: roundUp(scaledWidth, INPUT_MULTIPLE),
    inputHeight: roundUp(scaledHeight, INPUT_MULTIPLE),
    mapWidth: scaledWidth / OUTPUT_STRIDE,
    mapHeight: scaledHeight / OUTPUT_STRIDE,
  };
}

/**
 * Source pixel spans [start, end) for each scaled pixel along one axis: area averaging when
 * shrinking, nearest pixel when enlarging (every span holds at least one pixel).
 */
export function sourceSpans(sourceSize: number, scaledSize: number): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(scaledSize);
  const end = new Int32Array(scaledSize);
  for (let t = 0; t < scaledSize; t++) {
    const s0 = Math.min(sourceSize - 1, Math.floor((t * sourceSize) / scaledSize));
    const s1 = Math.floor(((t + 1) * sourceSize) / scaledSize);
    start[t] = s0;
    end[t] = Math.max(s0 + 1, Math.min(sourceSize, s1));
  }
  return { start, end };
}
