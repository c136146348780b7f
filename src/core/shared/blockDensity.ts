/**
 * Ink counted in square blocks of a page and read back as the density around a point: the learned
 * piece steps (inkSeparation/strayInk.ts, keptPieces.ts) read how much other ink lies near a piece so.
 */

/** Summed-area table of the blocks' counts, (wide + 1) × (high + 1). */
export function summedBlocks(blocks: Int32Array, wide: number, high: number): Float64Array {
  const sums = new Float64Array((wide + 1) * (high + 1));
  for (let y = 0; y < high; y++) {
    let row = 0;
    for (let x = 0; x < wide; x++) {
      row += blocks[y * wide + x];
      sums[(y + 1) * (wide + 1) + x + 1] = sums[y * (wide + 1) + x + 1] + row;
    }
  }
  return sums;
}

/**
 * The share of pixels counted in the (2r + 1)² blocks (of `block` px a side) around block (bx, by),
 * the piece's own count taken out.
 */
export function otherInkDensity(sums: Float64Array, wide: number, high: number, block: number, bx: number, by: number, r: number, own: number): number {
  const x0 = Math.max(0, bx - r);
  const y0 = Math.max(0, by - r);
  const x1 = Math.min(wide, bx + r + 1);
  const y1 = Math.min(high, by + r + 1);
  const stride = wide + 1;
  const there = sums[y1 * stride + x1] - sums[y0 * stride + x1] - sums[y1 * stride + x0] + sums[y0 * stride + x0];
  return Math.max(0, there - own) / ((x1 - x0) * (y1 - y0) * block * block);
}
