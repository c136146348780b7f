import { describe, expect, it } from 'vitest';
import { labelComponents } from '../../shared/components';
import { findFilledShapes, solidWindow } from './filledShapes';

const WIDTH = 120;
const HEIGHT = 60;

function paint(mask: Uint8Array, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask[y * WIDTH + x] = 1;
}

function filledOf(mask: Uint8Array, window?: number): number[] {
  const comps = labelComponents(mask, WIDTH, HEIGHT);
  return [...findFilledShapes(comps, mask, WIDTH, HEIGHT, 20, window).slice(1)];
}

describe('findFilledShapes', () => {
  it('takes a solid block with a knocked-out letter (a logo) for a filled shape', () => {
    const mask = new Uint8Array(WIDTH * HEIGHT);
    paint(mask, 5, 5, 34, 34);
    for (let y = 12; y <= 28; y++) for (let x = 17; x <= 21; x++) mask[y * WIDTH + x] = 0;
    expect(filledOf(mask)).toEqual([1]);
  });

  it('leaves a thick pen stroke looping over the same box to the pen', () => {
    const mask = new Uint8Array(WIDTH * HEIGHT);
    // A felt-tip zigzag four cells wide across a 30 × 30 box.
    for (let i = 0; i < 30; i++) {
      const y = 5 + (i < 15 ? i * 2 : (29 - i) * 2);
      paint(mask, 5 + i, Math.max(0, y - 2), 5 + i, Math.min(HEIGHT - 1, y + 1));
    }
    paint(mask, 5, 30, 34, 33);
    expect(filledOf(mask)).toEqual([0]);
  });

  it('ignores solid shapes smaller than the smallest side (bold type, dots)', () => {
    const mask = new Uint8Array(WIDTH * HEIGHT);
    paint(mask, 50, 5, 64, 19);
    expect(filledOf(mask)).toEqual([0]);
  });

  it("judges depth against the image's strokes: a close-up's 7-cell strokes are strokes, its solid block still a shape", () => {
    const strokes = new Uint8Array(WIDTH * HEIGHT);
    // Three vertical strokes 7 cells wide joined by a bar: a pen's letters photographed close up.
    for (const x of [5, 20, 35]) paint(strokes, x, 5, x + 6, 50);
    paint(strokes, 5, 44, 41, 50);
    expect(filledOf(strokes)).toEqual([1]);
    expect(filledOf(strokes, solidWindow(7))).toEqual([0]);
    const block = new Uint8Array(WIDTH * HEIGHT);
    paint(block, 5, 5, 50, 50);
    expect(filledOf(block, solidWindow(7))).toEqual([1]);
  });
});
