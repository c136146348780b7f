import { percentile } from '../inkAlpha';
import type { InkFeatures } from './features';

/**
 * A camera's blur widens every stroke: the decision, made on a pixel's own darkness, keeps the blurred
 * rim, while the ink's true edge lies where the blurred profile crosses its local mean (a blurred step
 * is symmetric about its edge). On a blurred photo the decision is therefore also made on the
 * sharpened deficits d + amount·(d − mean over a box of `radius`), and a pixel stays ink only if both
 * say so: thinning only, never new ink (the sharpening would also lift paper noise). Scans keep their
 * strokes as scanned: the human truth of real scans (DIBCO) counts a scanner's soft rim as ink.
 */
export interface StrokeThinning {
  radius: number;
  amount: number;
}

/** Below this blur (px, as `captureBlur` reads it) a photo is sharp: pixel-aligned and anti-aliased steps read 0.55–0.8. */
export const BLURRED_CAPTURE = 0.85;
/** The box's radius per pixel of blur, and how strongly the deficits are sharpened (chosen on the generated val photos). */
const RADIUS_PER_BLUR = 1;
const SHARPENING = 32;

/** The thinning a page needs: only for a photo of a sheet whose strokes are blurred. */
export function strokeThinning(blur: number): StrokeThinning | undefined {
  if (!(blur >= BLURRED_CAPTURE)) return undefined;
  return { radius: Math.max(1, Math.round(RADIUS_PER_BLUR * blur)), amount: SHARPENING };
}

/** About this many rows and as many columns are read by `captureBlur` (at least every LEAST_STEP-th); an edge's contrast is read EDGE_REACH px each side. */
const LINES = 300;
const LEAST_STEP = 3;
const EDGE_REACH = 4;

/**
 * The capture's blur in pixels (a Gaussian's sigma), read from the page's strong ink edges: along
 * evenly spaced rows and columns, at each local maximum of the one-pixel step |d(k) − d(k−1)| whose
 * contrast across the edge (EDGE_REACH px each side) is at least `minContrast`. A step edge of contrast
 * C blurred by s has its largest one-pixel step C·erf(1 / (2√2·s)); inverted per edge, the median over
 * edges (0 when there is none). Thin strokes read a little sharper than they are (their contrast is
 * not reached), which only makes the thinning more careful.
 */
export function captureBlur(features: InkFeatures, minContrast: number): number {
  const { width, height, deficit } = features;
  const histogram = new Uint32Array(BLUR_BINS);
  const step = Math.max(LEAST_STEP, Math.round(Math.max(width, height) / LINES));
  let edges = 0;
  for (let y = 0; y < height; y += step) edges += edgeBlurs(deficit.subarray(y * width, (y + 1) * width), width, minContrast, histogram);
  const column = new Uint8Array(height);
  for (let x = 0; x < width; x += step) {
    for (let y = 0, p = x; y < height; y++, p += width) column[y] = deficit[p];
    edges += edgeBlurs(column, height, minContrast, histogram);
  }
  return edges === 0 ? 0 : percentile(histogram, edges, 0.5) / BINS_PER_PIXEL;
}

/** Blur estimates are counted in bins of 1/BINS_PER_PIXEL px up to BLUR_BINS/BINS_PER_PIXEL px. */
const BINS_PER_PIXEL = 100;
const BLUR_BINS = 8 * BINS_PER_PIXEL;

/** One line of deficits (n pixels): each strong edge's blur into the histogram; returns how many were counted. */
function edgeBlurs(line: Uint8Array, n: number, minContrast: number, histogram: Uint32Array): number {
  let counted = 0;
  let before = 0;
  let step = line[EDGE_REACH] - line[EDGE_REACH - 1];
  for (let k = EDGE_REACH; k + EDGE_REACH < n; k++) {
    // The step between k−1 and k: an edge where it is a local maximum, with room for its contrast.
    const after = line[k + 1] - line[k];
    const size = step < 0 ? -step : step;
    if (size !== 0 && size >= (before < 0 ? -before : before) && size > (after < 0 ? -after : after)) {
      let lo = 255;
      let hi = 0;
      for (let j = k - EDGE_REACH; j < k + EDGE_REACH; j++) {
        const v = line[j];
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      const share = size / (hi - lo);
      if (hi - lo >= minContrast && share < 0.999) {
        const sigma = 1 / (2 * Math.SQRT2 * inverseErf(share));
        histogram[Math.min(BLUR_BINS - 1, Math.round(sigma * BINS_PER_PIXEL))]++;
        counted++;
      }
    }
    before = step;
    step = after;
  }
  return counted;
}

/** erf⁻¹(x) for 0 ≤ x < 1 (Giles' single-precision approximation). */
function inverseErf(x: number): number {
  let w = -Math.log((1 - x) * (1 + x));
  let p: number;
  if (w < 5) {
    w -= 2.5;
    p = 2.81022636e-8;
    for (const c of CENTRAL) p = c + p * w;
  } else {
    w = Math.sqrt(w) - 3;
    p = -0.000200214257;
    for (const c of TAIL) p = c + p * w;
  }
  return p * x;
}
const CENTRAL = [3.43273939e-7, -3.5233877e-6, -4.39150654e-6, 0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941];
const TAIL = [0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682];

/**
 * The two deficits' sums over a (2·radius + 1)² box (clipped at the page's border), row by row as the
 * decision asks for them: per column, the sums over the box's rows, moved down as the rows advance,
 * both packed in one word (deficit in the low 16 bits, luminance deficit in the high 16: a box of up
 * to MAX_RADIUS holds at most 15² · 255 < 2¹⁶ of each), so one addition moves both. The decision adds
 * the words of a pixel's box columns itself (inkDecision.ts), only where a pixel asks.
 */
export interface LocalSums {
  radius: number;
  /** Per column, the packed sums over the box's rows of the row last moved to. */
  columns: Uint32Array;
  /** The row the column sums are for (−1: none yet), and how many rows its box holds. */
  row: number;
  rowsIn: number;
}

const MAX_RADIUS = 7;

export function localSums(width: number, radius: number): LocalSums {
  return { radius: Math.min(MAX_RADIUS, radius), columns: new Uint32Array(width), row: -1, rowsIn: 0 };
}

/** Moves the column sums to the box around row y. */
export function moveLocalSums(sums: LocalSums, features: InkFeatures, y: number): void {
  const { width, height, deficit, lumaDeficit } = features;
  const { radius, columns } = sums;
  const wantFirst = Math.max(0, y - radius);
  const wantLast = Math.min(height - 1, y + radius);
  const first = Math.max(0, sums.row - radius);
  const last = Math.min(height - 1, sums.row + radius);
  if (sums.row < 0 || y < sums.row || wantFirst > last) {
    columns.fill(0);
    for (let k = wantFirst; k <= wantLast; k++) addRow(deficit, lumaDeficit, k * width, width, columns);
  } else {
    for (let k = first; k < wantFirst; k++) subtractRow(deficit, lumaDeficit, k * width, width, columns);
    for (let k = last + 1; k <= wantLast; k++) addRow(deficit, lumaDeficit, k * width, width, columns);
  }
  sums.row = y;
  sums.rowsIn = wantLast - wantFirst + 1;
}

function addRow(deficit: Uint8Array, luma: Uint8Array, o: number, width: number, columns: Uint32Array): void {
  for (let x = 0; x < width; x++) columns[x] += deficit[o + x] | (luma[o + x] << 16);
}

function subtractRow(deficit: Uint8Array, luma: Uint8Array, o: number, width: number, columns: Uint32Array): void {
  for (let x = 0; x < width; x++) columns[x] -= deficit[o + x] | (luma[o + x] << 16);
}
