import { describe, expect, it } from 'vitest';
import { estimatePaperField, flattenAgainstPaper } from './paperField';
import { clearOffSheet, sheetSpans } from '../page/sheet/sheetSpans';
import type { RgbaImage } from '../shared/types';

/** 120 × 90: a grey-brown desk, a slanted sheet of off-white paper on it with dark strokes, a gradient of light across. */
function deskPhoto(): RgbaImage {
  const [width, height] = [120, 90];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const onSheet = x > 15 + y * 0.2 && x < 100 + y * 0.1 && y > 8 && y < 82;
      const light = 0.8 + (0.2 * x) / width;
      const ink = onSheet && (y % 11 === 0 || (x + y) % 17 === 0);
      const rgb = !onSheet ? [110, 90, 70] : ink ? [30, 40, 90] : [240, 236, 226];
      data.set([...rgb.map((v) => v * light), 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('flattenAgainstPaper with the sheet', () => {
  it('makes every pixel off the sheet transparent paper and divides the sheet as without it', () => {
    const image = deskPhoto();
    const spans = sheetSpans({ corners: [{ x: 16, y: 9 }, { x: 101, y: 9 }, { x: 108, y: 81 }, { x: 32, y: 81 }] }, image.width, image.height);
    const field = estimatePaperField(image, {}, spans);
    const whole = flattenAgainstPaper(image, field);
    clearOffSheet(whole, spans);
    const sheetOnly = flattenAgainstPaper(image, field, spans);
    expect([...sheetOnly.data]).toEqual([...whole.data]);
    // A pixel on the desk and one on the sheet, read directly.
    expect([...sheetOnly.data.subarray(0, 4)]).toEqual([255, 255, 255, 0]);
    const onSheet = (40 * image.width + 60) * 4;
    expect(sheetOnly.data[onSheet + 3]).toBe(255);
    expect(sheetOnly.data[onSheet]).toBeGreaterThan(200);
  });
});
