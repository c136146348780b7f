/**
 * Cuts real ink out of a real scan by its pixel mask: each group of masked ink (a stamp impression,
 * a signature) becomes an RGBA cut-out whose colour is the ink as it would print on white paper (the
 * scan divided by the paper around it) and whose alpha is the mask. The generator multiplies such a
 * cut-out onto its own paper (src/synth/realInk.ts), so the real ink keeps its own colour, texture,
 * dropouts and stroke dynamics.
 */
import type { RgbaImage } from '../../core/shared/types';

export interface InkCutout {
  /** The cut-out's box in the scan (pixels). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** RGBA, width × height: ink colour against white, alpha 255 on masked ink, 0 elsewhere. */
  rgba: Uint8ClampedArray;
  /** Masked ink pixels in it. */
  inkPixels: number;
}

export interface CutOutOptions {
  /** Ink closer than this (pixels) belongs to one cut-out: the gap between a stamp's rings or a signature's strokes. */
  groupDistance: number;
  /** Fewer masked pixels than this: a speck, not a stamp or a signature. */
  minInkPixels: number;
  /** Transparent border around the ink (pixels), so a resampled cut-out keeps its soft edge. */
  margin: number;
}

/** Groups of masked cells: 8-connected components on a grid of `cell`-pixel cells holding any ink. */
function groupCells(mask: Uint8Array, width: number, height: number, cell: number): { cols: number; rows: number; label: Int32Array; groups: number } {
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const inked = new Uint8Array(cols * rows);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) if (mask[y * width + x]) inked[row + Math.floor(x / cell)] = 1;
  }
  const label = new Int32Array(cols * rows).fill(-1);
  let groups = 0;
  const stack: number[] = [];
  for (let start = 0; start < inked.length; start++) {
    if (!inked[start] || label[start] >= 0) continue;
    label[start] = groups;
    stack.push(start);
    while (stack.length > 0) {
      const k = stack.pop()!;
      const cx = k % cols;
      const cy = (k - cx) / cols;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= cols || ny >= rows) continue;
          const n = ny * cols + nx;
          if (inked[n] && label[n] < 0) {
            label[n] = groups;
            stack.push(n);
          }
        }
      }
    }
    groups++;
  }
  return { cols, rows, label, groups };
}

function median(values: number[]): number {
  if (values.length === 0) return 255;
  values.sort((a, b) => a - b);
  return values[values.length >> 1];
}

/** `mask`: 1 (or any non-zero) where the scan's pixel is the wanted ink, per pixel of `image`. */
export function cutOutInk(image: RgbaImage, mask: Uint8Array, options: CutOutOptions): InkCutout[] {
  const { width, height, data } = image;
  if (mask.length !== width * height) throw new Error(`mask has ${mask.length} pixels, the image ${width * height}`);
  const cell = Math.max(1, Math.round(options.groupDistance));
  const { cols, label, groups } = groupCells(mask, width, height, cell);
  const bounds = Array.from({ length: groups }, () => ({ x0: width, y0: height, x1: -1, y1: -1, ink: 0 }));
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      const b = bounds[label[row + Math.floor(x / cell)]];
      b.ink++;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
      if (y < b.y0) b.y0 = y;
      if (y > b.y1) b.y1 = y;
    }
  }
  const cutouts: InkCutout[] = [];
  for (const b of bounds) {
    if (b.ink < options.minInkPixels) continue;
    const x0 = Math.max(0, b.x0 - options.margin);
    const y0 = Math.max(0, b.y0 - options.margin);
    const x1 = Math.min(width - 1, b.x1 + options.margin);
    const y1 = Math.min(height - 1, b.y1 + options.margin);
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // The paper under the ink: the median colour of the unmasked pixels around it.
    const paperSamples: number[][] = [[], [], []];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * width + x;
        if (mask[p]) continue;
        for (let c = 0; c < 3; c++) paperSamples[c].push(data[p * 4 + c]);
      }
    }
    const paper = paperSamples.map((s) => Math.max(1, median(s)));
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * width + x;
        const o = ((y - y0) * w + (x - x0)) * 4;
        for (let c = 0; c < 3; c++) rgba[o + c] = Math.min(255, Math.round((255 * data[p * 4 + c]) / paper[c]));
        rgba[o + 3] = mask[p] ? 255 : 0;
      }
    }
    cutouts.push({ x: x0, y: y0, width: w, height: h, rgba, inkPixels: b.ink });
  }
  return cutouts;
}
