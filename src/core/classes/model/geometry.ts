/**
 * Where a page sits in the ink model's input. Scale is normalised: every page, whatever its pixel
 * size, is resized so its long side is MODEL_LONG_SIDE (a 12-MP photo and a 1-MP scan of the same
 * form then show the model strokes of the same size), then padded with paper to a multiple of
 * INPUT_MULTIPLE. The model answers at 1/outputStride of its input: OUTPUT_STRIDE for the committed
 * model, and whatever a model's output says it is (`withOutputStride`), so a model file of another
 * stride runs without a code change.
 */
export const MODEL_LONG_SIDE = 1024;
/** The committed model's output stride (its class map has a cell per OUTPUT_STRIDE² model pixels). */
export const OUTPUT_STRIDE = 2;
/** The scaled page's sides are multiples of this, so any output stride up to it tiles the page. */
export const SCALED_MULTIPLE = 4;
export const INPUT_MULTIPLE = 32;
export const MODEL_CHANNELS = 4;

export interface ModelGeometry {
  /** The page's size in pixels. */
  sourceWidth: number;
  sourceHeight: number;
  /** The page resized to the model's scale (multiples of SCALED_MULTIPLE). */
  scaledWidth: number;
  scaledHeight: number;
  /** The model input, the scaled page padded with paper (multiples of INPUT_MULTIPLE). */
  inputWidth: number;
  inputHeight: number;
  /** Model pixels per class-map cell along each side. */
  outputStride: number;
  /** The class map's size: the output cells that cover the scaled page (no padding). */
  mapWidth: number;
  mapHeight: number;
}

function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

export function modelGeometry(sourceWidth: number, sourceHeight: number, longSide = MODEL_LONG_SIDE, outputStride = OUTPUT_STRIDE): ModelGeometry {
  if (!(sourceWidth > 0 && sourceHeight > 0)) throw new RangeError(`empty page ${sourceWidth}×${sourceHeight}`);
  const scale = longSide / Math.max(sourceWidth, sourceHeight);
  const scaledWidth = Math.max(SCALED_MULTIPLE, Math.round((sourceWidth * scale) / SCALED_MULTIPLE) * SCALED_MULTIPLE);
  const scaledHeight = Math.max(SCALED_MULTIPLE, Math.round((sourceHeight * scale) / SCALED_MULTIPLE) * SCALED_MULTIPLE);
  return withOutputStride(
    { sourceWidth, sourceHeight, scaledWidth, scaledHeight, inputWidth: roundUp(scaledWidth, INPUT_MULTIPLE), inputHeight: roundUp(scaledHeight, INPUT_MULTIPLE), outputStride, mapWidth: 0, mapHeight: 0 },
    outputStride,
  );
}

/** The same page placement with the class map at another output stride (1, 2 or 4). */
export function withOutputStride(geometry: ModelGeometry, outputStride: number): ModelGeometry {
  if (!(outputStride >= 1 && SCALED_MULTIPLE % outputStride === 0)) throw new RangeError(`output stride ${outputStride} does not divide ${SCALED_MULTIPLE}`);
  return { ...geometry, outputStride, mapWidth: geometry.scaledWidth / outputStride, mapHeight: geometry.scaledHeight / outputStride };
}

/** The stride a model's output [.., h, w] has over this input, or an error when it fits no stride. */
export function outputStrideOf(dims: readonly number[], geometry: ModelGeometry): number {
  const outHeight = dims[dims.length - 2];
  const outWidth = dims[dims.length - 1];
  const stride = geometry.inputHeight / outHeight;
  if (!Number.isInteger(stride) || geometry.inputWidth / outWidth !== stride || SCALED_MULTIPLE % stride !== 0) {
    throw new RangeError(`model output ${outWidth}×${outHeight} is no whole stride of the input ${geometry.inputWidth}×${geometry.inputHeight}`);
  }
  return stride;
}
