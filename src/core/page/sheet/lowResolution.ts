import { giveBack, pooledFloat32, pooledFloat64, pooledUint32 } from '../../shared/bufferPool';
import type { RgbaImage } from '../../shared/types';

/**
 * The image reduced to about `longSide` pixels on its long side (area average), as luminance and
 * two colour differences: enough to see a sheet's edges, cheap at any input size. Its planes are
 * pooled: the finder gives them back (giveBackLowResolution) when it is done.
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

export function giveBackLowResolution(image: LowResolutionImage): void {
  giveBack(image.luma, image.blueDifference, image.redDifference);
}

export function lowResolution(image: RgbaImage, longSide: number): LowResolutionImage {
  const { width, height } = image;
  const scale = Math.max(1, Math.max(width, height) / longSide);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const n = w * h;
  const rgb = areaAverageRgb(image, w, h, Math.max(1, Math.floor(scale / 3)));
  const luma = pooledFloat32(n);
  const blueDifference = pooledFloat32(n);
  const redDifference = pooledFloat32(n);
  for (let p = 0; p < n; p++) {
    const r = rgb[p * 3];
    const g = rgb[p * 3 + 1];
    const b = rgb[p * 3 + 2];
    const y = lumaOf(r, g, b);
    luma[p] = y;
    blueDifference[p] = b - y;
    redDifference[p] = r - y;
  }
  giveBack(rgb);
  return { width: w, height: h, scaleX: width / w, scaleY: height / h, luma, blueDifference, redDifference };
}

/**
 * The image's mean R, G, B over a grid of w × h cells (interleaved, 0..255; the cells need not keep
 * the image's aspect), sampling every `step`-th row and column. Transparent pixels count as seen over
 * white. The means are pooled: the caller gives them back.
 */
export function areaAverageRgb(image: RgbaImage, w: number, h: number, step = samplingStep(image, w, h)): Float64Array {
  const { width, height, data } = image;
  const n = w * h;
  const sums = pooledFloat64(n * 3);
  const counts = pooledUint32(n);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(w - 1, Math.floor((x * w) / width));
  // The sampled columns of cell cx are cellStart[cx], + step, … below cellStart[cx + 1] (none when equal).
  const cellStart = new Int32Array(w + 1).fill(-1);
  const lastSampled = Math.floor((width - 1) / step) * step;
  for (let x = lastSampled; x >= 0; x -= step) cellStart[column[x]] = x;
  cellStart[w] = lastSampled + step;
  for (let cx = w - 1; cx >= 0; cx--) if (cellStart[cx] === -1) cellStart[cx] = cellStart[cx + 1];
  const rowSums = new Int32Array(w * 4);
  for (let y = 0; y < height; y += step) {
    const row = Math.min(h - 1, Math.floor((y * h) / height)) * w;
    if (!addOpaqueRow(data, y * width * 4, step, cellStart, w, rowSums)) {
      addSampledRow(data, y * width * 4, width, step, column, row, sums, counts);
      continue;
    }
    for (let cx = 0; cx < w; cx++) {
      const p = row + cx;
      sums[p * 3] += rowSums[cx * 4];
      sums[p * 3 + 1] += rowSums[cx * 4 + 1];
      sums[p * 3 + 2] += rowSums[cx * 4 + 2];
      counts[p] += rowSums[cx * 4 + 3];
    }
  }
  for (let p = 0; p < n; p++) {
    const c = Math.max(1, counts[p]);
    sums[p * 3] /= c;
    sums[p * 3 + 1] /= c;
    sums[p * 3 + 2] /= c;
  }
  giveBack(counts);
  return sums;
}

/**
 * One sampled row's R, G, B sums and sample count per cell into `rowSums`, in integers (so the same
 * as adding each sample to the cell's total); false when a sample is not opaque (that row takes the
 * per-pixel way). A function of its own, optimised per call: see OSR_NOTE in model/tensor.ts.
 */
function addOpaqueRow(data: Uint8ClampedArray, rowStart: number, step: number, cellStart: Int32Array, w: number, rowSums: Int32Array): boolean {
  for (let cx = 0; cx < w; cx++) {
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 255;
    let count = 0;
    for (let x = cellStart[cx], end = cellStart[cx + 1], i = rowStart + 4 * x; x < end; x += step, i += 4 * step) {
      r += data[i];
      g += data[i + 1];
      b += data[i + 2];
      a &= data[i + 3];
      count++;
    }
    if (a !== 255) return false;
    rowSums[cx * 4] = r;
    rowSums[cx * 4 + 1] = g;
    rowSums[cx * 4 + 2] = b;
    rowSums[cx * 4 + 3] = count;
  }
  return true;
}

/** One sampled row's pixels into its cells' sums, each seen over white (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function addSampledRow(data: Uint8ClampedArray, rowStart: number, width: number, step: number, column: Int32Array, row: number, sums: Float64Array, counts: Uint32Array): void {
  for (let x = 0, i = rowStart; x < width; x += step, i += 4 * step) {
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

/** Every few rows and columns of a large image (about ten samples per cell): an average needs no more. */
function samplingStep(image: RgbaImage, w: number, h: number): number {
  return Math.max(1, Math.floor(Math.min(image.width / w, image.height / h) / 3));
}
