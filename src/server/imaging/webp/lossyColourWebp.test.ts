import { describe, expect, it } from 'vitest';
import { findChunk } from '../../../shared/webp/container';
import { encodeLossyColourWebp } from './lossyColourWebp';
import { alphaPlanes as planes, ANTI_ALIASED_LINES, decodeWebp as decode, PLANE_SIZES, rgbaWithAlpha } from '../../../shared/testing/alphaPlanes';

describe('encodeLossyColourWebp', () => {
  for (const [name, make] of Object.entries(planes)) {
    for (const [w, h] of PLANE_SIZES) {
      it(`keeps the alpha exactly: ${name}, ${w}×${h}`, async () => {
        const alpha = make(w, h);
        const file = await encodeLossyColourWebp(rgbaWithAlpha(alpha), w, h, { quality: 93, effort: 2 });
        const decoded = await decode(file);
        expect([decoded.width, decoded.height]).toEqual([w, h]);
        const got = Uint8Array.from({ length: w * h }, (_, p) => decoded.data[p * 4 + 3]);
        expect(Buffer.compare(Buffer.from(got), Buffer.from(alpha))).toBe(0);
      });
    }
  }

  it('is an extended WebP (VP8X with the alpha flag, ALPH, VP8) whose visible colour is the ink’s', async () => {
    const w = 240;
    const h = 160;
    const alpha = planes[ANTI_ALIASED_LINES](w, h);
    const colour = (p: number): [number, number, number] => ((p % w) < w / 2 ? [20, 40, 150] : [170, 30, 40]);
    const rgba = rgbaWithAlpha(alpha, colour);
    const file = await encodeLossyColourWebp(rgba, w, h, { quality: 93, effort: 2 });
    expect(findChunk(file, 'VP8X')?.[0]).toBe(0x10);
    expect(findChunk(file, 'ALPH')?.[0]).toBe(0x01);
    expect(findChunk(file, 'VP8 ')).not.toBeNull();
    // Lossy colour: judged as seen over white (each pixel's error weighted by its alpha), in grey
    // levels; a wrong chroma transfer or a swapped channel costs tens of levels.
    const decoded = await decode(file);
    let squared = 0;
    const opaqueMean = { left: [0, 0, 0, 0], right: [0, 0, 0, 0] };
    for (let p = 0; p < w * h; p++) {
      for (let k = 0; k < 3; k++) squared += (((decoded.data[p * 4 + k] - rgba[p * 4 + k]) * alpha[p]) / 255) ** 2;
      if (alpha[p] === 255) {
        const side = opaqueMean[p % w < w / 2 ? 'left' : 'right'];
        for (let k = 0; k < 3; k++) side[k] += decoded.data[p * 4 + k];
        side[3]++;
      }
    }
    expect(Math.sqrt(squared / (w * h * 3))).toBeLessThan(1.5);
    const mean = (side: number[]) => side.slice(0, 3).map((c) => Math.round(c / side[3]));
    mean(opaqueMean.left).forEach((c, k) => expect(Math.abs(c - [20, 40, 150][k])).toBeLessThanOrEqual(6));
    mean(opaqueMean.right).forEach((c, k) => expect(Math.abs(c - [170, 30, 40][k])).toBeLessThanOrEqual(6));
  });

  it('refuses a side WebP cannot hold', async () => {
    await expect(encodeLossyColourWebp(new Uint8Array(16384 * 4), 16384, 1, { quality: 93, effort: 2 })).rejects.toThrow(/16383/);
  });
});
