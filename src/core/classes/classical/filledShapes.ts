import type { Components } from '../../shared/components';
import { boxSum, summedArea } from './summedArea';

/**
 * Filled shapes: a logo's block or emblem, a solid bar. A pen's stroke, even a felt tip's, is a
 * few cells wide, so little of it lies deep inside ink; a logo is mostly solid areas. A component
 * at least `minSide` cells on both sides with `SOLID_SHARE` of its cells deep inside ink (a full
 * square of ink around them, `SOLID_WINDOW` cells or more than twice the image's typical stroke
 * wide, so the strokes of a close-up photo are not areas) is printed matter, not handwriting.
 */
export const SOLID_SHARE = 0.25;
const SOLID_WINDOW = 5;

/** Side of the square of ink around a cell deep inside a shape, for strokes `stroke` cells wide. */
export function solidWindow(stroke: number): number {
  return Math.max(SOLID_WINDOW, 2 * Math.ceil(stroke) + 1);
}

/** Smallest side of a filled shape, in cells: a fortieth of the page's long side (about 7 mm on A4). */
export function filledShapeMinSide(width: number, height: number): number {
  return Math.max(12, Math.round(Math.max(width, height) / 40));
}

/** Per component label, 1 for a filled shape. `ink` is the mask the components were labelled on. */
export function findFilledShapes(comps: Components, ink: Uint8Array, width: number, height: number, minSide: number, window = SOLID_WINDOW): Uint8Array {
  const filled = new Uint8Array(comps.count + 1);
  const big = new Uint8Array(comps.count + 1);
  let any = false;
  for (let l = 1; l <= comps.count; l++) {
    if (comps.right[l] - comps.left[l] + 1 >= minSide && comps.bottom[l] - comps.top[l] + 1 >= minSide) big[l] = 1;
    any ||= big[l] !== 0;
  }
  if (!any) return filled;
  // A cell is deep inside when its whole window is ink.
  const sums = summedArea(width, height, (x, y) => ink[y * width + x]);
  const r = window >> 1;
  const full = (2 * r + 1) * (2 * r + 1);
  const solid = new Int32Array(comps.count + 1);
  for (let y = r; y < height - r; y++) {
    for (let x = r; x < width - r; x++) {
      const l = comps.labels[y * width + x];
      if (l === 0 || big[l] === 0) continue;
      if (boxSum(sums, width, x - r, y - r, x + r, y + r) === full) solid[l]++;
    }
  }
  for (let l = 1; l <= comps.count; l++) if (big[l] !== 0 && solid[l] >= SOLID_SHARE * comps.area[l]) filled[l] = 1;
  return filled;
}
