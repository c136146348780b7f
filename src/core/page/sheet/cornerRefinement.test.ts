import { describe, expect, it } from 'vitest';
import { polygonMask } from '../../shared/polygon';
import type { Point, RgbaImage, SheetOutline } from '../../shared/types';
import { REFINE_INSET, refineSheetCorners } from './cornerRefinement';

/** A light sheet on a brown desk, its edges anti-aliased (4 × 4 supersampled), with a little noise. */
function photo(width: number, height: number, sheet: Point[]): RgbaImage {
  const fine = polygonMask(
    sheet.map((p) => ({ x: p.x * 4, y: p.y * 4 })),
    width * 4,
    height * 4,
    1,
  );
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return (seed / 2147483648 - 0.5) * 6;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let cover = 0;
      for (let j = 0; j < 4; j++) for (let i = 0; i < 4; i++) cover += fine[(y * 4 + j) * width * 4 + x * 4 + i];
      const share = cover / 16;
      const o = (y * width + x) * 4;
      const n = noise();
      data[o] = 95 + share * (240 - 95) + n;
      data[o + 1] = 70 + share * (238 - 70) + n;
      data[o + 2] = 50 + share * (230 - 50) + n;
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

/** The quad's sides moved `by` pixels towards its centre, and their crossings. */
function insetQuad(corners: Point[], by: number): Point[] {
  const centre = corners.reduce((c, p) => ({ x: c.x + p.x / 4, y: c.y + p.y / 4 }), { x: 0, y: 0 });
  const sides = corners.map((a, k) => {
    const b = corners[(k + 1) % 4];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    let nx = -(b.y - a.y) / length;
    let ny = (b.x - a.x) / length;
    if ((centre.x - a.x) * nx + (centre.y - a.y) * ny < 0) [nx, ny] = [-nx, -ny];
    return { a: { x: a.x + nx * by, y: a.y + ny * by }, b: { x: b.x + nx * by, y: b.y + ny * by } };
  });
  return corners.map((_, k) => {
    const s = sides[(k + 3) % 4];
    const t = sides[k];
    const d1 = { x: s.b.x - s.a.x, y: s.b.y - s.a.y };
    const d2 = { x: t.b.x - t.a.x, y: t.b.y - t.a.y };
    const det = d1.x * d2.y - d1.y * d2.x;
    const u = ((t.a.x - s.a.x) * d2.y - (t.a.y - s.a.y) * d2.x) / det;
    return { x: s.a.x + d1.x * u, y: s.a.y + d1.y * u };
  });
}

const outline = (corners: Point[]): SheetOutline => ({ corners: corners as SheetOutline['corners'] });
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

describe('refineSheetCorners', () => {
  const sheet = [
    { x: 150.3, y: 80.6 },
    { x: 650.2, y: 112.4 },
    { x: 618.7, y: 540.1 },
    { x: 121.5, y: 497.8 },
  ];
  const image = photo(800, 600, sheet);

  it('places corners found 8–9 px off on the sheet\'s own edges (moved the inset into the sheet)', () => {
    const expected = insetQuad(sheet, REFINE_INSET);
    // 8–9 px off, outwards and inwards.
    const offsets = [[7, -5], [-6, -7], [5, 7], [-7, 4]];
    const rough = expected.map((p, k) => ({ x: p.x + offsets[k][0], y: p.y + offsets[k][1] }));
    const refined = refineSheetCorners(image, outline(rough)).corners;
    refined.forEach((corner, k) => {
            expect(distance(corner, expected[k])).toBeLessThan(1);
    });
  });

  it('leaves a corner whose side is the frame\'s border where it is (the sheet runs out of the frame)', () => {
    const cut = [
      { x: 150, y: 80 },
      { x: 650, y: 112 },
      { x: 640, y: 600 },
      { x: 130, y: 600 },
    ];
    const cutImage = photo(800, 600, [...cut.slice(0, 2), { x: 645, y: 700 }, { x: 125, y: 700 }]);
    const refined = refineSheetCorners(cutImage, outline(cut)).corners;
    const byPosition = (p: Point) => refined.find((q) => distance(p, q) < 12)!;
    expect(byPosition(cut[2])).toEqual(cut[2]);
    expect(byPosition(cut[3])).toEqual(cut[3]);
    expect(distance(byPosition(cut[0]), cut[0])).toBeGreaterThan(0);
  });

  it('moves nothing where no edge is near (an outline over plain paper)', () => {
    const inside = [
      { x: 250, y: 200 },
      { x: 500, y: 210 },
      { x: 490, y: 420 },
      { x: 240, y: 400 },
    ];
    expect(refineSheetCorners(image, outline(inside)).corners).toEqual(inside);
  });
});
