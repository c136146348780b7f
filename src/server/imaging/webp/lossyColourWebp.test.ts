import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findChunk } from './container';
import { encodeLossyColourWebp } from './lossyColourWebp';

/** A deterministic pseudo-random sequence (the tests must not depend on Math.random). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function rgbaWithAlpha(alpha: Uint8Array, colour: (p: number) => [number, number, number] = () => [30, 60, 160]): Uint8Array {
  const rgba = new Uint8Array(alpha.length * 4);
  alpha.forEach((a, p) => {
    rgba.set(colour(p), p * 4);
    rgba[p * 4 + 3] = a;
  });
  return rgba;
}

async function decode(file: Uint8Array) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const planes: Record<string, (w: number, h: number) => Uint8Array> = {
  'all transparent': (w, h) => new Uint8Array(w * h),
  'all opaque': (w, h) => new Uint8Array(w * h).fill(255),
  'noise over every value (literals only, a full alphabet)': (w, h) => {
    const next = lcg(7);
    return Uint8Array.from({ length: w * h }, () => Math.floor(next() * 256));
  },
  'anti-aliased slanted lines on an empty sheet (long runs, copies from above)': (w, h) => {
    const plane = new Uint8Array(w * h);
    for (let x = 0; x < w; x++) {
      for (const row of [h * 0.25, h * 0.5, h * 0.75]) {
        const centre = row + x * 0.03;
        for (let y = Math.floor(centre - 2); y <= Math.ceil(centre + 2); y++) {
          if (y >= 0 && y < h) plane[y * w + x] = Math.max(0, Math.round(255 * (1 - Math.abs(y - centre) / 2)));
        }
      }
    }
    return plane;
  },
  'a skewed histogram (prefix codes longer than 15 bits unless limited)': (w, h) => {
    const plane = new Uint8Array(w * h);
    const next = lcg(3);
    // Value v appears with probability ~2^-v: an unlimited Huffman code would need ~30 bits.
    for (let p = 0; p < plane.length; p++) {
      let v = 0;
      while (v < 40 && next() < 0.5) v++;
      plane[p] = v * 6;
    }
    return plane;
  },
};

describe('encodeLossyColourWebp', () => {
  for (const [name, make] of Object.entries(planes)) {
    for (const [w, h] of [[1, 1], [1, 37], [53, 1], [301, 211], [5000, 3]] as const) {
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
    const alpha = planes['anti-aliased slanted lines on an empty sheet (long runs, copies from above)'](w, h);
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
