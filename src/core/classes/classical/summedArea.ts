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

/** 1 within r cells (a square window) of any cell where value(x, y) is non-zero: a square dilation. */
export function withinSquare(w: number, h: number, r: number, value: (x: number, y: number) => number): Uint8Array {
  const sums = summedArea(w, h, value);
  const near = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (boxSum(sums, w, Math.max(0, x - r), Math.max(0, y - r), Math.min(w - 1, x + r), Math.min(h - 1, y + r)) > 0) near[y * w + x] = 1;
    }
  }
  return near;
}
