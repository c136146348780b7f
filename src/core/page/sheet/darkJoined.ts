import { giveBack, pooledUint8 } from '../../shared/bufferPool';
import type { RgbaImage } from '../../shared/types';

/** Darkness (255 − the least channel, on the flattened page) from which a pixel counts as dark. */
const DARK = 40;

/**
 * Dark pixels joined to cleared ones (4-connected, through dark pixels) within `reach` pixels of
 * them become transparent paper too, grown from the cleared pixels `seeds`; returns how many. What a
 * cleared region (an object on the page, the desk off the sheet) leaves of its dark edge goes with
 * it; ink beyond the reach stays, however it touches. With `clearSeeds` the seeds are dark pixels to
 * clear themselves (a strip along the frame) and are counted.
 */
export function clearDarkJoined(image: RgbaImage, seeds: readonly number[], reach: number, clearSeeds = false): number {
  if (seeds.length === 0) return 0;
  const cleared = clearSeeds ? seeds.filter((p) => clearPixel(image.data, p)).length : 0;
  return cleared + walkDarkJoined(image, seeds, reach, true).reached;
}

/** How many dark pixels joined to `seeds` lie just beyond `reach` of them (at step reach + 1); the image is not changed. */
export function darkJoinedBeyond(image: RgbaImage, seeds: readonly number[], reach: number): number {
  if (seeds.length === 0) return 0;
  return walkDarkJoined(image, seeds, reach + 1, false).lastFront;
}

function walkDarkJoined(image: RgbaImage, seeds: readonly number[], steps: number, clear: boolean): { reached: number; lastFront: number } {
  const { width, height, data } = image;
  const reached = pooledUint8(width * height);
  for (const p of seeds) reached[p] = 1;
  let count = 0;
  let front: readonly number[] = seeds;
  let lastFront = 0;
  for (let step = 1; step <= steps && front.length > 0; step++) {
    const next: number[] = [];
    growOneStep(front, next, reached, data, width, height, clear);
    count += next.length;
    lastFront = step === steps ? next.length : 0;
    front = next;
  }
  giveBack(reached);
  return { reached: count, lastFront };
}

/** Whether pixel `p` of the flattened page is dark (and not already transparent). */
export const isDark = (data: Uint8ClampedArray, p: number): boolean => data[p * 4 + 3] !== 0 && 255 - Math.min(data[p * 4], data[p * 4 + 1], data[p * 4 + 2]) >= DARK;

/** Makes pixel `p` transparent paper if it is dark; says whether it was. */
function clearPixel(data: Uint8ClampedArray, p: number): boolean {
  if (!isDark(data, p)) return false;
  const o = p * 4;
  data[o] = 255;
  data[o + 1] = 255;
  data[o + 2] = 255;
  data[o + 3] = 0;
  return true;
}

/** The dark pixels 4-connected to `front` and not reached yet, listed in `next` (and cleared if `clear`); a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts. */
function growOneStep(front: readonly number[], next: number[], reached: Uint8Array, data: Uint8ClampedArray, width: number, height: number, clear: boolean): void {
  const visit = (q: number): void => {
    if (reached[q]) return;
    reached[q] = 1;
    const o = q * 4;
    if (data[o + 3] === 0 || 255 - Math.min(data[o], data[o + 1], data[o + 2]) < DARK) return;
    if (clear) {
      data[o] = 255;
      data[o + 1] = 255;
      data[o + 2] = 255;
      data[o + 3] = 0;
    }
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
