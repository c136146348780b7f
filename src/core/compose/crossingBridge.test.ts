import { describe, expect, it } from 'vitest';
import { keptClasses, COMPOSITION } from './composition';
import { bridgeCrossings } from './crossingBridge';
import { InkClass, type ClassMap, type RgbaImage } from '../shared/types';

const SIZE = 48;
type Colour = [number, number, number];
const VIOLET: Colour = [120, 60, 200];
const NAVY: Colour = [30, 40, 120];
const BLACK: Colour = [20, 20, 20];

/** A blank full-resolution page and a painter of rectangles of one ink and class (x1, y1 inclusive). */
function blankPage() {
  const data = new Uint8ClampedArray(SIZE * SIZE * 4).fill(255);
  const alpha = new Uint8Array(SIZE * SIZE);
  const classes = new Uint8Array(SIZE * SIZE);
  const paint = (x0: number, y0: number, x1: number, y1: number, colour: Colour, cls: number, a = 255) => {
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * SIZE + x;
        data.set([...colour, 255], p * 4);
        alpha[p] = a;
        classes[p] = cls;
      }
    }
  };
  const image: RgbaImage = { width: SIZE, height: SIZE, data };
  const map: ClassMap = { width: SIZE, height: SIZE, classes };
  return { image, alpha, map, paint };
}

const at = (map: ClassMap, x: number, y: number) => map.classes[y * SIZE + x];
const colourAt = (image: RgbaImage, x: number, y: number) => Array.from(image.data.subarray((y * SIZE + x) * 4, (y * SIZE + x) * 4 + 3));

describe('bridgeCrossings', () => {
  it("continues a stamp's line under the printed stem it crosses, in the stamp's colour, and leaves the stem removed", () => {
    const { image, alpha, map, paint } = blankPage();
    paint(0, 18, SIZE - 1, 20, VIOLET, InkClass.stamp, 200);
    // The stem is printed over the line: the crossing is black and labelled print.
    paint(22, 5, 24, 40, BLACK, InkClass.printed);
    bridgeCrossings(map, image, alpha, keptClasses(COMPOSITION['stamp+aggressive']));
    for (let y = 18; y <= 20; y++) {
      for (let x = 22; x <= 24; x++) {
        expect(at(map, x, y), `x=${x} y=${y}`).toBe(InkClass.stamp);
        expect(colourAt(image, x, y)).toEqual(VIOLET);
        expect(alpha[y * SIZE + x]).toBe(200);
      }
    }
    for (const y of [5, 17, 21, 40]) expect(at(map, 23, y), `y=${y}`).toBe(InkClass.printed);
  });

  /** A form line at rows 30–31 crossed by two pen strokes (x 10–12 and 18–20); the crossings labelled `crossing`. */
  function penOnLine(crossing: number) {
    const page = blankPage();
    page.paint(0, 30, SIZE - 1, 31, BLACK, InkClass.formLine);
    for (const x of [10, 18]) {
      page.paint(x, 12, x + 2, 44, NAVY, InkClass.handwriting);
      page.paint(x, 30, x + 2, 31, BLACK, crossing);
    }
    bridgeCrossings(page.map, page.image, page.alpha, keptClasses(COMPOSITION['signature+aggressive']));
    return page;
  }

  it('continues a pen stroke across the form line it crosses', () => {
    const { image, map } = penOnLine(InkClass.formLine);
    for (const x of [10, 12, 18, 20]) {
      for (const y of [30, 31]) {
        expect(at(map, x, y), `x=${x} y=${y}`).toBe(InkClass.handwriting);
        expect(colourAt(image, x, y)).toEqual(NAVY);
      }
    }
    for (const x of [5, 15, 30]) expect(at(map, x, 30), `x=${x}`).toBe(InkClass.formLine);
  });

  it('leaves removed the stretch of form line between two letters written on it (the line lies along the run)', () => {
    const { map } = penOnLine(InkClass.handwriting);
    for (let x = 13; x <= 17; x++) for (const y of [30, 31]) expect(at(map, x, y), `x=${x} y=${y}`).toBe(InkClass.formLine);
  });

  it('leaves print that the kept ink only touches, or reaches across paper', () => {
    const { image, alpha, map, paint } = blankPage();
    paint(0, 18, 19, 20, VIOLET, InkClass.stamp);
    paint(20, 14, 25, 24, BLACK, InkClass.printed);
    // The stamp's line goes on beyond a gap of paper after the print.
    paint(28, 18, SIZE - 1, 20, VIOLET, InkClass.stamp);
    bridgeCrossings(map, image, alpha, keptClasses(COMPOSITION['stamp+aggressive']));
    for (let y = 14; y <= 24; y++) for (let x = 20; x <= 25; x++) expect(at(map, x, y), `x=${x} y=${y}`).toBe(InkClass.printed);
  });

  it("leaves a pen stroke across the stamp the pen's: only print and form lines are continued under", () => {
    const { image, alpha, map, paint } = blankPage();
    paint(0, 18, SIZE - 1, 20, VIOLET, InkClass.stamp);
    paint(22, 5, 24, 40, NAVY, InkClass.handwriting);
    bridgeCrossings(map, image, alpha, keptClasses(COMPOSITION['stamp+aggressive']));
    for (let y = 18; y <= 20; y++) expect(at(map, 23, y), `y=${y}`).toBe(InkClass.handwriting);
  });

  it('joins only one kept stroke to itself: print between a pen and a stamp stays removed when both are kept', () => {
    const { image, alpha, map, paint } = blankPage();
    paint(0, 18, 21, 20, NAVY, InkClass.handwriting);
    paint(22, 5, 24, 40, BLACK, InkClass.printed);
    paint(25, 18, SIZE - 1, 20, VIOLET, InkClass.stamp);
    bridgeCrossings(map, image, alpha, keptClasses(COMPOSITION['advanced+aggressive']));
    for (let y = 18; y <= 20; y++) for (let x = 22; x <= 24; x++) expect(at(map, x, y), `x=${x} y=${y}`).toBe(InkClass.printed);
  });

  it('changes nothing when the rule keeps the crossed ink (all ink kept)', () => {
    const { image, alpha, map, paint } = blankPage();
    paint(0, 18, SIZE - 1, 20, VIOLET, InkClass.stamp);
    paint(22, 5, 24, 40, BLACK, InkClass.printed);
    const before = map.classes.slice();
    bridgeCrossings(map, image, alpha, keptClasses(COMPOSITION.basic));
    expect(map.classes).toEqual(before);
  });
});
