import type { RgbaImage } from '../types';

/**
 * The image reduced to about `longSide` pixels on its long side (area average), as luminance and
 * two colour differences: enough to see a sheet's edges, cheap at any input size.
 */
export interface LowResolutionImage {
  width: number;
  height: number;
  /** Source pixels per low-resolution pixel, across and down. */
  scaleX: number;
  scaleY: number;
  luma: Float32Array;
  /** Blue minus luminance and red minus luminance: a coloured desk differs from paper here. */
  blueDifference: Float32Array;
  redDifference: Float32Array;
}

/** Luminance (BT.601 weights) of an RGB colour: the brightness the sheet finders compare. */
export function lumaOf(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

export function lowResolution(image: RgbaImage, longSide: number): LowResolutionImage {
  const { width, height } = image;
  const scale = Math.max(1, Math.max(width, height) / longSide);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const n = w * h;
  const rgb = areaAverageRgb(image, w, h, Math.max(1, Math.floor(scale / 3)));
  const luma = new Float32Array(n);
  const blueDifference = new Float32Array(n);
  const redDifference = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const r = rgb[p * 3];
    const g = rgb[p * 3 + 1];
    const b = rgb[p * 3 + 2];
    const y = lumaOf(r, g, b);
    luma[p] = y;
    blueDifference[p] = b - y;
    redDifference[p] = r - y;
  }
  return { width: w, height: h, scaleX: width / w, scaleY: height / h, luma, blueDifference, redDifference };
}

/**
 * The image's mean R, G, B over a grid of w × h cells (interleaved, 0..255; the cells need not keep
 * the image's aspect), sampling every `step`-th row and column. Transparent pixels count as seen over white.
 */
export function areaAverageRgb(image: RgbaImage, w: number, h: number, step = samplingStep(image, w, h)): Float64Array {
  const { width, height, data } = image;
  const n = w * h;
  const sums = new Float64Array(n * 3);
  const counts = new Uint32Array(n);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(w - 1, Math.floor((x * w) / width));
  for (let y = 0; y < height; y += step) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w;
    for (let x = 0, i = y * width * 4; x < width; x += step, i += 4 * step) {
      const p = row + column[x];
      const a = data[i + 3];
      if (a === 255) {
        sums[p * 3] += data[i];
        sums[p * 3 + 1] += data[i + 1];
        sums[p * 3 + 2] += data[i + 2];
      } else {
        // Seen over white: a transparent pixel is paper, whatever colour it stores.
        const paper = 255 - a;
        sums[p * 3] += (data[i] * a) / 255 + paper;
        sums[p * 3 + 1] += (data[i + 1] * a) / 255 + paper;
        sums[p * 3 + 2] += (data[i + 2] * a) / 255 + paper;
      }
      counts[p]++;
    }
  }
  for (let p = 0; p < n; p++) {
    const c = Math.max(1, counts[p]);
    sums[p * 3] /= c;
    sums[p * 3 + 1] /= c;
    sums[p * 3 + 2] /= c;
  }
  return sums;
}

/** Every few rows and columns of a large image (about ten samples per cell): an average needs no more. */
function samplingStep(image: RgbaImage, w: number, h: number): number {
  return Math.max(1, Math.floor(Math.min(image.width / w, image.height / h) / 3));
}
