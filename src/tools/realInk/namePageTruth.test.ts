import { describe, expect, it } from 'vitest';
import { InkClass } from '../../core/shared/types';
import { namePageClasses } from './namePageTruth';

/** A page from rows of text: '#' ink, '.' paper. */
function page(rows: string[]): { alpha: Uint8Array; width: number; height: number } {
  const width = rows[0].length;
  const alpha = new Uint8Array(rows.join('').split('').map((c) => (c === '#' ? 200 : 0)));
  return { alpha, width, height: rows.length };
}

describe('the class truth of a page of pen-written names', () => {
  it('calls the strokes handwriting and what touches the page edge noise, paper stays paper', () => {
    const { alpha, width, height } = page([
      '#...............',
      '#...............',
      '#...............',
      '#...............',
      '#....#..........',
      '#...###.........',
      '#....#.##.......',
      '#.......#.......',
      '#...............',
      '#...............',
      '#...............',
      '#...............',
    ]);
    const classes = namePageClasses(alpha, width, height);
    const at = (x: number, y: number) => classes[y * width + x];
    expect(at(0, 0)).toBe(InkClass.noise);
    expect(at(5, 5)).toBe(InkClass.handwriting);
    expect(at(8, 7)).toBe(InkClass.handwriting);
    expect(at(3, 1)).toBe(InkClass.paper);
    expect([...classes].filter((c) => c === InkClass.handwriting)).toHaveLength(8);
  });

  it('calls a large solid blob noise and a long thin stroke of a larger area handwriting', () => {
    const width = 600;
    const height = 160;
    const alpha = new Uint8Array(width * height);
    for (let y = 10; y < 60; y++) for (let x = 10; x < 60; x++) alpha[y * width + x] = 255; // 2 500 px, filled
    let stroke = 0;
    for (let x = 10; x < 590; x++) {
      const y0 = 110 + Math.round(25 * Math.sin(x / 8));
      const y1 = 110 + Math.round(25 * Math.sin((x + 1) / 8));
      for (let y = Math.min(y0, y1); y <= Math.max(y0, y1) + 2; y++) {
        if (!alpha[y * width + x]) stroke++;
        alpha[y * width + x] = 255;
      }
    }
    expect(stroke).toBeGreaterThan(2500);
    const classes = namePageClasses(alpha, width, height);
    expect(classes[30 * width + 30]).toBe(InkClass.noise);
    expect(classes[(110 + Math.round(25 * Math.sin(300 / 8))) * width + 300]).toBe(InkClass.handwriting);
  });
});
