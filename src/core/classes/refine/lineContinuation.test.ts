import { describe, expect, it } from 'vitest';
import { continueFormLines } from './lineContinuation';
import { InkClass, type ClassMap, type RgbaImage } from '../../shared/types';

const WIDTH = 400;
const HEIGHT = 120;
const LINE_ROWS = [80, 81];
const CROSSING_COLUMNS = [150, 151, 152, 250, 251, 252];

/**
 * A signature line at rows 80–81 across the page, crossed by two vertical pen strokes (x 150–152
 * and 250–252, rows 40–100), in one grey or a blue pen. The labels are those of a cell-level map
 * lifted to full resolution: the line is a form line outside x 120–280 and handwriting inside.
 */
function page(pen: [number, number, number], line: [number, number, number] = [60, 60, 60]): { image: RgbaImage; alpha: Uint8Array; map: ClassMap } {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(255);
  const alpha = new Uint8Array(WIDTH * HEIGHT);
  const classes = new Uint8Array(WIDTH * HEIGHT);
  const ink = (x: number, y: number, colour: [number, number, number], cls: number) => {
    const p = y * WIDTH + x;
    data.set([...colour, 255], p * 4);
    alpha[p] = 255;
    classes[p] = cls;
  };
  for (const y of LINE_ROWS) for (let x = 20; x < 380; x++) ink(x, y, line, x >= 120 && x < 280 ? InkClass.handwriting : InkClass.formLine);
  for (const x of CROSSING_COLUMNS) for (let y = 40; y <= 100; y++) ink(x, y, pen, InkClass.handwriting);
  return { image: { width: WIDTH, height: HEIGHT, data }, alpha, map: { width: WIDTH, height: HEIGHT, classes } };
}

const at = (map: ClassMap, x: number, y: number) => map.classes[y * WIDTH + x];

describe('continueFormLines', () => {
  it('relabels the line under the signature as form line and keeps the strokes that cross it', () => {
    const { image, alpha, map } = page([60, 60, 60]);
    continueFormLines(map, image, alpha);
    for (const y of LINE_ROWS) {
      for (let x = 20; x < 380; x++) {
        const expected = CROSSING_COLUMNS.includes(x) ? InkClass.handwriting : InkClass.formLine;
        expect(at(map, x, y), `x=${x} y=${y}`).toBe(expected);
      }
    }
    for (const x of CROSSING_COLUMNS) expect(at(map, x, 60)).toBe(InkClass.handwriting);
  });

  it('leaves a long straight pen stroke alone when no part of it is a form line', () => {
    const { image, alpha, map } = page([60, 60, 60]);
    for (let p = 0; p < map.classes.length; p++) if (map.classes[p] === InkClass.formLine) map.classes[p] = InkClass.handwriting;
    const before = map.classes.slice();
    continueFormLines(map, image, alpha);
    expect(map.classes).toEqual(before);
  });

  it('does not take ink of another colour into a line (a blue underline stroke on a black rule)', () => {
    const { image, alpha, map } = page([30, 50, 160], [40, 40, 40]);
    // The pen draws its own underline along the rule's row 81 inside x 140–260.
    for (let x = 140; x < 260; x++) {
      const p = 81 * WIDTH + x;
      image.data.set([30, 50, 160, 255], p * 4);
    }
    continueFormLines(map, image, alpha);
    for (let x = 140; x < 260; x++) expect(at(map, x, 81), `x=${x}`).toBe(InkClass.handwriting);
    expect(at(map, 130, 80)).toBe(InkClass.formLine);
  });

  it('is deterministic and ignores maps not at full resolution', () => {
    const a = page([60, 60, 60]);
    const b = page([60, 60, 60]);
    continueFormLines(a.map, a.image, a.alpha);
    continueFormLines(b.map, b.image, b.alpha);
    expect(a.map.classes).toEqual(b.map.classes);
    const coarse: ClassMap = { width: 100, height: 30, classes: new Uint8Array(3000).fill(InkClass.handwriting) };
    continueFormLines(coarse, a.image, a.alpha);
    expect(coarse.classes.every((c) => c === InkClass.handwriting)).toBe(true);
  });
});
