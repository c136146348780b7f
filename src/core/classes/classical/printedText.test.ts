import { describe, expect, it } from 'vitest';
import { labelComponents } from '../../shared/components';
import { findPrintedGlyphs } from './printedText';

const WIDTH = 200;
const HEIGHT = 100;

/** Glyph-like boxes (`widths[i]` wide, default 5, `heights[i]` tall, 3 apart) whose bottoms sit at `bottoms[i]`, from `startX`. */
function drawRow(mask: Uint8Array, heights: number[], bottoms: number[], widths: number[] = heights.map(() => 5), startX = 10): void {
  let left = startX;
  heights.forEach((h, i) => {
    for (let y = bottoms[i] - h + 1; y <= bottoms[i]; y++) for (let x = left; x < left + widths[i]; x++) mask[y * WIDTH + x] = 1;
    left += widths[i] + 3;
  });
}

function printedIn(mask: Uint8Array, coloured: boolean, loneWords = false) {
  const comps = labelComponents(mask, WIDTH, HEIGHT);
  const colouredCells = coloured ? Int32Array.from(comps.area) : new Int32Array(comps.count + 1);
  return findPrintedGlyphs(comps, colouredCells, WIDTH, HEIGHT, loneWords).reduce((a, b) => a + b, 0);
}

const printedCount = (heights: number[], bottoms: number[], coloured: boolean, widths?: number[]) => {
  const mask = new Uint8Array(WIDTH * HEIGHT);
  drawRow(mask, heights, bottoms, widths);
  return printedIn(mask, coloured);
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

  it("counts a coloured row's length in letter widths: a bold title whose letters touch is a few wide components", () => {
    // Four components 12 tall, 118 cells wide in all (about 13 letters): a heading, not a pen's name.
    expect(printedCount([12, 12, 12, 12], [50, 50, 50, 50], true, [9, 60, 9, 40])).toBe(4);
    // The same four components as narrow as single letters: a name in separate letters.
    expect(printedCount([12, 12, 12, 12], [50, 50, 50, 50], true)).toBe(0);
  });

  it("leaves a short row far taller than the page's type to the pen, even on one baseline", () => {
    const mask = new Uint8Array(WIDTH * HEIGHT);
    // Body text: three long rows of glyphs 4 cells tall.
    for (const bottom of [10, 20, 30]) drawRow(mask, new Array(20).fill(4), new Array(20).fill(bottom), new Array(20).fill(3));
    const body = printedIn(mask, false);
    expect(body).toBe(60);
    // A written name three times the type's height, on one baseline.
    drawRow(mask, [12, 11, 12], [80, 80, 80], [8, 8, 8]);
    expect(printedIn(mask, false)).toBe(body);
    // The same name at the type's height is a short printed row.
    const typeSized = new Uint8Array(mask);
    for (let y = 60; y < HEIGHT; y++) typeSized.fill(0, y * WIDTH, (y + 1) * WIDTH);
    drawRow(typeSized, [4, 4, 4], [80, 80, 80], [3, 3, 3]);
    expect(printedIn(typeSized, false)).toBe(body + 3);
  });

  it('takes a lone bold word (letters touching, up to twice the text height) for print only when it sits on a baseline', () => {
    const page = new Uint8Array(WIDTH * HEIGHT);
    for (const bottom of [10, 20, 30]) drawRow(page, new Array(20).fill(4), new Array(20).fill(bottom), new Array(20).fill(3));
    const body = printedIn(page, false, true);
    // One component 8 tall and 40 wide: a flat-bottomed bold label.
    const label = new Uint8Array(page);
    for (let y = 43; y <= 50; y++) for (let x = 20; x < 60; x++) label[y * WIDTH + x] = 1;
    expect(printedIn(label, false, true)).toBe(body + 1);
    // The same box written: a stroke whose low points wander from column to column.
    const written = new Uint8Array(page);
    for (let x = 20; x < 60; x++) {
      const low = (x >> 1) % 2 === 0 ? 44 : 47;
      for (let y = low - 3; y <= low; y++) written[y * WIDTH + x] = 1;
    }
    expect(printedIn(written, false, true)).toBe(body);
  });

  it('takes a lone coloured word for print only when it is a bold word on a baseline (a coloured table header), not at mere text height', () => {
    const page = new Uint8Array(WIDTH * HEIGHT);
    for (const bottom of [10, 20, 30]) drawRow(page, new Array(20).fill(4), new Array(20).fill(bottom), new Array(20).fill(3));
    const comps = (mask: Uint8Array) => labelComponents(mask, WIDTH, HEIGHT);
    // Colour only the component lying lower than the body rows.
    const printedWithColouredBelow = (mask: Uint8Array) => {
      const c = comps(mask);
      const coloured = new Int32Array(c.count + 1);
      for (let l = 1; l <= c.count; l++) if (c.top[l] > 40) coloured[l] = c.area[l];
      return findPrintedGlyphs(c, coloured, WIDTH, HEIGHT, true).reduce((a, b) => a + b, 0);
    };
    const body = printedWithColouredBelow(page);
    const label = new Uint8Array(page);
    for (let y = 43; y <= 50; y++) for (let x = 20; x < 60; x++) label[y * WIDTH + x] = 1;
    expect(printedWithColouredBelow(label)).toBe(body + 1);
    // A coloured word of the text's height but only a letter or two wide (a pen's initial) stays.
    const initial = new Uint8Array(page);
    for (let y = 46; y <= 50; y++) for (let x = 20; x < 26; x++) initial[y * WIDTH + x] = 1;
    expect(printedWithColouredBelow(initial)).toBe(body);
  });
  it('leaves a short row of tall, uneven letters below the text to the pen (a name in a handwriting font), but not a letterhead above it', () => {
    const page = new Uint8Array(WIDTH * HEIGHT);
    for (const bottom of [40, 50, 60]) drawRow(page, new Array(20).fill(4), new Array(20).fill(bottom), new Array(20).fill(3));
    const body = printedIn(page, false, true);
    expect(body).toBe(60);
    // Four letters 1.25–2.25 type heights tall (mean 1.75, uneven) on one baseline: written when below the text…
    const below = new Uint8Array(page);
    drawRow(below, [9, 5, 6, 8], [85, 85, 85, 85], [6, 5, 5, 6]);
    expect(printedIn(below, false, true)).toBe(body);
    // …set when above it (a company name in a letterhead),
    const above = new Uint8Array(page);
    drawRow(above, [9, 5, 6, 8], [20, 20, 20, 20], [6, 5, 5, 6]);
    expect(printedIn(above, false, true)).toBe(body + 4);
    // and set when even (one type size, as a heading is).
    const even = new Uint8Array(page);
    drawRow(even, [8, 8, 8, 8], [85, 85, 85, 85], [6, 6, 6, 6]);
    expect(printedIn(even, false, true)).toBe(body + 4);
  });
});
