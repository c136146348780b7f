import { describe, expect, it } from 'vitest';
import { cleanImage } from '../pipeline';
import { DOCUMENT_BLUE, inkRgb, parseHexColour, recolourInk } from './recolourInk';
import { deskPhoto } from '../testing/deskPhoto';
import { testForm } from '../testing/syntheticPage';
import type { CleanOptions, InkColour, RgbaImage, SheetOutline } from '../shared/types';

const options = (o: Partial<CleanOptions> = {}): CleanOptions => ({ mode: 'standard', extract: '', aggressive: false, crop: false, ...o });

/** A soft-edged ink blot in its own colours over transparency, like a composed result. */
function softInk(width = 40, height = 30, byteOffset = 0): RgbaImage {
  const buffer = new ArrayBuffer(width * height * 4 + byteOffset);
  const data = new Uint8ClampedArray(buffer, byteOffset, width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = Math.max(0, Math.min(255, Math.round(255 * (1.2 - Math.hypot(x - 20, y - 15) / 10))));
      if (a === 0) continue;
      data.set([60 + (x % 7), 70 + (y % 5), 150, a], i);
    }
  }
  return { width, height, data };
}

const alphaOf = (image: RgbaImage) => image.data.filter((_, i) => i % 4 === 3);

/** Every visible pixel has `rgb`; returns how many there are. */
function expectAllVisible(image: RgbaImage, rgb: readonly number[]): number {
  let visible = 0;
  let wrong = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    if (image.data[i + 3] === 0) continue;
    visible++;
    if (image.data[i] !== rgb[0] || image.data[i + 1] !== rgb[1] || image.data[i + 2] !== rgb[2]) wrong++;
  }
  expect(wrong, 'visible pixels of another colour').toBe(0);
  return visible;
}

describe('ink colours', () => {
  it('names black, document blue and #rrggbb; original and garbage mean the ink’s own colour', () => {
    expect(inkRgb('black')).toEqual([0, 0, 0]);
    expect(inkRgb('blue')).toEqual(parseHexColour(DOCUMENT_BLUE));
    expect(inkRgb('blue')).toEqual([31, 58, 147]);
    expect(inkRgb('#C0ffee')).toEqual([192, 255, 238]);
    expect(inkRgb('original')).toBeNull();
    expect(inkRgb(undefined)).toBeNull();
    expect(inkRgb('#12345' as InkColour)).toBeNull();
    expect(parseHexColour('1f3a93')).toEqual([31, 58, 147]);
    expect(parseHexColour('#1f3a9g')).toBeNull();
  });
});

describe('recolourInk', () => {
  for (const byteOffset of [0, 1]) {
    it(`keeps alpha identical and gives every visible pixel the colour (${byteOffset ? 'byte' : 'word'} path)`, () => {
      const image = softInk(40, 30, byteOffset);
      const before = Uint8ClampedArray.from(image.data);
      recolourInk(image, [10, 20, 30]);
      expect(Buffer.from(alphaOf(image)).equals(Buffer.from(alphaOf({ ...image, data: before })))).toBe(true);
      const visible = expectAllVisible(image, [10, 20, 30]);
      expect(visible).toBeGreaterThan(200);
      // Soft edges are still soft: partial alphas survive.
      expect(alphaOf(image).some((a) => a > 0 && a < 255)).toBe(true);
      // Transparent pixels are left alone.
      for (let i = 0; i < image.data.length; i += 4) if (before[i + 3] === 0) expect(image.data.subarray(i, i + 4).every((v) => v === 0)).toBe(true);
    });
  }
});

describe('cleanImage with ink', () => {
  const cases: Partial<CleanOptions>[] = [
    { mode: 'basic' },
    { mode: 'standard' },
    { mode: 'advanced', aggressive: true },
    { mode: 'advanced', extract: 'signature' },
    { mode: 'advanced', extract: 'stamp', crop: true },
  ];
  for (const o of cases) {
    it(`${JSON.stringify(o)}: original is today's output byte for byte; black, blue and #rrggbb recolour with the same alpha`, async () => {
      const page = testForm();
      const today = await cleanImage(page.image, options(o));
      const original = await cleanImage(page.image, options({ ...o, ink: 'original' }));
      expect(Buffer.from(original.image.data).equals(Buffer.from(today.image.data))).toBe(true);
      for (const ink of ['black', 'blue', '#c81e1e'] as const) {
        const recoloured = await cleanImage(page.image, options({ ...o, ink }));
        expect([recoloured.image.width, recoloured.image.height]).toEqual([today.image.width, today.image.height]);
        expect(Buffer.from(alphaOf(recoloured.image)).equals(Buffer.from(alphaOf(today.image)))).toBe(true);
        expect(expectAllVisible(recoloured.image, inkRgb(ink)!)).toBeGreaterThan(100);
        expect(recoloured.found).toEqual(today.found);
      }
    });
  }

  it('recolours a straightened desk photo exactly (after the resampling)', async () => {
    const corners: SheetOutline['corners'] = [{ x: 150, y: 90 }, { x: 690, y: 130 }, { x: 650, y: 520 }, { x: 110, y: 470 }];
    const photo = deskPhoto(testForm(), { width: 800, height: 600, corners, desk: [110, 70, 40] });
    const plain = await cleanImage(photo.image, options({ mode: 'basic', flatten: true }));
    const blue = await cleanImage(photo.image, options({ mode: 'basic', flatten: true, ink: 'blue' }));
    expect(blue.flattened).toBe(true);
    expect(Buffer.from(alphaOf(blue.image)).equals(Buffer.from(alphaOf(plain.image)))).toBe(true);
    expect(expectAllVisible(blue.image, [31, 58, 147])).toBeGreaterThan(100);
  });
});
