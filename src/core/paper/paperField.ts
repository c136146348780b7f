import { giveBack, pooledFloat32, pooledUint8Clamped } from '../shared/bufferPool';
import { rgbaWords } from '../shared/pixelWords';
import type { SheetSpans } from '../page/sheet/sheetSpans';
import type { RgbaImage } from '../shared/types';

/**
 * The paper's own colour across the page, at low resolution: one RGB sample per block of
 * `block`×`block` pixels, centred on the block. Shadows, light gradients, colour cast and faint
 * show-through all live here; the ink does not.
 */
export interface PaperField {
  block: number;
  gridWidth: number;
  gridHeight: number;
  /** Paper colour per grid cell, 3 floats (r, g, b) per cell, row-major. */
  rgb: Float32Array;
}

export interface PaperFieldOptions {
  /** Fraction of the block's brightest sampled pixels averaged as its paper colour. */
  brightFraction: number;
  /** Radius in grid cells of the grey closing that removes ink blobs the bright percentile missed. */
  closingRadius: number;
  /** Radius in grid cells of the box blur that smooths the field (applied twice). */
  smoothRadius: number;
}

/** White paper with alpha 0, as one RGBA word (red in the low byte). */
const TRANSPARENT_WHITE = 0x00ffffff;

const DEFAULTS: PaperFieldOptions = { brightFraction: 0.12, closingRadius: 2, smoothRadius: 1 };

/** Block size so that the grid's long side is about 200 cells, never finer than 4 px nor coarser than 32 px. */
export function paperBlockSize(width: number, height: number): number {
  return Math.max(4, Math.min(32, Math.round(Math.max(width, height) / 200)));
}

/**
 * Estimates the paper colour field of an image (see PaperField). With `sheet`, only the sheet's pixels
 * are sampled (a photo's desk is not paper); blocks off the sheet take the nearest sheet block's colour.
 */
export function estimatePaperField(image: RgbaImage, options: Partial<PaperFieldOptions> = {}, sheet?: SheetSpans): PaperField {
  const opts = { ...DEFAULTS, ...options };
  const { width, height } = image;
  const block = paperBlockSize(width, height);
  const gridWidth = Math.ceil(width / block);
  const gridHeight = Math.ceil(height / block);
  const rgb = new Float32Array(gridWidth * gridHeight * 3);
  // Sample every other pixel of large blocks: the paper estimate needs no more.
  const step = block >= 12 ? 2 : 1;
  const histogram = new Uint32Array(256);
  const sampled = new Uint8Array(gridWidth * gridHeight);
  for (let gy = 0; gy < gridHeight; gy++) {
    for (let gx = 0; gx < gridWidth; gx++) {
      const cell = gy * gridWidth + gx;
      sampled[cell] = blockPaper(image, gx * block, gy * block, block, step, opts.brightFraction, histogram, sheet, rgb, cell * 3) ? 1 : 0;
    }
  }
  if (sheet) fillUnsampledBlocks(rgb, sampled, gridWidth, gridHeight);
  const field: PaperField = { block, gridWidth, gridHeight, rgb };
  for (let c = 0; c < 3; c++) {
    const plane = channelPlane(field, c);
    filterPlane(plane, gridWidth, gridHeight, opts.closingRadius, true);
    filterPlane(plane, gridWidth, gridHeight, opts.closingRadius, false);
    boxBlurPlane(plane, gridWidth, gridHeight, opts.smoothRadius);
    boxBlurPlane(plane, gridWidth, gridHeight, opts.smoothRadius);
    for (let k = 0; k < plane.length; k++) rgb[k * 3 + c] = Math.max(1, plane[k]);
    giveBack(plane);
  }
  return field;
}

/**
 * One block's paper colour into `rgb` at `o`: the mean of its brightest `brightFraction` of sampled
 * pixels (on the sheet, with `sheet`). False when the block holds no sampled pixel (a function of
 * its own, optimised per call: see OSR_NOTE in model/tensor.ts).
 */
function blockPaper(
  image: RgbaImage,
  x0: number,
  y0: number,
  block: number,
  step: number,
  brightFraction: number,
  histogram: Uint32Array,
  sheet: SheetSpans | undefined,
  rgb: Float32Array,
  o: number,
): boolean {
  const { width, height, data } = image;
  const x1 = Math.min(width, x0 + block);
  const y1 = Math.min(height, y0 + block);
  histogram.fill(0);
  let count = 0;
  for (let y = y0; y < y1; y += step) {
    const from = sheet ? Math.max(x0, sheet.start[y]) : x0;
    const to = sheet ? Math.min(x1, sheet.end[y]) : x1;
    let i = (y * width + from) * 4;
    for (let x = from; x < to; x += step, i += 4 * step) {
      histogram[(data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8]++;
      count++;
    }
  }
  if (count === 0) return false;
  // Luminance level above which the brightest `brightFraction` of the samples lie.
  const wanted = Math.max(1, Math.round(count * brightFraction));
  let level = 255;
  for (let seen = 0; level > 0; level--) {
    seen += histogram[level];
    if (seen >= wanted) break;
  }
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < y1; y += step) {
    const from = sheet ? Math.max(x0, sheet.start[y]) : x0;
    const to = sheet ? Math.min(x1, sheet.end[y]) : x1;
    let i = (y * width + from) * 4;
    for (let x = from; x < to; x += step, i += 4 * step) {
      if ((data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8 >= level) {
        r += data[i];
        g += data[i + 1];
        b += data[i + 2];
        n++;
      }
    }
  }
  rgb[o] = r / n;
  rgb[o + 1] = g / n;
  rgb[o + 2] = b / n;
  return true;
}

/** Blocks with no sheet pixel take the colour of the nearest sampled block (grown ring by ring). */
function fillUnsampledBlocks(rgb: Float32Array, sampled: Uint8Array, w: number, h: number): void {
  let frontier: number[] = [];
  for (let k = 0; k < sampled.length; k++) if (sampled[k]) frontier.push(k);
  if (frontier.length === 0) {
    rgb.fill(255);
    return;
  }
  while (frontier.length > 0) {
    const next: number[] = [];
    for (let f = 0; f < frontier.length; f++) {
      const k = frontier[f];
      const x = k % w;
      // Right, left, below, above: the order decides which neighbour's colour a block takes.
      if (x + 1 < w) takeColour(rgb, sampled, k, k + 1, next);
      if (x > 0) takeColour(rgb, sampled, k, k - 1, next);
      if (k + w < w * h) takeColour(rgb, sampled, k, k + w, next);
      if (k >= w) takeColour(rgb, sampled, k, k - w, next);
    }
    frontier = next;
  }
}

function takeColour(rgb: Float32Array, sampled: Uint8Array, from: number, to: number, next: number[]): void {
  if (sampled[to]) return;
  sampled[to] = 1;
  rgb[to * 3] = rgb[from * 3];
  rgb[to * 3 + 1] = rgb[from * 3 + 1];
  rgb[to * 3 + 2] = rgb[from * 3 + 2];
  next.push(to);
}

function channelPlane(field: PaperField, channel: number): Float32Array {
  const plane = pooledFloat32(field.gridWidth * field.gridHeight);
  for (let k = 0; k < plane.length; k++) plane[k] = field.rgb[k * 3 + channel];
  return plane;
}

/**
 * Separable running max (or min) over a (2r+1)² window, in place. Each pass is a function per row
 * (optimised per call: see OSR_NOTE in model/tensor.ts).
 */
function filterPlane(plane: Float32Array, w: number, h: number, r: number, takeMax: boolean): void {
  if (r <= 0) return;
  const tmp = pooledFloat32(plane.length);
  for (let y = 0; y < h; y++) extremeAlongRow(plane, tmp, y * w, w, r, takeMax);
  for (let y = 0; y < h; y++) extremeAcrossRows(tmp, plane, y, w, h, r, takeMax);
  giveBack(tmp);
}

function extremeAlongRow(from: Float32Array, to: Float32Array, rowStart: number, w: number, r: number, takeMax: boolean): void {
  for (let x = 0; x < w; x++) {
    let v = from[rowStart + x];
    const last = rowStart + Math.min(w - 1, x + r);
    for (let i = rowStart + Math.max(0, x - r); i <= last; i++) {
      const u = from[i];
      if (takeMax ? u > v : u < v) v = u;
    }
    to[rowStart + x] = v;
  }
}

function extremeAcrossRows(from: Float32Array, to: Float32Array, y: number, w: number, h: number, r: number, takeMax: boolean): void {
  const firstRow = Math.max(0, y - r);
  const lastRow = Math.min(h - 1, y + r);
  for (let x = 0; x < w; x++) {
    let v = from[y * w + x];
    for (let yy = firstRow; yy <= lastRow; yy++) {
      const u = from[yy * w + x];
      if (takeMax ? u > v : u < v) v = u;
    }
    to[y * w + x] = v;
  }
}

/** Separable box mean over a (2r+1)² window (clipped at the borders), in place; a function per row as above. */
function boxBlurPlane(plane: Float32Array, w: number, h: number, r: number): void {
  if (r <= 0) return;
  const tmp = pooledFloat32(plane.length);
  for (let y = 0; y < h; y++) meanAlongRow(plane, tmp, y * w, w, r);
  for (let y = 0; y < h; y++) meanAcrossRows(tmp, plane, y, w, h, r);
  giveBack(tmp);
}

function meanAlongRow(from: Float32Array, to: Float32Array, rowStart: number, w: number, r: number): void {
  for (let x = 0; x < w; x++) {
    const first = Math.max(0, x - r);
    const last = Math.min(w - 1, x + r);
    let s = 0;
    for (let xx = first; xx <= last; xx++) s += from[rowStart + xx];
    to[rowStart + x] = s / (last - first + 1);
  }
}

function meanAcrossRows(from: Float32Array, to: Float32Array, y: number, w: number, h: number, r: number): void {
  const firstRow = Math.max(0, y - r);
  const lastRow = Math.min(h - 1, y + r);
  for (let x = 0; x < w; x++) {
    let s = 0;
    for (let yy = firstRow; yy <= lastRow; yy++) s += from[yy * w + x];
    to[y * w + x] = s / (lastRow - firstRow + 1);
  }
}

/**
 * Divides the image by the paper field (bilinear between block centres), so the paper becomes white
 * and the ink keeps its colour relative to the paper. Input alpha is carried over. With `sheet`,
 * every pixel off the sheet is transparent paper (white, alpha 0) instead: a photo's desk is never
 * ink, and is not worth dividing.
 */
export function flattenAgainstPaper(image: RgbaImage, field: PaperField, sheet?: SheetSpans): RgbaImage {
  const { width, height, data } = image;
  const { block, gridWidth, gridHeight, rgb } = field;
  const out = pooledUint8Clamped(data.length);
  const words = rgbaWords(out, width * height);
  const clearPaper = (from: number, to: number): void => {
    if (words) words.fill(TRANSPARENT_WHITE, from, to);
    else for (let i = from * 4; i < to * 4; i += 4) out[i] = out[i + 1] = out[i + 2] = 255;
  };
  // Horizontal interpolation is the same on every row: precompute the cells and weights.
  const x0s = new Int32Array(width);
  const fxs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const gx = Math.min(gridWidth - 1, Math.max(0, (x + 0.5) / block - 0.5));
    const x0 = Math.min(gridWidth - 2, Math.floor(gx));
    x0s[x] = Math.max(0, x0);
    fxs[x] = gridWidth > 1 ? gx - Math.max(0, x0) : 0;
  }
  const stride = gridWidth > 1 ? 3 : 0;
  // One row of the field's reciprocal (255 / paper), interpolated vertically.
  const row = new Float32Array(gridWidth * 3);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(gridHeight - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.max(0, Math.min(gridHeight - 2, Math.floor(gy)));
    const y1 = Math.min(gridHeight - 1, y0 + 1);
    const fy = gridHeight > 1 ? gy - y0 : 0;
    for (let k = 0; k < gridWidth * 3; k++) {
      const a = rgb[y0 * gridWidth * 3 + k];
      const b = rgb[y1 * gridWidth * 3 + k];
      row[k] = 255 / (a + (b - a) * fy);
    }
    const first = sheet ? sheet.start[y] : 0;
    const end = sheet ? sheet.end[y] : width;
    if (sheet) {
      clearPaper(y * width, y * width + first);
      clearPaper(y * width + Math.max(first, end), (y + 1) * width);
    }
    let i = (y * width + first) * 4;
    // Per span of pixels between the same two block centres: its ends read once (the same values
    // and differences as per pixel), only the weight changes along the span.
    for (let x = first; x < end; ) {
      const cell = x0s[x];
      const o = cell * 3;
      const r0 = row[o];
      const g0 = row[o + 1];
      const b0 = row[o + 2];
      const dr = row[o + stride] - r0;
      const dg = row[o + 1 + stride] - g0;
      const db = row[o + 2 + stride] - b0;
      for (; x < end && x0s[x] === cell; x++, i += 4) {
        const f = fxs[x];
        out[i] = data[i] * (r0 + dr * f);
        out[i + 1] = data[i + 1] * (g0 + dg * f);
        out[i + 2] = data[i + 2] * (b0 + db * f);
        out[i + 3] = data[i + 3];
      }
    }
  }
  return { width, height, data: out };
}
