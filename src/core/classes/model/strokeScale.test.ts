import { describe, expect, it } from 'vitest';
import { typicalStrokeWidth } from '../../shared/strokeWidth';
import { MAX_PAGE_STROKE, MIN_MODEL_LONG_SIDE, PAGE_PEN_STROKE, strokeNormalisedLongSide } from './strokeScale';

/** Ink alpha of vertical strokes `stroke` px wide every `pitch` px, over the whole image. */
function strokes(width: number, height: number, stroke: number, pitch: number): Uint8Array {
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (x % pitch < stroke) alpha[y * width + x] = 255;
  return alpha;
}

describe('typicalStrokeWidth', () => {
  it('is the width of the strokes crossed along the rows', () => {
    expect(typicalStrokeWidth(strokes(400, 100, 5, 20), 400, 100)).toBe(5);
    expect(typicalStrokeWidth(strokes(400, 100, 2, 9), 400, 100)).toBe(2);
  });

  it('does not count solid areas wider than an eighth of the image, and is 0 without ink', () => {
    const alpha = strokes(800, 100, 3, 30);
    for (let y = 0; y < 100; y++) alpha.fill(255, y * 800 + 400, y * 800 + 800);
    expect(typicalStrokeWidth(alpha, 800, 100)).toBe(3);
    expect(typicalStrokeWidth(new Uint8Array(800 * 100), 800, 100)).toBe(0);
  });
});

describe('strokeNormalisedLongSide', () => {
  it("keeps the model's long side for a page whose strokes come out page-thin", () => {
    // A 2-MP page with 3-px pen strokes: 3 × 1024 / 1680 ≈ 1.8 model pixels.
    expect(strokeNormalisedLongSide(strokes(1680, 1188, 3, 25), 1680, 1188, 1024)).toBe(1024);
  });

  it('shrinks a close-up until its strokes are a page pen width at the model scale', () => {
    // A photo of only a signature: 2400 px wide, 24-px strokes would be 10 model pixels at 1024.
    const longSide = strokeNormalisedLongSide(strokes(2400, 800, 24, 90), 2400, 800, 1024);
    expect(longSide).toBeLessThan(1024);
    expect((24 * longSide) / 2400).toBeCloseTo(PAGE_PEN_STROKE, 1);
    expect((24 * longSide) / 2400).toBeLessThanOrEqual(MAX_PAGE_STROKE);
  });

  it('never goes below the smallest long side', () => {
    expect(strokeNormalisedLongSide(strokes(300, 100, 30, 60), 300, 100, 1024)).toBe(MIN_MODEL_LONG_SIDE);
  });
});
