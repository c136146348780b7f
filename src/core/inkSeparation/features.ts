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
  if (!words) {
    for (let p = 0, i = 0; p < n; p++, i += 4) {
      if (data[i + 3] === 0) continue;
      deficit[p] = 255 - Math.min(data[i], data[i + 1], data[i + 2]);
      lumaDeficit[p] = 255 - ((data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8);
    }
    return { width, height, deficit, lumaDeficit };
  }
  // Branch-free minimum, as in inkAlpha.ts: which channel is darkest changes from pixel to pixel.
  for (let p = 0; p < n; p++) {
    const v = words[p];
    if (v >>> 24 === 0) continue;
    const r = v & 255;
    const g = (v >>> 8) & 255;
    const b = (v >>> 16) & 255;
    let d = r - g;
    const rg = g + (d & (d >> 31));
    d = rg - b;
    deficit[p] = 255 - (b + (d & (d >> 31)));
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
  for (let cy = 0; cy < g.cellsHigh; cy++) {
    const y0 = ys.start[cy];
    const y1 = ys.end[cy];
    const o = cy * g.inputWidth;
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
          hi = d > hi ? d : hi;
          lo = d < lo ? d : lo;
        }
      }
      const scale = 1 / ((y1 - y0) * (x1 - x0) * 255);
      out[o + cx] = sd * scale;
      out[plane + o + cx] = sl * scale;
      out[2 * plane + o + cx] = hi / 255;
      out[3 * plane + o + cx] = lo / 255;
    }
  }
  return out;
}
