/** Summed-area table ((w + 1) × (h + 1)) of value(x, y). */
export function summedArea(w: number, h: number, value: (x: number, y: number) => number): Int32Array {
  const sw = w + 1;
  const sums = new Int32Array(sw * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += value(x, y);
      sums[(y + 1) * sw + x + 1] = sums[y * sw + x + 1] + row;
    }
  }
  return sums;
}

/** Sum over the inclusive box [ax, bx] × [ay, by] of a table from summedArea for width w. */
export function boxSum(sums: Int32Array, w: number, ax: number, ay: number, bx: number, by: number): number {
  const sw = w + 1;
  return sums[(by + 1) * sw + bx + 1] - sums[ay * sw + bx + 1] - sums[(by + 1) * sw + ax] + sums[ay * sw + ax];
}
