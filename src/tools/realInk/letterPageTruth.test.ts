import { describe, expect, it } from 'vitest';
import { InkClass } from '../../core/shared/types';
import { letterPageClasses, UNLABELLED, type Rect } from './letterPageTruth';

/** A blank page with pieces of ink drawn as filled rectangles [x0, y0, x1, y1). */
function page(width: number, height: number, pieces: Rect[]): Uint8Array {
  const alpha = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of pieces) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) alpha[y * width + x] = 200;
  return alpha;
}

describe('the class truth of a real signed letter', () => {
  const width = 400;
  const height = 300;
  const box: Rect = [200, 150, 380, 280];
  const typedName: Rect = [210, 250, 300, 270];
  const signature: Rect = [220, 170, 360, 175]; // a stroke: a filled 140 × 30 block would be a solid blob
  const typedLetter: Rect = [215, 255, 225, 265];
  const letterRow: Rect = [20, 40, 120, 50];
  const underline: Rect = [20, 100, 190, 102];
  const edgeBar: Rect = [0, 0, 4, 300];
  const speck: Rect = [100, 120, 103, 123];
  const alpha = page(width, height, [signature, typedLetter, letterRow, underline, edgeBar, speck]);
  const classes = letterPageClasses(alpha, width, height, [box], [typedName]);
  const at = (x: number, y: number) => classes[y * width + x];

  it('calls the ink in the box handwriting, the typed text marked in it print', () => {
    expect(at(250, 172)).toBe(InkClass.handwriting);
    expect(at(218, 258)).toBe(InkClass.printed);
  });

  it('leaves the ink outside the boxes unlabelled, except long straight lines', () => {
    expect(at(50, 45)).toBe(UNLABELLED);
    expect(at(100, 101)).toBe(InkClass.formLine);
    expect(at(1, 100)).toBe(UNLABELLED); // at the edge: a scanner's border, or writing a crop cut
    expect(at(101, 121)).toBe(UNLABELLED); // a speck: dust, or the dot of a letter
    expect(at(10, 10)).toBe(0);
  });

  it('follows a signature stroke out of its box, but not into typed text it crosses', () => {
    const stroke: Rect = [150, 185, 260, 190]; // most of it in the box
    const crossing: Rect = [240, 200, 245, 262]; // from the signature down through the typed name
    const a = page(width, height, [stroke, crossing]);
    const c = letterPageClasses(a, width, height, [box], [typedName]);
    expect(c[187 * width + 160]).toBe(InkClass.handwriting);
    expect(c[255 * width + 242]).toBe(InkClass.printed);
    expect(c[220 * width + 242]).toBe(InkClass.handwriting);
  });

  it('rejects an alpha of the wrong size', () => {
    expect(() => letterPageClasses(new Uint8Array(5), 2, 2, [], [])).toThrow(/size/);
  });
});

describe('unlabelled ink in the training targets (models/prepare.ts)', () => {
  it('casts no vote, and a cell holding only such ink is marked for the loss to skip', async () => {
    const { cellTargets } = await import('../../../models/prepare');
    // 4 × 2 pixels → 2 × 1 cells: the left cell holds print and unlabelled ink, the right only unlabelled ink.
    const alpha = new Uint8Array([200, 200, 200, 200, 200, 0, 0, 0]);
    const classes = new Uint8Array([InkClass.printed, UNLABELLED, UNLABELLED, UNLABELLED, UNLABELLED, 0, 0, 0]);
    const targets = cellTargets(alpha, classes, 4, 2, 2, 1);
    expect(targets[0]).toBe(InkClass.printed);
    expect(targets[2]).toBe(255); // the print is all of the labelled ink
    expect(targets[3]).toBe(UNLABELLED);
    expect(targets[4]).toBe(Math.round((255 * 2) / 4)); // its ink share still counts
  });
});
