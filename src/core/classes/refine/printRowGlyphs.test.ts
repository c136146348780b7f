import { describe, expect, it } from 'vitest';
import { printGlyphsInRows } from './printRowGlyphs';
import { InkClass, type ClassMap } from '../../shared/types';

const WIDTH = 400;
const HEIGHT = 80;

/** A page with one row of 6×10 letters (3 px apart) at y 20–29; the class map calls the ink in x 150–250 handwriting, the rest print. */
function rowOfType() {
  const alpha = new Uint8Array(WIDTH * HEIGHT);
  const classes = new Uint8Array(WIDTH * HEIGHT);
  const ink = (x: number, y: number) => {
    const p = y * WIDTH + x;
    alpha[p] = 255;
    classes[p] = x >= 150 && x <= 250 ? InkClass.handwriting : InkClass.printed;
  };
  for (let left = 10; left + 6 <= 390; left += 9) for (let y = 20; y < 30; y++) for (let x = left; x < left + 6; x++) ink(x, y);
  const map: ClassMap = { width: WIDTH, height: HEIGHT, classes };
  return { alpha, map, ink };
}

const classAt = (map: ClassMap, x: number, y: number) => map.classes[y * WIDTH + x];

describe('printGlyphsInRows', () => {
  it('gives the letters of a row of type under a signature back to print', () => {
    const { alpha, map } = rowOfType();
    printGlyphsInRows(map, alpha);
    for (let x = 150; x <= 250; x++) if (alpha[25 * WIDTH + x] !== 0) expect(classAt(map, x, 25), `x=${x}`).toBe(InkClass.printed);
  });

  it('keeps the pen strokes: a long stroke under the row and a tall letter beside it', () => {
    const { alpha, map, ink } = rowOfType();
    for (let x = 140; x < 260; x++) for (let y = 40; y < 42; y++) ink(x, y); // a stroke 12 letters long
    for (let y = 8; y < 38; y++) for (let x = 200; x < 203; x++) ink(x, y); // a pen letter three rows tall, across the row
    printGlyphsInRows(map, alpha);
    expect(classAt(map, 200, 41)).toBe(InkClass.handwriting);
    expect(classAt(map, 201, 10)).toBe(InkClass.handwriting);
    expect(classAt(map, 201, 25)).toBe(InkClass.handwriting);
  });

  it('follows a row of type only while it stays straight (small pen letters climbing away from it stay)', () => {
    const { alpha, map } = rowOfType();
    // Letters in x 150–200 are taken away; a signature's small letters climb from the row there instead.
    for (let p = 0; p < alpha.length; p++) {
      const x = p % WIDTH;
      if (x >= 150 && x <= 200) alpha[p] = 0;
    }
    for (let i = 0; i < 5; i++) {
      const left = 153 + 9 * i;
      for (let y = 20 - 4 * (i + 1); y < 30 - 4 * (i + 1); y++) {
        for (let x = left; x < left + 6; x++) {
          alpha[y * WIDTH + x] = 255;
          map.classes[y * WIDTH + x] = InkClass.handwriting;
        }
      }
    }
    printGlyphsInRows(map, alpha);
    expect(classAt(map, 155, 20)).toBe(InkClass.printed); // 4 px off the row: a letter of it
    for (let i = 1; i < 5; i++) expect(classAt(map, 155 + 9 * i, 24 - 4 * (i + 1)), `letter ${i}`).toBe(InkClass.handwriting);
  });

  it('changes nothing without enough print around to judge the type size', () => {
    const alpha = new Uint8Array(WIDTH * HEIGHT);
    const classes = new Uint8Array(WIDTH * HEIGHT);
    for (let left = 150; left < 250; left += 9) {
      for (let y = 20; y < 30; y++) {
        for (let x = left; x < left + 6; x++) {
          alpha[y * WIDTH + x] = 255;
          classes[y * WIDTH + x] = InkClass.handwriting;
        }
      }
    }
    const map: ClassMap = { width: WIDTH, height: HEIGHT, classes: new Uint8Array(classes) };
    printGlyphsInRows(map, alpha);
    expect(map.classes).toEqual(classes);
  });
  it('gives back a word of the row a word space from the print beside it, and leaves a name written further from its label', () => {
    /** Print at x 10–142, a word of six letters classed handwriting `gap` px after it, then more print 30 px after the word. */
    const rowWithWord = (gap: number) => {
      const alpha = new Uint8Array(WIDTH * HEIGHT);
      const classes = new Uint8Array(WIDTH * HEIGHT);
      const letter = (left: number, cls: number) => {
        for (let y = 20; y < 30; y++) for (let x = left; x < left + 6; x++) {
          alpha[y * WIDTH + x] = 255;
          classes[y * WIDTH + x] = cls;
        }
      };
      for (let left = 10; left + 6 <= 142; left += 9) letter(left, InkClass.printed);
      const wordStart = 142 + gap;
      for (let i = 0; i < 6; i++) letter(wordStart + 9 * i, InkClass.handwriting);
      for (let left = wordStart + 45 + 36; left + 6 <= 390; left += 9) letter(left, InkClass.printed);
      const map: ClassMap = { width: WIDTH, height: HEIGHT, classes };
      printGlyphsInRows(map, alpha);
      return classAt(map, wordStart + 2, 25);
    };
    expect(rowWithWord(8)).toBe(InkClass.printed); // a word space: 0.8 of the type's height
    expect(rowWithWord(14)).toBe(InkClass.handwriting);
  });
});
