import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanImage, type CleanOptions, type RgbaImage } from './';

/** Small random "documents": tinted paper with random strokes and blocks of random colours. */
const documentArbitrary = fc
  .record({
    width: fc.integer({ min: 8, max: 96 }),
    height: fc.integer({ min: 8, max: 96 }),
    paper: fc.tuple(fc.integer({ min: 150, max: 255 }), fc.integer({ min: 150, max: 255 }), fc.integer({ min: 150, max: 255 })),
    marks: fc.array(
      fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }), w: fc.integer({ min: 1, max: 30 }), h: fc.integer({ min: 1, max: 6 }), color: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)) }),
      { maxLength: 12 },
    ),
    noise: fc.integer({ min: 0, max: 12 }),
    seed: fc.nat(),
  })
  .map(({ width, height, paper, marks, noise, seed }): RgbaImage => {
    const data = new Uint8ClampedArray(width * height * 4);
    let state = seed | 1;
    const rand = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32) - 0.5;
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) data[i * 4 + c] = paper[c] + rand() * noise;
      data[i * 4 + 3] = 255;
    }
    for (const m of marks) {
      const x0 = Math.floor(m.x * width);
      const y0 = Math.floor(m.y * height);
      for (let y = y0; y < Math.min(height, y0 + m.h); y++)
        for (let x = x0; x < Math.min(width, x0 + m.w); x++) for (let c = 0; c < 3; c++) data[(y * width + x) * 4 + c] = m.color[c];
    }
    return { width, height, data };
  });

const optionsArbitrary: fc.Arbitrary<CleanOptions> = fc.record({
  mode: fc.constantFrom('basic', 'standard', 'advanced'),
  extract: fc.constantFrom('', 'signature', 'stamp'),
  aggressive: fc.boolean(),
  crop: fc.boolean(),
});

describe('src/core invariants (property-based)', () => {
  it('keeps the size unless cropped, stays inside the input when cropped, and is deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(documentArbitrary, optionsArbitrary, async (image, options) => {
        const copy = { ...image, data: new Uint8ClampedArray(image.data) };
        const first = await cleanImage(image, options);
        const second = await cleanImage(copy, options);
        const out = first.image;
        expect(out.data.length).toBe(out.width * out.height * 4);
        if (options.crop) {
          expect(out.width).toBeLessThanOrEqual(image.width);
          expect(out.height).toBeLessThanOrEqual(image.height);
          if (first.crop) {
            expect(first.crop.left + first.crop.width).toBeLessThanOrEqual(image.width);
            expect(first.crop.top + first.crop.height).toBeLessThanOrEqual(image.height);
          }
        } else {
          expect([out.width, out.height]).toEqual([image.width, image.height]);
        }
        expect(second.image.width).toBe(out.width);
        expect(Buffer.from(second.image.data).equals(Buffer.from(out.data))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('never makes paper-coloured pixels opaque and never invents alpha where the input had none', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 8, max: 64 }), fc.integer({ min: 8, max: 64 }), fc.integer({ min: 200, max: 255 }), optionsArbitrary, async (width, height, grey, options) => {
        const data = new Uint8ClampedArray(width * height * 4).fill(grey);
        const result = await cleanImage({ width, height, data }, options);
        for (let i = 3; i < result.image.data.length; i += 4) expect(result.image.data[i]).toBe(0);
      }),
      { numRuns: 60 },
    );
  });
});
