import { describe, expect, it } from 'vitest';
import { MIN_ITEM_EXTENT, measureFoundInk } from './foundInk';
import { cleanImage } from '../pipeline';
import { BLACK, PageCanvas, printedGlyph, testForm, type SyntheticPage } from '../testing/syntheticPage';
import { InkClass, type CleanOptions, type RgbaImage } from '../shared/types';

const options = (o: Partial<CleanOptions> = {}): CleanOptions => ({ mode: 'advanced', extract: '', aggressive: false, crop: false, ...o });

/** A typed page: rows of printed-like glyphs, a heading and a form line; no handwriting, no stamp. */
function printedOnlyPage(): SyntheticPage {
  const canvas = new PageCanvas(480, 320, () => [246, 242, 232]);
  for (let g = 0; g < 12; g++) canvas.rect(24 + g * 16, 20, 3, 16, BLACK, InkClass.printed);
  for (let row = 0; row < 6; row++) {
    for (let g = 0; g < 30; g++) {
      const x = 24 + g * 11 + (g % 6 === 5 ? 6 : 0);
      const y = 60 + row * 24;
      printedGlyph(canvas, x, y, g % 3 === 0);
    }
  }
  canvas.rect(20, 250, 440, 2, BLACK, InkClass.formLine);
  return canvas.page();
}

/** A composed result and its page's ink alpha, drawn directly: `marks` are kept (opaque) boxes, `dropped` ink of the page that was not kept. */
function drawn(width: number, height: number, marks: Array<[number, number, number, number]>, dropped: Array<[number, number, number, number]> = []) {
  const image: RgbaImage = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  const inkAlpha = new Uint8Array(width * height);
  const fill = (boxes: Array<[number, number, number, number]>, kept: boolean) => {
    for (const [x0, y0, w, h] of boxes) {
      for (let y = y0; y < y0 + h; y++) {
        for (let x = x0; x < x0 + w; x++) {
          inkAlpha[y * width + x] = 255;
          if (kept) image.data[(y * width + x) * 4 + 3] = 255;
        }
      }
    }
  };
  fill(dropped, false);
  fill(marks, true);
  return { image, inkAlpha };
}

describe('what the clean result found', () => {
  it('a page with a signature: extract=signature finds it, a small share of the page’s ink', async () => {
    const result = await cleanImage(testForm().image, options({ extract: 'signature' }));
    expect(result.found.items).toBeGreaterThanOrEqual(1);
    expect(result.found.nothingFound).toBe(false);
    expect(result.found.keptInkShare).toBeGreaterThan(0.05);
    expect(result.found.keptInkShare).toBeLessThan(0.5);
  });

  it('a page with a stamp: extract=stamp finds it, with or without aggressive removal', async () => {
    for (const aggressive of [false, true]) {
      const result = await cleanImage(testForm().image, options({ extract: 'stamp', aggressive }));
      expect(result.found.items).toBeGreaterThanOrEqual(1);
      expect(result.found.nothingFound).toBe(false);
    }
  });

  it('a page of printed text only: extract=signature and extract=stamp find nothing', async () => {
    for (const extract of ['signature', 'stamp'] as const) {
      for (const aggressive of [false, true]) {
        const result = await cleanImage(printedOnlyPage().image, options({ extract, aggressive }));
        expect(result.found, `${extract}${aggressive ? '+aggressive' : ''}`).toMatchObject({ items: 0, nothingFound: true });
        expect(result.found.keptInkShare).toBeLessThan(0.01);
      }
    }
  });

  it('the whole page’s ink (extract empty) is never "nothing found", and reports its items and share', async () => {
    const basic = await cleanImage(printedOnlyPage().image, options({ mode: 'basic' }));
    expect(basic.found.nothingFound).toBe(false);
    expect(basic.found.items).toBeGreaterThanOrEqual(2);
    expect(basic.found.keptInkShare).toBeGreaterThan(0.95);
    const blank = await cleanImage({ width: 300, height: 200, data: new Uint8ClampedArray(300 * 200 * 4).fill(255) }, options());
    expect(blank.found).toEqual({ items: 0, keptInkShare: 0, nothingFound: false });
  });

  it('counts the same when the result is cropped', async () => {
    const whole = await cleanImage(testForm().image, options({ extract: 'signature' }));
    const cropped = await cleanImage(testForm().image, options({ extract: 'signature', crop: true }));
    expect(cropped.found).toEqual(whole.found);
  });
});

describe('measureFoundInk', () => {
  const extract = { extract: 'signature' } as const;

  it('specks and glyph-sized marks are not items; a mark MIN_ITEM_EXTENT across is', () => {
    const side = 1000;
    const least = Math.ceil(MIN_ITEM_EXTENT * side);
    const specks = drawn(side, side, [[100, 100, 2, 2], [300, 500, 3, 3], [700, 200, 1, 1], [500, 800, 10, 3]]);
    expect(measureFoundInk(specks.image, specks.inkAlpha, extract)).toMatchObject({ items: 0, nothingFound: true });
    const glyph = drawn(side, side, [[400, 400, 3, least - 6]]);
    expect(measureFoundInk(glyph.image, glyph.inkAlpha, extract).items).toBe(0);
    const stroke = drawn(side, side, [[400, 400, least + 4, 3]]);
    expect(measureFoundInk(stroke.image, stroke.inkAlpha, extract)).toMatchObject({ items: 1, nothingFound: false, keptInkShare: 1 });
  });

  it('strokes a pen-lift apart are one item; marks far apart are two', () => {
    const near = drawn(900, 600, [[100, 100, 60, 3], [100, 104, 60, 3]]);
    expect(measureFoundInk(near.image, near.inkAlpha, extract).items).toBe(1);
    const far = drawn(900, 600, [[100, 100, 60, 3], [500, 400, 60, 3]]);
    expect(measureFoundInk(far.image, far.inkAlpha, extract).items).toBe(2);
  });

  it('the kept share is of all solid ink of the page; translucent haze counts nowhere', () => {
    const page = drawn(600, 400, [[50, 50, 100, 4]], [[50, 200, 300, 4]]);
    // Translucent haze, kept and on the page, below SOLID_INK_ALPHA.
    for (let p = 0; p < 600 * 20; p++) {
      page.inkAlpha[300 * 600 + p] = 100;
      page.image.data[(300 * 600 + p) * 4 + 3] = 100;
    }
    const found = measureFoundInk(page.image, page.inkAlpha, extract);
    expect(found.keptInkShare).toBeCloseTo(400 / 1600, 5);
    expect(found.items).toBe(1);
  });

  it('does not depend on the resolution: the same drawing at twice the size counts the same', () => {
    const marks: Array<[number, number, number, number]> = [[40, 40, 80, 2], [40, 42, 2, 30], [300, 200, 4, 4], [200, 150, 50, 50], [150, 60, 30, 2], [180, 62, 30, 2]];
    const small = drawn(400, 300, marks);
    const large = drawn(800, 600, marks.map(([x, y, w, h]) => [2 * x, 2 * y, 2 * w, 2 * h]));
    const a = measureFoundInk(small.image, small.inkAlpha, extract);
    const b = measureFoundInk(large.image, large.inkAlpha, extract);
    expect(a.items).toBe(3);
    expect(b).toEqual(a);
  });

  it('an empty whole-page result is not "nothing found"; an empty extraction is', () => {
    const empty = drawn(200, 100, []);
    expect(measureFoundInk(empty.image, empty.inkAlpha, { extract: '' })).toEqual({ items: 0, keptInkShare: 0, nothingFound: false });
    expect(measureFoundInk(empty.image, empty.inkAlpha, { extract: 'stamp' })).toEqual({ items: 0, keptInkShare: 0, nothingFound: true });
  });

  it('reads an ink alpha that does not start on a 4-byte boundary, and odd pixel counts', () => {
    const page = drawn(101, 77, [[10, 10, 60, 3]]);
    const shifted = new Uint8Array(page.inkAlpha.length + 1).subarray(1);
    shifted.set(page.inkAlpha);
    expect(measureFoundInk(page.image, shifted, extract)).toEqual(measureFoundInk(page.image, page.inkAlpha, extract));
    expect(measureFoundInk(page.image, page.inkAlpha, extract).items).toBe(1);
  });
});
