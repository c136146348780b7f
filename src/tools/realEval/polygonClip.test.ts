import { describe, expect, it } from 'vitest';
import { polygonArea, polygonMask, signedArea } from '../../core/shared/polygon';
import { clipPolygon, framePolygon, isConvex, polygonIoU, type Vertex } from './polygonClip';

const polygonPixels = (polygon: readonly Vertex[], width: number, height: number): Uint8Array => polygonMask(polygon, width, height, 1);

const square = (x: number, y: number, side: number): Vertex[] => [
  { x, y },
  { x: x + side, y },
  { x: x + side, y: y + side },
  { x, y: y + side },
];

describe('polygon area and convexity', () => {
  it('measures by the shoelace formula, signed by winding on screen', () => {
    expect(signedArea(square(0, 0, 2))).toBe(4);
    expect(signedArea([...square(0, 0, 2)].reverse())).toBe(-4);
    expect(polygonArea([{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 0, y: 3 }])).toBe(6);
    expect(polygonArea([])).toBe(0);
  });

  it('tells a convex quadrilateral from a dart, a degenerate one and a non-finite one', () => {
    expect(isConvex(square(1, 1, 3))).toBe(true);
    expect(isConvex([{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 4 }])).toBe(false);
    expect(isConvex([{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 }, { x: 3, y: 3 }])).toBe(false);
    expect(isConvex([{ x: 0, y: 0 }, { x: NaN, y: 0 }, { x: 1, y: 1 }])).toBe(false);
  });
});

describe('Sutherland–Hodgman clipping', () => {
  it('keeps the overlap of two squares, whatever the clip polygon\'s winding', () => {
    const overlap = clipPolygon(square(0, 0, 4), square(2, 1, 4));
    expect(polygonArea(overlap)).toBeCloseTo(6, 10);
    expect(polygonArea(clipPolygon(square(0, 0, 4), [...square(2, 1, 4)].reverse()))).toBeCloseTo(6, 10);
  });

  it('returns the subject inside, nothing outside', () => {
    expect(polygonArea(clipPolygon(square(1, 1, 2), square(0, 0, 10)))).toBe(4);
    expect(clipPolygon(square(20, 20, 2), square(0, 0, 10))).toEqual([]);
  });

  it('cuts a diamond by a frame into an octagon of the right area', () => {
    const diamond = [{ x: 5, y: -1 }, { x: 11, y: 5 }, { x: 5, y: 11 }, { x: -1, y: 5 }];
    // The diamond's area 72 less its four tips outside the 10 × 10 frame, each 1 high on a base of 2 (area 1).
    expect(polygonArea(clipPolygon(diamond, framePolygon(10, 10)))).toBeCloseTo(68, 10);
  });

  it('clips a non-convex subject by a convex polygon', () => {
    const ell = [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 4 }, { x: 0, y: 4 }];
    expect(polygonArea(clipPolygon(ell, square(0, 0, 2)))).toBeCloseTo(3, 10);
  });

  it('refuses a non-convex clip polygon', () => {
    expect(() => clipPolygon(square(0, 0, 1), [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 4 }])).toThrow(/convex/);
  });
});

describe('polygon IoU inside the frame', () => {
  it('is 1 for the same quadrilateral, and the overlap share otherwise', () => {
    const quad = [{ x: 10, y: 12 }, { x: 80, y: 8 }, { x: 86, y: 90 }, { x: 6, y: 84 }];
    expect(polygonIoU(quad, quad, 100, 100)).toBeCloseTo(1, 12);
    // Overlap 6, union 16 + 16 − 6.
    expect(polygonIoU(square(0, 0, 4), square(2, 1, 4), 100, 100)).toBeCloseTo(6 / 26, 12);
    expect(polygonIoU(square(0, 0, 4), square(10, 10, 4), 100, 100)).toBe(0);
  });

  it('counts only what lies inside the frame: a sheet partly out of it, and the whole frame as the answer', () => {
    const sheet = [{ x: -20, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 60 }, { x: -20, y: 60 }];
    // In the 100 × 80 frame the sheet is 50 × 50; the whole frame is 8000.
    expect(polygonIoU(framePolygon(100, 80), sheet, 100, 80)).toBeCloseTo(2500 / 8000, 12);
    expect(polygonIoU(square(0, 10, 50), sheet, 100, 80)).toBeCloseTo(1, 12);
    expect(polygonIoU(square(200, 200, 5), square(300, 300, 5), 100, 80)).toBeNaN();
  });

  it('refuses a non-convex truth', () => {
    expect(() => polygonIoU(square(0, 0, 4), [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 4 }], 10, 10)).toThrow(/convex/);
  });
});

describe('pixels inside a polygon', () => {
  it('covers the pixels whose centre is inside', () => {
    const inside = polygonPixels(square(1, 1, 2), 4, 4);
    expect([...inside]).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  });

  it('agrees with the area for a tilted quadrilateral, and stays in the frame', () => {
    const quad = [{ x: 30, y: -15 }, { x: 140, y: 20 }, { x: 110, y: 130 }, { x: 5, y: 95 }];
    const covered = polygonPixels(quad, 120, 100).reduce((sum, v) => sum + v, 0);
    const area = polygonArea(clipPolygon(quad, framePolygon(120, 100)));
    expect(Math.abs(covered - area) / area).toBeLessThan(0.01);
    expect(polygonPixels(square(-5, -5, 3), 4, 4).every((v) => v === 0)).toBe(true);
  });
});
