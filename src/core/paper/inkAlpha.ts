import { rgbaWords, wordDeficit } from '../shared/pixelWords';
import type { RgbaImage } from '../shared/types';

/**
 * Colour-to-alpha against white paper (GIMP/GEGL style). A flattened pixel is
 * `observed = α·ink + (1−α)·white`; its deficit from white is `d = max_c(255 − observed_c)`.
 * Deficits up to `transparentBelow` are paper noise (α = 0); α then rises linearly up to the deficit
 * of the nearby ink's core, which keeps anti-aliased edges soft. That core is the darkest deficit
 * within INK_CORE_RADIUS pixels, clamped to [transparentBelow + FAINTEST_INK_SPAN, opaqueAbove]:
 * dark ink ramps over the whole span as a global ramp would, while faint ink (a lightly inked stamp,
 * whose darkest pixel would stay below half opacity on the global ramp) is opaque at its own core.
 * The ink's own colour is recovered per pixel as `ink_c = 255 − (255 − observed_c)/α`, so
 * re-compositing over white gives the observed pixel back wherever the recovered ink stays in gamut.
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
  for (let y = 0; y < height; y += rowStep) count += sampleRowDeficits(data, y * width * 4, width, colStep, histogram);
  const p50 = percentile(histogram, count, 0.5);
  const p75 = percentile(histogram, count, 0.75);
  // Paper deviations sit below the median plus a few spreads; JPEG and sensor noise need headroom.
  const transparentBelow = Math.max(14, Math.min(70, Math.round(p50 + 3 * Math.max(2, p75 - p50) + 6)));
  const opaqueAbove = Math.min(255, transparentBelow + 110);
  return { transparentBelow, opaqueAbove };
}

/** Every `colStep`-th pixel's deficit of one row into the histogram; returns how many (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function sampleRowDeficits(data: Uint8ClampedArray | Uint8Array, start: number, width: number, colStep: number, histogram: Uint32Array): number {
  let count = 0;
  for (let x = 0, i = start; x < width; x += colStep, i += 4 * colStep) {
    const m = Math.min(data[i], data[i + 1], data[i + 2]);
    histogram[255 - m]++;
    count++;
  }
  return count;
}

/** The value below which `fraction` of a histogram's `count` samples fall. */
export function percentile(histogram: Uint32Array, count: number, fraction: number): number {
  const wanted = count * fraction;
  let seen = 0;
  for (let v = 0; v < histogram.length; v++) {
    seen += histogram[v];
    if (seen >= wanted) return v;
  }
  return histogram.length - 1;
}

/** Pixels around a stroke pixel searched for its ink's core: about half a pen stroke's width. */
export const INK_CORE_RADIUS = 3;
/**
 * The faintest ink core is this far above the noise floor. Lower, isolated paper specks just above the
 * floor would turn opaque; higher, faint stamp ink stays translucent (validated with models/ceiling.ts).
 */
export const FAINTEST_INK_SPAN = 55;

/** Full-resolution ink alpha of a flattened page (one byte per pixel). */
export function computeInkAlpha(flattened: RgbaImage, t: AlphaThresholds): Uint8Array {
  const { width, height } = flattened;
  const deficit = deficits(flattened);
  const { transparentBelow: floor, opaqueAbove } = t;
  const faintest = Math.min(opaqueAbove, floor + FAINTEST_INK_SPAN);
  const r = INK_CORE_RADIUS;
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height - 1, y + r);
    for (let x = 0, p = y * width; x < width; x++, p++) {
      const d = deficit[p];
      if (d <= floor) continue;
      if (d >= opaqueAbove) {
        alpha[p] = 255;
        continue;
      }
      // The core, as far as it matters: the darkest deficit around, up to opaqueAbove. Only the
      // pixels between the floor and opaqueAbove (stroke edges, faint ink) ever look: paper never does.
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width - 1, x + r);
      let c = d;
      for (let yy = y0; yy <= y1 && c < opaqueAbove; yy++) {
        for (let k = yy * width + x0, end = yy * width + x1; k <= end; k++) if (deficit[k] > c) c = deficit[k];
      }
      alpha[p] = alphaAgainstCore(d, c, floor, faintest, opaqueAbove);
    }
  }
  return alpha;
}

/**
 * α of a pixel of deficit `d` whose ink core (darkest deficit around) is `core`: linear from the
 * floor up to the core, the core clamped to [faintest, ceiling].
 */
export function alphaAgainstCore(d: number, core: number, floor: number, faintest: number, ceiling: number): number {
  const opaqueAt = core < faintest ? faintest : core > ceiling ? ceiling : core;
  return d >= opaqueAt ? 255 : Math.round(((d - floor) * 255) / (opaqueAt - floor));
}

/** `255 − min(R, G, B)` of pixel `p` of RGBA data (one pixel at a time; `deficits` does a whole page). */
export function pixelDeficit(data: Uint8ClampedArray, p: number): number {
  const i = p * 4;
  const r = data[i];
  const g = data[i + 1];
  const b = data[i + 2];
  return 255 - (r < g ? (r < b ? r : b) : g < b ? g : b);
}

/** `255 − min(R, G, B)` per pixel; 0 where the pixel is transparent. */
function deficits(flattened: RgbaImage): Uint8Array {
  const { data } = flattened;
  const deficit = new Uint8Array(flattened.width * flattened.height);
  const words = rgbaWords(data, deficit.length);
  if (!words) {
    for (let p = 0, i = 0; p < deficit.length; p++, i += 4) {
      const m = Math.min(data[i], data[i + 1], data[i + 2]);
      deficit[p] = data[i + 3] === 0 ? 0 : 255 - m;
    }
    return deficit;
  }
  for (let p = 0; p < deficit.length; p++) {
    const v = words[p];
    deficit[p] = v >>> 24 === 0 ? 0 : wordDeficit(v);
  }
  return deficit;
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
