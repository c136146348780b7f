import { rgbaWords } from '../pixelWords';
import type { RgbaImage } from '../types';
import { SEPARATION_CHANNELS, cellSpans, type SeparationGeometry } from './geometry';

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

export function inkFeatures(flattened: RgbaImage): InkFeatures {
  const { width, height, data } = flattened;
  const n = width * height;
  const deficit = new Uint8Array(n);
  const lumaDeficit = new Uint8Array(n);
  const words = rgbaWords(data, n);
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    let r: number, g: number, b: number, a: number;
    if (words) {
      const v = words[p];
      r = v & 255;
      g = (v >>> 8) & 255;
      b = (v >>> 16) & 255;
      a = v >>> 24;
    } else {
      r = data[i];
      g = data[i + 1];
      b = data[i + 2];
      a = data[i + 3];
    }
    if (a === 0) continue;
    const m = r < g ? (r < b ? r : b) : g < b ? g : b;
    deficit[p] = 255 - m;
    lumaDeficit[p] = 255 - ((r * 77 + g * 150 + b * 29) >> 8);
  }
  return { width, height, deficit, lumaDeficit };
}

/**
 * The model's input tensor, float32 NCHW [1, 4, inputHeight, inputWidth], values 0..1, per cell: mean
 * deficit, mean luminance deficit, darkest deficit (a thin stroke survives the reduction) and lightest
 * deficit (the paper left after flattening: a stain or a shadow). Padding is paper (0).
 */
export function separationInput(features: InkFeatures, g: SeparationGeometry): Float32Array {
  const { width, deficit, lumaDeficit } = features;
  if (width !== g.sourceWidth || features.height !== g.sourceHeight) throw new RangeError('geometry does not match the page');
  const { xs, ys } = cellSpans(g);
  const plane = g.inputWidth * g.inputHeight;
  const out = new Float32Array(plane * SEPARATION_CHANNELS);
  const sumD = new Float64Array(g.cellsWide);
  const sumL = new Float64Array(g.cellsWide);
  const maxD = new Uint8Array(g.cellsWide);
  const minD = new Uint8Array(g.cellsWide);
  const count = new Float64Array(g.cellsWide);
  for (let cy = 0; cy < g.cellsHigh; cy++) {
    sumD.fill(0);
    sumL.fill(0);
    maxD.fill(0);
    minD.fill(255);
    for (let y = ys.start[cy]; y < ys.end[cy]; y++) {
      const row = y * width;
      for (let cx = 0; cx < g.cellsWide; cx++) {
        let sd = 0;
        let sl = 0;
        let hi = maxD[cx];
        let lo = minD[cx];
        for (let p = row + xs.start[cx], end = row + xs.end[cx]; p < end; p++) {
          const d = deficit[p];
          sd += d;
          sl += lumaDeficit[p];
          if (d > hi) hi = d;
          if (d < lo) lo = d;
        }
        sumD[cx] += sd;
        sumL[cx] += sl;
        maxD[cx] = hi;
        minD[cx] = lo;
      }
    }
    const rows = ys.end[cy] - ys.start[cy];
    for (let cx = 0; cx < g.cellsWide; cx++) count[cx] = rows * (xs.end[cx] - xs.start[cx]) * 255;
    const o = cy * g.inputWidth;
    for (let cx = 0; cx < g.cellsWide; cx++) {
      out[o + cx] = sumD[cx] / count[cx];
      out[plane + o + cx] = sumL[cx] / count[cx];
      out[2 * plane + o + cx] = maxD[cx] / 255;
      out[3 * plane + o + cx] = minD[cx] / 255;
    }
  }
  return out;
}
