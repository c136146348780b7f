import { pooledFloat32, pooledUint8 } from '../../shared/bufferPool';
import { rgbaWords, wordDeficit } from '../../shared/pixelWords';
import type { InkFeatures, RgbaImage } from '../../shared/types';
import { SEPARATION_CHANNELS, cellSpans, type SeparationGeometry } from './geometry';

export type { InkFeatures };

/** The features the decision reads (InkFeatures in shared/types.ts), pooled planes. */
export function inkFeatures(flattened: RgbaImage): InkFeatures {
  const { width, height, data } = flattened;
  const n = width * height;
  const deficit = pooledUint8(n);
  const lumaDeficit = pooledUint8(n);
  const words = rgbaWords(data, n);
  if (!words) {
    for (let p = 0, i = 0; p < n; p++, i += 4) {
      if (data[i + 3] === 0) continue;
      deficit[p] = 255 - Math.min(data[i], data[i + 1], data[i + 2]);
      lumaDeficit[p] = 255 - ((data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8);
    }
    return { width, height, deficit, lumaDeficit };
  }
  for (let p = 0; p < n; p++) {
    const v = words[p];
    if (v >>> 24 === 0) continue;
    deficit[p] = wordDeficit(v);
    lumaDeficit[p] = 255 - (((v & 255) * 77 + ((v >>> 8) & 255) * 150 + ((v >>> 16) & 255) * 29) >> 8);
  }
  return { width, height, deficit, lumaDeficit };
}

/** The page's ink strength is taken at this share of its cells, counted from the darkest. */
const STRENGTH_SHARE = 0.005;
/** A page whose ink is fainter than this deficit is not amplified further (blank paper and its noise stay faint). */
export const FAINTEST_STRENGTH = 64;

/**
 * The model's input tensor, float32 NCHW [1, 4, inputHeight, inputWidth], per cell: mean deficit,
 * mean luminance deficit, darkest deficit (a thin stroke survives the reduction) and lightest deficit
 * (the paper left after flattening: a stain or a shadow), each divided by the page's ink strength,
 * so a page written in faded ink reads as one in fresh ink (faint handwriting is kept because it is
 * the page's ink, bleed-through dropped because it is fainter than the page's ink). Padding is paper
 * (0). `strength` (0..1) is the darkest deficit of the page's darkest STRENGTH_SHARE of cells, at
 * least FAINTEST_STRENGTH; the decision divides by it too.
 */
export function separationInput(features: InkFeatures, g: SeparationGeometry): { input: Float32Array; strength: number } {
  if (features.width !== g.sourceWidth || features.height !== g.sourceHeight) throw new RangeError('geometry does not match the page');
  const { xs, ys } = cellSpans(g);
  const out = pooledFloat32(g.inputWidth * g.inputHeight * SEPARATION_CHANNELS);
  const darkest = new Uint32Array(256);
  for (let cy = 0; cy < g.cellsHigh; cy++) reduceCellRow(features, xs, ys.start[cy], ys.end[cy], g, cy * g.inputWidth, out, darkest);
  const strength = pageInkStrength(darkest, g.cellsWide * g.cellsHigh);
  const scale = 1 / strength;
  for (let k = 0; k < out.length; k++) out[k] *= scale;
  return { input: out, strength };
}

/**
 * One row of cells (source rows y0..y1) into the input planes from offset `o`, each cell's darkest
 * deficit counted in `darkest` (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts).
 */
function reduceCellRow(
  features: InkFeatures,
  xs: ReturnType<typeof cellSpans>['xs'],
  y0: number,
  y1: number,
  g: SeparationGeometry,
  o: number,
  out: Float32Array,
  darkest: Uint32Array,
): void {
  const { width, deficit, lumaDeficit } = features;
  const plane = g.inputWidth * g.inputHeight;
  for (let cx = 0; cx < g.cellsWide; cx++) {
    const x0 = xs.start[cx];
    const x1 = xs.end[cx];
    let sd = 0;
    let sl = 0;
    let hi = 0;
    let lo = 255;
    for (let y = y0; y < y1; y++) {
      for (let p = y * width + x0, end = y * width + x1; p < end; p++) {
        const d = deficit[p];
        sd += d;
        sl += lumaDeficit[p];
        // Max and min without branches: which pixel is darkest changes from pixel to pixel.
        let t = hi - d;
        hi -= t & (t >> 31);
        t = d - lo;
        lo += t & (t >> 31);
      }
    }
    const scale = 1 / ((y1 - y0) * (x1 - x0) * 255);
    out[o + cx] = sd * scale;
    out[plane + o + cx] = sl * scale;
    out[2 * plane + o + cx] = hi / 255;
    out[3 * plane + o + cx] = lo / 255;
    darkest[hi]++;
  }
}

/** The darkest deficit of the darkest STRENGTH_SHARE of cells (from their histogram), at least FAINTEST_STRENGTH, as 0..1. */
export function pageInkStrength(darkest: Uint32Array, cells: number): number {
  const wanted = Math.floor(cells * STRENGTH_SHARE);
  let level = 255;
  for (let seen = darkest[255]; level > 0 && seen <= wanted; ) seen += darkest[--level];
  return Math.max(FAINTEST_STRENGTH, level) / 255;
}
