import { giveBack, pooledFloat32, pooledUint8 } from '../../shared/bufferPool';
import type { InkFeatures } from './features';
import { SEPARATION_OUTPUTS, type SeparationGeometry } from './geometry';
import { axisTaps } from '../../shared/cellInterpolation';
import { localSums, moveLocalSums, type LocalSums, type StrokeThinning } from './blurredStrokes';

/**
 * The ink/paper decision at full resolution. The model answers per 2×2 cells with three coefficients
 * (a, b, c); they are interpolated bilinearly between answer centres to every pixel, which is ink where
 *   (a · deficit/255 + b · lumaDeficit/255) / strength + c > 0,
 * the deficits measured against the page's ink strength as the model's input was (features.ts).
 * The model sets the line between ink and paper locally (lower under faded ink, higher over a stain or
 * bleed-through), the pixel's own darkness decides which side it is on: the decision is learned at
 * model scale and the edges stay those of the full-resolution page.
 * `coefficients` is the model's output [1, 3, inputHeight/2, inputWidth/2]. Returns 1 = ink, 0 = paper.
 * With `thinning` (a blurred photo: blurredStrokes.ts), a pixel must also be ink once its two deficits
 * are sharpened against their local means, so a blurred stroke keeps its sharp width; `thinnedRims`,
 * when given (zeroed, one byte a pixel), is set to 1 where the thinning took a pixel away.
 */
export function decideInk(
  features: InkFeatures,
  g: SeparationGeometry,
  coefficients: ArrayLike<number>,
  dims: readonly number[],
  strength = 1,
  thinning?: StrokeThinning,
  thinnedRims?: Uint8Array,
): Uint8Array {
  const { width, height } = features;
  const [, channels, outHeight, outWidth] = dims;
  const cellsWide = g.answersWide;
  const cellsHigh = g.answersHigh;
  if (channels !== SEPARATION_OUTPUTS || outWidth < cellsWide || outHeight < cellsHigh) {
    throw new RangeError(`ink separation output ${dims.join('×')} does not cover ${cellsWide}×${cellsHigh} answers`);
  }
  const plane = outWidth * outHeight;
  const { first: x0s, second: x1s, weight: fxs } = axisTaps(width, cellsWide);
  const { first: y0s, second: y1s, weight: fys } = axisTaps(height, cellsHigh);
  const rows: DecisionRows = {
    features,
    coefficients,
    outWidth,
    plane,
    cellsWide,
    x0s,
    x1s,
    fxs,
    leastInk: leastInkDeficits(coefficients, outWidth, plane, cellsWide, cellsHigh, strength),
    bias: 255 * strength,
    rowA: new Float32Array(cellsWide),
    rowB: new Float32Array(cellsWide),
    rowC: new Float32Array(cellsWide),
    floorRow: new Float32Array(width),
    floorOf: -1,
    ink: pooledUint8(width * height),
    sums: thinning ? localSums(width, thinning.radius) : null,
    amount: thinning?.amount ?? 0,
    thinnedRims: thinnedRims ?? null,
  };
  for (let y = 0; y < height; y++) decideRow(rows, y, y0s[y], y1s[y], fys[y]);
  giveBack(rows.leastInk);
  return rows.ink;
}

/** What decideInk's rows share: the page, the model's answers and their taps, and the row buffers. */
interface DecisionRows {
  features: InkFeatures;
  coefficients: ArrayLike<number>;
  outWidth: number;
  plane: number;
  cellsWide: number;
  x0s: Int32Array;
  x1s: Int32Array;
  fxs: Float32Array;
  leastInk: Float32Array;
  bias: number;
  /** One row of coefficients, interpolated vertically, then per pixel horizontally. */
  rowA: Float32Array;
  rowB: Float32Array;
  rowC: Float32Array;
  /** Per pixel of a row, the least deficit that may be ink there (the same for the rows between two rows of answers). */
  floorRow: Float32Array;
  floorOf: number;
  ink: Uint8Array;
  /** The deficits' local sums when blurred strokes are thinned, and how strongly (null: not thinned). */
  sums: LocalSums | null;
  amount: number;
  /** Where the thinning took a pixel away (1), when asked. */
  thinnedRims: Uint8Array | null;
}

/** One pixel row's decision (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function decideRow(rows: DecisionRows, y: number, answerRow0: number, answerRow1: number, fy: number): void {
  const { features, coefficients, outWidth, plane, cellsWide, x0s, x1s, fxs, leastInk, bias, rowA, rowB, rowC, floorRow, ink, sums, amount } = rows;
  const { width, deficit, lumaDeficit } = features;
  const r0 = answerRow0 * outWidth;
  const r1 = answerRow1 * outWidth;
  const least = answerRow0 * cellsWide;
  answersBetweenRows(coefficients, plane, r0, r1, fy, rowA, rowB, rowC);
  if (rows.floorOf !== least) {
    for (let x = 0; x < width; x++) floorRow[x] = leastInk[least + x0s[x]];
    rows.floorOf = least;
  }
  for (let x = 0, p = y * width; x < width; x++, p++) {
    const d = deficit[p];
    // Most of a page is paper far below the line: skip the interpolation there.
    if (d < floorRow[x]) continue;
    const k0 = x0s[x];
    const k1 = x1s[x];
    const fx = fxs[x];
    const a = rowA[k0] + (rowA[k1] - rowA[k0]) * fx;
    const b = rowB[k0] + (rowB[k1] - rowB[k0]) * fx;
    const c = rowC[k0] + (rowC[k1] - rowC[k0]) * fx;
    const l = lumaDeficit[p];
    const value = a * d + b * l + c * bias;
    if (value <= 0) continue;
    if (sums !== null && !keepsSharpened(rows, sums, y, x, d, l, a, b, value, amount)) {
      if (rows.thinnedRims !== null) rows.thinnedRims[p] = 1;
      continue;
    }
    ink[p] = 1;
  }
}

/** The answers (a, b, c) of one pixel row: between answer rows r0 and r1 (offsets), weight fy on r1, into the row buffers (float32). */
function answersBetweenRows(coefficients: ArrayLike<number>, plane: number, r0: number, r1: number, fy: number, rowA: Float32Array, rowB: Float32Array, rowC: Float32Array): void {
  for (let cx = 0, cells = rowA.length; cx < cells; cx++) {
    const a0 = coefficients[r0 + cx];
    const b0 = coefficients[plane + r0 + cx];
    const c0 = coefficients[2 * plane + r0 + cx];
    rowA[cx] = a0 + (coefficients[r1 + cx] - a0) * fy;
    rowB[cx] = b0 + (coefficients[plane + r1 + cx] - b0) * fy;
    rowC[cx] = c0 + (coefficients[2 * plane + r1 + cx] - c0) * fy;
  }
}

/**
 * The test on the sharpened deficits d + amount·(d − local mean), one linear step from the plain test's
 * value (the box's packed sums: blurredStrokes.ts).
 */
function keepsSharpened(rows: DecisionRows, sums: LocalSums, y: number, x: number, d: number, l: number, a: number, b: number, value: number, amount: number): boolean {
  if (sums.row !== y) moveLocalSums(sums, rows.features, y);
  const { columns, radius } = sums;
  const x0 = x - radius < 0 ? 0 : x - radius;
  const x1 = x + radius >= columns.length ? columns.length - 1 : x + radius;
  let packed = 0;
  for (let k = x0; k <= x1; k++) packed += columns[k];
  const count = (x1 - x0 + 1) * sums.rowsIn;
  const meanD = (packed % 65536) / count;
  const meanL = Math.floor(packed / 65536) / count;
  return value + amount * (a * (d - meanD) + b * (l - meanL)) > 0;
}

/**
 * Per cell (as the top-left of the four cells a pixel's coefficients are interpolated from): a deficit
 * below which no pixel there can be ink. The luminance deficit lies between 0 and the deficit, so a
 * cell's test is at most (a + max(b, 0))·d + 255·strength·c, negative below d = −255·strength·c / (a + max(b, 0)); the
 * interpolated test is a weighted mean of four such tests, negative below the least of their four bounds.
 */
function leastInkDeficits(coefficients: ArrayLike<number>, outWidth: number, plane: number, cellsWide: number, cellsHigh: number, strength: number): Float32Array {
  const bound = pooledFloat32(cellsWide * cellsHigh);
  for (let cy = 0; cy < cellsHigh; cy++) {
    for (let cx = 0; cx < cellsWide; cx++) {
      const o = cy * outWidth + cx;
      const slope = coefficients[o] + Math.max(0, coefficients[plane + o]);
      const c = coefficients[2 * plane + o];
      bound[cy * cellsWide + cx] = c >= 0 ? 0 : slope <= 0 ? 256 : (-255 * strength * c) / slope;
    }
  }
  const least = pooledFloat32(cellsWide * cellsHigh);
  for (let cy = 0; cy < cellsHigh; cy++) {
    const cy1 = Math.min(cellsHigh - 1, cy + 1);
    for (let cx = 0; cx < cellsWide; cx++) {
      const cx1 = Math.min(cellsWide - 1, cx + 1);
      least[cy * cellsWide + cx] = Math.min(bound[cy * cellsWide + cx], bound[cy * cellsWide + cx1], bound[cy1 * cellsWide + cx], bound[cy1 * cellsWide + cx1]);
    }
  }
  giveBack(bound);
  return least;
}

/**
 * decideInk's value at single pixels of a row, (a · deficit/255 + b · lumaDeficit/255) / strength + c
 * (> 0 for ink), for the edge step, which reads it where the decision is least sure. `row(y)` readies a
 * row (the answers interpolated between two rows, rounded to float32 as decideInk's row buffers are),
 * `at(x, deficit, lumaDeficit)` then interpolates between two columns, so its sign is decideInk's.
 */
export interface DecisionValues {
  row(y: number): void;
  at(x: number, deficit: number, lumaDeficit: number): number;
}

export function decisionValues(
  width: number,
  height: number,
  g: SeparationGeometry,
  coefficients: ArrayLike<number>,
  dims: readonly number[],
  strength = 1,
): DecisionValues {
  const outWidth = dims[3];
  const plane = outWidth * dims[2];
  const cellsWide = g.answersWide;
  const { first: x0s, second: x1s, weight: fxs } = axisTaps(width, cellsWide);
  const { first: y0s, second: y1s, weight: fys } = axisTaps(height, g.answersHigh);
  const bias = 255 * strength;
  const rowA = new Float32Array(cellsWide);
  const rowB = new Float32Array(cellsWide);
  const rowC = new Float32Array(cellsWide);
  return {
    row(y) {
      const r0 = y0s[y] * outWidth;
      const r1 = y1s[y] * outWidth;
      answersBetweenRows(coefficients, plane, r0, r1, fys[y], rowA, rowB, rowC);
    },
    at(x, d, l) {
      const k0 = x0s[x];
      const k1 = x1s[x];
      const fx = fxs[x];
      const a = rowA[k0] + (rowA[k1] - rowA[k0]) * fx;
      const b = rowB[k0] + (rowB[k1] - rowB[k0]) * fx;
      const c = rowC[k0] + (rowC[k1] - rowC[k0]) * fx;
      return (a * d + b * l + c * bias) / bias;
    },
  };
}
