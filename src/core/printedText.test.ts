import { describe, expect, it } from 'vitest';
import { labelComponents } from './components';
import { findPrintedGlyphs } from './printedText';

/** A mask of glyph-like boxes (5 wide, `heights[i]` tall, 3 apart) whose bottoms sit at `bottoms[i]`. */
function row(heights: number[], bottoms: number[]) {
  const width = 200;
  const height = 100;
  const mask = new Uint8Array(width * height);
  heights.forEach((h, i) => {
    const left = 10 + i * 8;
    for (let y = bottoms[i] - h + 1; y <= bottoms[i]; y++) for (let x = left; x < left + 5; x++) mask[y * width + x] = 1;
  });
  const comps = labelComponents(mask, width, height);
  return { comps, width, height };
}

const printedCount = (heights: number[], bottoms: number[], coloured: boolean) => {
  const { comps, width, height } = row(heights, bottoms);
  const colouredCells = coloured ? Int32Array.from(comps.area) : new Int32Array(comps.count + 1);
  return findPrintedGlyphs(comps, colouredCells, width, height, false).reduce((a, b) => a + b, 0);
};

describe('findPrintedGlyphs', () => {
  const even = [12, 12, 12, 12, 12, 12];
  const onBaseline = [50, 50, 50, 50, 50, 50];
  const wandering = [50, 53, 50, 47, 50, 53];

  it('takes a short coloured row set on one baseline for print (a coloured heading)', () => {
    expect(printedCount(even, onBaseline, true)).toBe(6);
  });

  it('leaves a short coloured row of separate letters off a baseline to the pen', () => {
    expect(printedCount(even, wandering, true)).toBe(0);
  });

  it('needs a baseline for very short neutral rows only', () => {
    expect(printedCount([12, 12, 12, 12], [50, 53, 50, 47], false)).toBe(0);
    expect(printedCount([12, 12, 12, 12], [50, 50, 50, 50], false)).toBe(4);
    expect(printedCount(even, wandering, false)).toBe(6);
  });
});
