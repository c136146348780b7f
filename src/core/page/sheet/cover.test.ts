import { describe, expect, it } from 'vitest';
import type { CoverMap, RgbaImage } from '../../shared/types';
import { clearCovered } from './cover';

/** A page of one colour; pale by default, below the rim step's darkness, so only the map's interpolation clears. */
function inkedPage(width: number, height: number, colour = [225, 230, 235]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([...colour, 255], i * 4);
  return { width, height, data };
}

/** A cover map of `cells` × `cells` over the frame with the given cells covered (probability 1) and the rest 0. */
function coverOf(cells: number, covered: (i: number, j: number) => boolean): CoverMap {
  const probability = new Float32Array(cells * cells);
  for (let j = 0; j < cells; j++) for (let i = 0; i < cells; i++) probability[j * cells + i] = covered(i, j) ? 1 : 0;
  return { width: cells, height: cells, probability };
}

describe('clearCovered', () => {
  it('makes the pixels under a covered block transparent paper, reaching past the halfway line between cell centres', () => {
    // 8 × 8 cells over 80 × 40 pixels (cells 10 × 5 px, stretched as the model's frame is); cells 2–4 of rows 2–5 covered.
    const image = inkedPage(80, 40);
    clearCovered(image, coverOf(8, (i, j) => i >= 2 && i <= 4 && j >= 2 && j <= 5));
    const alpha = (x: number, y: number) => image.data[(y * 80 + x) * 4 + 3];
    expect([...image.data.subarray((20 * 80 + 30) * 4, (20 * 80 + 30) * 4 + 4)]).toEqual([255, 255, 255, 0]);
    // Along row 20 the probability falls from 1 at the covered cells' centres (x 25, 45) to 0 at the free
    // ones' (15, 55); the cleared span runs from about 16 to 53, past the halfway lines (20, 50): an
    // object's rim goes with it.
    const clearedInRow = [...Array(80).keys()].filter((x) => alpha(x, 20) === 0);
    expect(clearedInRow[0]).toBeGreaterThanOrEqual(16);
    expect(clearedInRow[0]).toBeLessThanOrEqual(17);
    expect(clearedInRow.at(-1)).toBeGreaterThanOrEqual(52);
    expect(clearedInRow.at(-1)).toBeLessThanOrEqual(53);
    expect(clearedInRow.at(-1)! - clearedInRow[0] + 1).toBe(clearedInRow.length);
    // The free cells' centres keep their ink, and so does everything a cell away.
    expect(alpha(15, 20)).toBe(255);
    expect(alpha(30, 7)).toBe(255);
    expect(alpha(30, 8)).toBe(0);
    expect([...image.data.subarray((5 * 80 + 5) * 4, (5 * 80 + 5) * 4 + 4)]).toEqual([225, 230, 235, 255]);
  });

  it('leaves a page with nothing on it byte for byte', () => {
    const image = inkedPage(50, 70);
    const before = image.data.slice();
    expect(clearCovered(image, coverOf(16, () => false))).toBe(0);
    expect(image.data).toEqual(before);
  });

  it('follows the map to the frame edge (nearest cell beyond the outer centres)', () => {
    const image = inkedPage(40, 40);
    clearCovered(image, coverOf(4, (i, j) => i === 0 && j === 0));
    expect(image.data[3]).toBe(0);
    expect(image.data[(39 * 40 + 39) * 4 + 3]).toBe(255);
  });

  it('clears the dark rim the patch leaves of an object, half a cell past it, and no ink farther or apart from it', () => {
    // As above, the patch spans x 16–53 on row 20 (cells 10 × 5 px: the rim reach is 5 px). A dark
    // object covers x 10–58, y 6–34, a pen stroke runs on from it along row 20 to the left edge, and a
    // dark speck lies apart at (70, 5).
    const image = inkedPage(80, 40, [255, 255, 255]);
    const dark = (x: number, y: number) => image.data.set([30, 30, 40, 255], (y * 80 + x) * 4);
    for (let y = 6; y <= 34; y++) for (let x = 10; x <= 58; x++) dark(x, y);
    for (let x = 0; x < 10; x++) dark(x, 20);
    dark(70, 5);
    clearCovered(image, coverOf(8, (i, j) => i >= 2 && i <= 4 && j >= 2 && j <= 5));
    const alpha = (x: number, y: number) => image.data[(y * 80 + x) * 4 + 3];
    // The rim left and right of the patch, up to 5 px from it, is cleared.
    expect([12, 13, 14, 15].map((x) => alpha(x, 20))).toEqual([0, 0, 0, 0]);
    expect([54, 55, 56, 57].map((x) => alpha(x, 20))).toEqual([0, 0, 0, 0]);
    // Farther along the stroke the ink stays, and so does the speck and the paper.
    expect(alpha(10, 20)).toBe(255);
    expect(alpha(5, 20)).toBe(255);
    expect(alpha(70, 5)).toBe(255);
    expect([...image.data.subarray((38 * 80 + 40) * 4, (38 * 80 + 40) * 4 + 4)]).toEqual([255, 255, 255, 255]);
  });
});
