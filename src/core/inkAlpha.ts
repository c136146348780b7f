import type { RgbaImage } from './types';

/**
 * Colour-to-alpha against white paper (GIMP/GEGL style). A flattened pixel is
 * `observed = α·ink + (1−α)·white`; its deficit from white is `d = max_c(255 − observed_c)`.
 * Deficits up to `transparentBelow` are paper noise (α = 0); from `opaqueAbove` on the ink is opaque;
 * in between α rises linearly, which keeps anti-aliased edges soft. The ink's own colour is recovered
 * per pixel as `ink_c = 255 − (255 − observed_c)/α`, so re-compositing over white gives the observed
 * pixel back wherever the recovered ink stays in gamut.
 */
export interface AlphaThresholds {
  transparentBelow: number;
  opaqueAbove: number;
}

/** α (0..255) for a deficit d (0..255). */
export function alphaForDeficit(deficit: number, t: AlphaThresholds): number {
  if (deficit <= t.transparentBelow) return 0;
  if (deficit >= t.opaqueAbove) return 255;
  return Math.round(((deficit - t.transparentBelow) * 255) / (t.opaqueAbove - t.transparentBelow));
}

/**
 * Paper noise floor and opacity level of a flattened page, from the histogram of deficits on a
 * subsample of rows. Most pixels of a page are paper: their spread gives the noise floor.
 */
export function estimateAlphaThresholds(flattened: RgbaImage): AlphaThresholds {
  const { width, height, data } = flattened;
  const histogram = new Uint32Array(256);
  const rowStep = Math.max(1, Math.floor(height / 400));
  const colStep = Math.max(1, Math.floor(width / 1000));
  let count = 0;
  for (let y = 0; y < height; y += rowStep) {
    for (let x = 0, i = y * width * 4; x < width; x += colStep, i += 4 * colStep) {
      const m = Math.min(data[i], data[i + 1], data[i + 2]);
      histogram[255 - m]++;
      count++;
    }
  }
  const p50 = percentile(histogram, count, 0.5);
  const p75 = percentile(histogram, count, 0.75);
  // Paper deviations sit below the median plus a few spreads; JPEG and sensor noise need headroom.
  const transparentBelow = Math.max(14, Math.min(70, Math.round(p50 + 3 * Math.max(2, p75 - p50) + 6)));
  const opaqueAbove = Math.min(255, transparentBelow + 110);
  return { transparentBelow, opaqueAbove };
}

function percentile(histogram: Uint32Array, count: number, fraction: number): number {
  const wanted = count * fraction;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v];
    if (seen >= wanted) return v;
  }
  return histogram.length - 1;
}

/** Full-resolution ink alpha of a flattened page (one byte per pixel). */
export function computeInkAlpha(flattened: RgbaImage, t: AlphaThresholds): Uint8Array {
  const { width, height, data } = flattened;
  const lookup = new Uint8Array(256);
  for (let d = 0; d < 256; d++) lookup[d] = alphaForDeficit(d, t);
  const alpha = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < alpha.length; p++, i += 4) {
    const r = data[i];
    const g = data[i + 1];
    const b = data[i + 2];
    const m = r < g ? (r < b ? r : b) : g < b ? g : b;
    alpha[p] = data[i + 3] === 0 ? 0 : lookup[255 - m];
  }
  return alpha;
}

/**
 * Reciprocal table for colour recovery: 255/α for α in 1..255, so that
 * `ink_c = 255 − (255 − observed_c) · inkScale[α]`.
 */
export const inkScale: Float32Array = (() => {
  const table = new Float32Array(256);
  for (let a = 1; a < 256; a++) table[a] = 255 / a;
  return table;
})();
