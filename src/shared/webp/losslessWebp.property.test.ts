import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWebp } from '../testing/alphaPlanes';
import { encodeLosslessWebp } from './losslessWebp';

/**
 * Random results: ink as strokes of random length, colour and alpha scattered over transparency, so
 * rows start and end with ink anywhere (the coder skips the columns a row and the one above leave
 * empty), at sizes from a single pixel up.
 */
const results = fc
  .record({
    width: fc.integer({ min: 1, max: 120 }),
    height: fc.integer({ min: 1, max: 90 }),
    strokes: fc.array(
      fc.record({
        at: fc.nat(),
        length: fc.integer({ min: 1, max: 200 }),
        rgba: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 255 })),
        noisy: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ width, height, strokes }) => {
    const rgba = new Uint8Array(width * height * 4);
    for (const { at, length, rgba: [r, g, b, a], noisy } of strokes) {
      const start = at % (width * height);
      for (let k = 0, p = start; k < length && p < width * height; k++, p++) {
        const jitter = noisy ? (k * 37) % 29 : 0;
        rgba.set([(r + jitter) & 255, (g + 2 * jitter) & 255, b, noisy ? 1 + ((a + k * 13) % 255) : a], p * 4);
      }
    }
    return { width, height, rgba };
  });

describe('encodeLosslessWebp on random results', () => {
  it('decodes to the same alpha and to colour within 3 levels', async () => {
    await fc.assert(
      fc.asyncProperty(results, async ({ width, height, rgba }) => {
        const decoded = await decodeWebp(encodeLosslessWebp(rgba, width, height));
        expect([decoded.width, decoded.height]).toEqual([width, height]);
        for (let i = 0; i < rgba.length; i += 4) {
          expect(decoded.data[i + 3]).toBe(rgba[i + 3]);
          if (rgba[i + 3] === 0) continue;
          for (let k = 0; k < 3; k++) expect(Math.abs(decoded.data[i + k] - rgba[i + k])).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });
});
