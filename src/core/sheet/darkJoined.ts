import { giveBack, pooledUint8 } from '../bufferPool';
import type { RgbaImage } from '../types';

/** Darkness (255 − the least channel, on the flattened page) from which a pixel counts as dark. */
const DARK = 40;

/**
 * Dark pixels joined to cleared ones (4-connected, through dark pixels) within `reach` pixels of
 * them become transparent paper too, grown from the cleared pixels `seeds`; returns how many. What a
 * cleared region (an object on the page, the desk off the sheet) leaves of its dark edge goes with
 * it; ink beyond the reach stays, however it touches.
 */
export function clearDarkJoined(image: RgbaImage, seeds: readonly number[], reach: number): number {
  if (seeds.length === 0) return 0;
  const { width, height, data } = image;
  const reached = pooledUint8(width * height);
  for (const p of seeds) reached[p] = 1;
  let cleared = 0;
  let front: readonly number[] = seeds;
  for (let step = 1; step <= reach && front.length > 0; step++) {
    const next: number[] = [];
    growOneStep(front, next, reached, data, width, height);
    cleared += next.length;
    front = next;
  }
  giveBack(reached);
  return cleared;
}

/** The dark pixels 4-connected to `front` and not reached yet, cleared and listed in `next` (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function growOneStep(front: readonly number[], next: number[], reached: Uint8Array, data: Uint8ClampedArray, width: number, height: number): void {
  const visit = (q: number): void => {
    if (reached[q]) return;
    reached[q] = 1;
    const o = q * 4;
    if (data[o + 3] === 0 || 255 - Math.min(data[o], data[o + 1], data[o + 2]) < DARK) return;
    data[o] = 255;
    data[o + 1] = 255;
    data[o + 2] = 255;
    data[o + 3] = 0;
    next.push(q);
  };
  for (let k = 0; k < front.length; k++) {
    const p = front[k];
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p < width * (height - 1)) visit(p + width);
  }
}
