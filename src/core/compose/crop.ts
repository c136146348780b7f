import type { RgbaImage } from '../shared/types';

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Alpha below which a pixel does not extend the content box (faint haze should not widen the crop). */
const CONTENT_ALPHA = 16;

/**
 * Box around the visible ink plus a margin (1% of the long side, at least 4 px), clamped to the image;
 * null when nothing is visible.
 */
export function contentBox(image: RgbaImage): CropBox | null {
  const { width, height, data } = image;
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    let i = y * width * 4 + 3;
    let rowLeft = -1;
    let rowRight = -1;
    for (let x = 0; x < width; x++, i += 4) {
      if (data[i] >= CONTENT_ALPHA) {
        if (rowLeft < 0) rowLeft = x;
        rowRight = x;
      }
    }
    if (rowLeft < 0) continue;
    if (top === height) top = y;
    bottom = y;
    if (rowLeft < left) left = rowLeft;
    if (rowRight > right) right = rowRight;
  }
  if (right < 0) return null;
  const margin = Math.max(4, Math.round(Math.max(width, height) * 0.01));
  const x0 = Math.max(0, left - margin);
  const y0 = Math.max(0, top - margin);
  const x1 = Math.min(width, right + 1 + margin);
  const y1 = Math.min(height, bottom + 1 + margin);
  return { left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}

export function cropImage(image: RgbaImage, box: CropBox): RgbaImage {
  const out = new Uint8ClampedArray(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++) {
    const from = ((box.top + y) * image.width + box.left) * 4;
    out.set(image.data.subarray(from, from + box.width * 4), y * box.width * 4);
  }
  return { width: box.width, height: box.height, data: out };
}
