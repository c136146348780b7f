import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findChunk } from './container';
import { encodeLosslessWebp } from './losslessWebp';
import { alphaPlanes as planes, ANTI_ALIASED_LINES, type Colour, compareDecoded as compare, decodeWebp as decode, lcg, PLANE_SIZES, rgbaWithAlpha } from '../testing/alphaPlanes';

const colours: Record<string, (w: number) => Colour> = {
  'one ink': () => () => [30, 60, 160],
  // Every channel value, changing from pixel to pixel: each predictor and the full red, green and blue alphabets.
  'noisy ink': () => {
    const next = lcg(11);
    return () => [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)];
  },
  'two inks side by side with a gradient': (w) => (p) => ((p % w) < w / 2 ? [20, 40 + (p % 97), 150] : [170 + (p % 80), 30, 40]),
};

describe('encodeLosslessWebp', () => {
  for (const [name, make] of Object.entries(planes)) {
    for (const [colourName, colourOf] of Object.entries(colours)) {
      for (const [w, h] of PLANE_SIZES) {
        it(`alpha exact, colour within 3 levels: ${name}, ${colourName}, ${w}×${h}`, async () => {
          const rgba = rgbaWithAlpha(make(w, h), colourOf(w));
          const decoded = await decode(encodeLosslessWebp(rgba, w, h));
          expect([decoded.width, decoded.height]).toEqual([w, h]);
          const { colour, alphaWrong } = compare(decoded.data, rgba);
          expect(alphaWrong).toBe(0);
          expect(colour).toBeLessThanOrEqual(3);
        });
      }
    }
  }

  it('keeps the colours exactly when there are few (recoloured ink, a bilevel scan)', async () => {
    const w = 301;
    const h = 211;
    const alpha = planes['noise over every value (literals only, a full alphabet)'](w, h);
    const next = lcg(5);
    const palette: [number, number, number][] = Array.from({ length: 256 }, () => [Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)]);
    const recoloured = rgbaWithAlpha(alpha, () => [0x1f, 0x3a, 0x93]);
    const paletted = rgbaWithAlpha(alpha, (p) => palette[p % 256]);
    for (const rgba of [recoloured, paletted]) {
      const { colour, alphaWrong } = compare((await decode(encodeLosslessWebp(rgba, w, h))).data, rgba);
      expect([colour, alphaWrong]).toEqual([0, 0]);
    }
    // One colour more and the levels are kept every sixth: off by up to 3.
    const beyond = rgbaWithAlpha(alpha, (p) => (p === 0 ? [1, 2, 3] : palette[p % 256]));
    const { colour } = compare((await decode(encodeLosslessWebp(beyond, w, h))).data, beyond);
    expect(colour).toBeGreaterThan(0);
    expect(colour).toBeLessThanOrEqual(3);
  });

  it('is a simple-format lossless WebP that says whether it uses alpha', async () => {
    const w = 64;
    const h = 48;
    const translucent = encodeLosslessWebp(rgbaWithAlpha(planes[ANTI_ALIASED_LINES](w, h), colours['one ink'](w)), w, h);
    const opaque = encodeLosslessWebp(rgbaWithAlpha(planes['all opaque'](w, h), colours['one ink'](w)), w, h);
    for (const file of [translucent, opaque]) {
      expect(findChunk(file, 'VP8X')).toBeNull();
      const vp8l = findChunk(file, 'VP8L')!;
      expect(vp8l[0]).toBe(0x2f);
      // After the signature: 14 bits width − 1, 14 bits height − 1, then the alpha-is-used bit.
      const header = vp8l[1] | (vp8l[2] << 8) | (vp8l[3] << 16) | (vp8l[4] << 24);
      expect([(header & 0x3fff) + 1, ((header >>> 14) & 0x3fff) + 1]).toEqual([w, h]);
      expect((header >>> 28) & 1).toBe(file === translucent ? 1 : 0);
    }
    expect((await sharp(translucent).metadata()).hasAlpha).toBe(true);
  });

  it('refuses a side WebP cannot hold', () => {
    expect(() => encodeLosslessWebp(new Uint8Array(16384 * 4), 16384, 1)).toThrow(/16383/);
  });
});
