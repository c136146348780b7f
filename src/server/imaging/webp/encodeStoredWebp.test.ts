import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findChunk } from '../../../shared/webp/container';
import { LOSSLESS_MAX_VISIBLE_SHARE } from '../../../shared/webp/sparseInk';
import { encodeStoredWebp } from './encodeStoredWebp';

/** A result of `visible` share of ink rows (a dark blue stroke with anti-aliased alpha) on transparency. */
function result(width: number, height: number, visible: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  const rows = Math.round(height * visible);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      rgba.set([20 + (x % 7), 40, 150 + (y % 5), 64 + ((x * 31 + y * 17) % 192)], p);
    }
  }
  return rgba;
}

describe('encodeStoredWebp', () => {
  it('codes sparse ink losslessly and a mostly kept image with lossy colour; alpha exact either way', async () => {
    const [w, h] = [200, 100];
    for (const [visible, chunk] of [
      [LOSSLESS_MAX_VISIBLE_SHARE * 0.9, 'VP8L'],
      [LOSSLESS_MAX_VISIBLE_SHARE * 1.2, 'VP8 '],
      [1, 'VP8 '],
    ] as const) {
      const rgba = result(w, h, visible);
      const file = await encodeStoredWebp(rgba, w, h);
      expect(findChunk(file, chunk), `${visible} visible → ${chunk}`).not.toBeNull();
      const decoded = await sharp(file).ensureAlpha().raw().toBuffer();
      let alphaWrong = 0;
      for (let i = 3; i < rgba.length; i += 4) if (decoded[i] !== rgba[i]) alphaWrong++;
      expect(alphaWrong).toBe(0);
    }
  });

  it('an empty result is a valid, tiny lossless file', async () => {
    const file = await encodeStoredWebp(new Uint8Array(64 * 32 * 4), 64, 32);
    expect(findChunk(file, 'VP8L')).not.toBeNull();
    expect(file.length).toBeLessThan(200);
    expect((await sharp(file).metadata()).width).toBe(64);
  });
});
