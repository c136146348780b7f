import { describe, expect, it } from 'vitest';
import { greyOverPaper } from './greyOverPaper';
import { referenceInkInBoxes } from './inkMetrics';

/** A 240 × 120 page whose paper darkens from 240 on the right to 100 on the left, with short strokes at half the paper's level. */
function shadedPage() {
  const width = 240;
  const height = 120;
  const grey = new Uint8Array(width * height);
  const stroke = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = Math.round(100 + (140 * x) / (width - 1));
      const ink = x % 40 >= 18 && x % 40 < 21 && y >= 30 && y < 90;
      stroke[y * width + x] = ink ? 1 : 0;
      grey[y * width + x] = ink ? Math.round(paper / 2) : paper;
    }
  }
  return { width, height, grey, stroke };
}

describe('greyOverPaper', () => {
  it('gives a white or bilevel page back as it was', () => {
    const grey = new Uint8Array(64 * 32).fill(255);
    for (let p = 0; p < grey.length; p += 7) grey[p] = 0;
    expect([...greyOverPaper(grey, 64, 32)]).toEqual([...grey]);
  });

  it('lifts shaded paper to near white (the brightest paper within a few blocks) and keeps each stroke at its share of the paper around it', () => {
    const { width, height, grey } = shadedPage();
    const flat = greyOverPaper(grey, width, height);
    expect(Math.min(...flat.filter((_, p) => p % width < 10 && !(p % width >= 18 && p % width < 21)))).toBeGreaterThanOrEqual(225);
    expect(flat[60 * width + 19]).toBeGreaterThan(120);
    expect(flat[60 * width + 19]).toBeLessThan(135);
  });

  it('makes the reference ink of a shaded page its strokes, not its darker half', () => {
    const { width, height, grey, stroke } = shadedPage();
    const reference = referenceInkInBoxes(grey, width, height, [[0, 0, width, height]]);
    expect([...reference]).toEqual([...stroke]);
  });
});
