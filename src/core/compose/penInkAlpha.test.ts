import { describe, expect, it } from 'vitest';
import { computeInkAlpha, type AlphaThresholds } from '../paper/inkAlpha';
import { measurePenInk } from './penInkAlpha';
import { InkClass, type ClassMap, type RgbaImage } from '../shared/types';

const WIDTH = 40;
const HEIGHT = 20;
const THRESHOLDS: AlphaThresholds = { transparentBelow: 20, opaqueAbove: 130 };

/**
 * A horizontal stroke along x 5–34 as a soft photo shows it: rows 9–10 at the core's deficit, the
 * rows either side fading to paper (`shoulders`, nearest first). Blue-black ink; the map says `stroke`.
 */
function softStroke(stroke: number, core: number, shoulders: readonly number[]) {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(255);
  const classes = new Uint8Array(WIDTH * HEIGHT);
  const paint = (y: number, deficit: number) => {
    for (let x = 5; x < 35; x++) {
      const i = (y * WIDTH + x) * 4;
      data[i] = 255 - deficit * 0.9;
      data[i + 1] = 255 - deficit * 0.85;
      data[i + 2] = 255 - deficit * 0.6;
      classes[y * WIDTH + x] = stroke;
    }
  };
  paint(9, core);
  paint(10, core);
  shoulders.forEach((deficit, k) => {
    paint(8 - k, deficit);
    paint(11 + k, deficit);
  });
  const flattened: RgbaImage = { width: WIDTH, height: HEIGHT, data };
  const map: ClassMap = { width: WIDTH, height: HEIGHT, classes };
  return { flattened, map, alpha: computeInkAlpha(flattened, THRESHOLDS) };
}

const at = (alpha: Uint8Array, y: number) => alpha[y * WIDTH + 20];

describe('measurePenInk', () => {
  it('measures a dark pen stroke’s blurred shoulders against its core: less than half covered stays under half opacity', () => {
    const { flattened, map, alpha } = softStroke(InkClass.handwriting, 210, [150, 90, 40]);
    expect(at(alpha, 8), 'before: the page ramp is opaque at 130').toBe(255);
    expect(at(alpha, 7), 'before: a shoulder at 90 of 210 counts as ink').toBeGreaterThanOrEqual(128);
    measurePenInk(map, flattened, alpha, THRESHOLDS);
    expect(at(alpha, 9)).toBe(255);
    expect(at(alpha, 10)).toBe(255);
    expect(at(alpha, 8)).toBeLessThan(255);
    expect(at(alpha, 8)).toBeGreaterThanOrEqual(128);
    expect(at(alpha, 7)).toBeLessThan(128);
    expect(at(alpha, 12)).toBe(at(alpha, 7));
    expect(at(alpha, 6)).toBeGreaterThan(0);
    expect(at(alpha, 2)).toBe(0); // paper stays paper
  });

  it('leaves a faint pen, whose core is below the page’s ramp, as it was', () => {
    const { flattened, map, alpha } = softStroke(InkClass.handwriting, 110, [70, 40]);
    const before = alpha.slice();
    measurePenInk(map, flattened, alpha, THRESHOLDS);
    expect(alpha).toEqual(before);
  });

  it('leaves ink of other classes as it was (print, stamps)', () => {
    for (const stroke of [InkClass.printed, InkClass.stamp, InkClass.formLine]) {
      const { flattened, map, alpha } = softStroke(stroke, 210, [150, 90, 40]);
      const before = alpha.slice();
      measurePenInk(map, flattened, alpha, THRESHOLDS);
      expect(alpha).toEqual(before);
    }
  });
});
