import { sourceSpans } from '../../shared/sourceSpans';

/**
 * Where a page sits in the ink-separation model's input: the page area-reduced so its long side is
 * SEPARATION_LONG_SIDE cells (a cell is 1–4 px of a scan or a photo), padded with paper to a multiple
 * of SEPARATION_INPUT_MULTIPLE. The model answers once per SEPARATION_OUTPUT_STRIDE² cells; the answer
 * is interpolated back to every pixel (see inkDecision.ts), so the decision is made at model scale and
 * the edges at full resolution.
 */
export const SEPARATION_LONG_SIDE = 1024;
export const SEPARATION_OUTPUT_STRIDE = 2;
export const SEPARATION_INPUT_MULTIPLE = 32;
/** Input channels: mean deficit, mean luminance deficit, darkest deficit, lightest deficit per cell. */
export const SEPARATION_CHANNELS = 4;
/** Output channels: per cell the weights of the deficit and the luminance deficit, and the bias. */
export const SEPARATION_OUTPUTS = 3;

export interface SeparationGeometry {
  sourceWidth: number;
  sourceHeight: number;
  /** Cells covering the page (even counts, so the answers cover them exactly). */
  cellsWide: number;
  cellsHigh: number;
  /** The model's answers covering the page: one per SEPARATION_OUTPUT_STRIDE² cells. */
  answersWide: number;
  answersHigh: number;
  /** The model input, the cells padded with paper. */
  inputWidth: number;
  inputHeight: number;
}

export function separationGeometry(sourceWidth: number, sourceHeight: number, longSide = SEPARATION_LONG_SIDE): SeparationGeometry {
  if (!(sourceWidth > 0 && sourceHeight > 0)) throw new RangeError(`empty page ${sourceWidth}×${sourceHeight}`);
  const scale = longSide / Math.max(sourceWidth, sourceHeight);
  const s = SEPARATION_OUTPUT_STRIDE;
  const cellsWide = Math.max(s, Math.round((sourceWidth * scale) / s) * s);
  const cellsHigh = Math.max(s, Math.round((sourceHeight * scale) / s) * s);
  const m = SEPARATION_INPUT_MULTIPLE;
  return {
    sourceWidth,
    sourceHeight,
    cellsWide,
    cellsHigh,
    answersWide: cellsWide / s,
    answersHigh: cellsHigh / s,
    inputWidth: Math.ceil(cellsWide / m) * m,
    inputHeight: Math.ceil(cellsHigh / m) * m,
  };
}

/** Source pixel spans of the cells along both axes (area cells when reducing, one pixel when enlarging). */
export function cellSpans(g: SeparationGeometry): { xs: ReturnType<typeof sourceSpans>; ys: ReturnType<typeof sourceSpans> } {
  return { xs: sourceSpans(g.sourceWidth, g.cellsWide), ys: sourceSpans(g.sourceHeight, g.cellsHigh) };
}
