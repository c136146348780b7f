/**
 * A page's grey levels over its paper's, so that a threshold sees ink and not shading: on a photographed
 * page the paper on one side can be darker than the ink on the other, and one Otsu threshold over the
 * page then splits the light, not the ink from the paper (a 16-MP photo of names in the Cross-media set
 * had half its page as "reference ink").
 *
 * The paper's level at a pixel: per block of 1/48 of the long side, the grey that nine in ten of its
 * pixels lie at or under (ink covers less of a block than that), interpolated between block centres.
 * Not the block's brightest grey: one bright speck would lift the whole block, and shading left behind
 * splits a page's paper in two again. A white page (or a bilevel one) comes back as it was.
 */
const BLOCKS_ON_LONG_SIDE = 48;
const PAPER_RANK = 0.9;
const MIN_BLOCK = 8;

export function greyOverPaper(grey: Uint8Array, width: number, height: number): Uint8Array {
  if (grey.length !== width * height) throw new Error('greyOverPaper: grey levels and size differ');
  const block = Math.max(MIN_BLOCK, Math.ceil(Math.max(width, height) / BLOCKS_ON_LONG_SIDE));
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  // Per block, the level PAPER_RANK of its pixels lie at or under: paper, unless ink covers most of the block.
  const histograms = new Uint32Array(gw * gh * 256);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / block) * gw;
    for (let x = 0; x < width; x++) histograms[(row + Math.floor(x / block)) * 256 + grey[y * width + x]]++;
  }
  const paper = new Uint8Array(gw * gh);
  for (let cell = 0; cell < gw * gh; cell++) {
    let count = 0;
    for (let level = 0; level < 256; level++) count += histograms[cell * 256 + level];
    let below = 0;
    for (let level = 0; level < 256; level++) {
      below += histograms[cell * 256 + level];
      if (below >= PAPER_RANK * count) {
        paper[cell] = level;
        break;
      }
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const wx = fx - x0;
      const level =
        (1 - wy) * ((1 - wx) * paper[y0 * gw + x0] + wx * paper[y0 * gw + x1]) + wy * ((1 - wx) * paper[y1 * gw + x0] + wx * paper[y1 * gw + x1]);
      const value = grey[y * width + x];
      out[y * width + x] = level <= 0 ? value : Math.min(255, Math.round((value * 255) / level));
    }
  }
  return out;
}
