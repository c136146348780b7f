import { describe, expect, it } from 'vitest';
import type { RgbaImage, SheetOutline } from '../../shared/types';
import { flattenSheet } from '../../paper/flattenSheet';
import { clearDeskAtSheetEdge, EDGE_REACH, sheetEdgeSeeds } from './sheetEdge';
import { clearOffSheet, sheetSpans } from './sheetSpans';

const WHITE = [255, 255, 255, 255];
const DESK = [60, 45, 35, 255];
const INK = [20, 30, 90, 255];

/** A flattened photo, 200 × 100: white paper in x 20…179, dark desk left and right of it, with the given ink rectangles. */
function photo(marks: { x0: number; x1: number; y0: number; y1: number }[]): RgbaImage {
  const [width, height] = [200, 100];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inked = marks.some((m) => x >= m.x0 && x < m.x1 && y >= m.y0 && y < m.y1);
      data.set(inked ? INK : x < 20 || x >= 180 ? DESK : WHITE, (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const rgba = (image: RgbaImage, x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];

describe('the desk along the found sheet\'s edge', () => {
  // Found 4 px wider than the paper on the left (x 16…) and exact on the right; the top and bottom
  // run out of the frame.
  const found: SheetOutline = { corners: [{ x: 16, y: -5 }, { x: 180, y: -5 }, { x: 180, y: 105 }, { x: 16, y: 105 }] };

  it('clears the sliver of desk the found side leaves inside, and no ink that does not touch it', () => {
    const image = photo([{ x0: 40, x1: 60, y0: 40, y1: 44 }, { x0: 150, x1: 176, y0: 60, y1: 62 }]);
    const spans = sheetSpans(found, image.width, image.height);
    clearOffSheet(image, spans);
    const cleared = clearDeskAtSheetEdge(image, spans);
    expect(cleared).toBe(4 * 100);
    for (const x of [16, 19]) expect(rgba(image, x, 50)).toEqual([255, 255, 255, 0]);
    expect(rgba(image, 40, 40)).toEqual(INK);
    // A stroke ending 4 px short of the paper's edge is the page's: paper lies between.
    expect(rgba(image, 175, 60)).toEqual(INK);
  });

  it('clears ink joined to the desk only as far as the reach, and leaves the rest of it', () => {
    // A line from the left sliver 60 px into the sheet: its first EDGE_REACH × 200 px go with the desk.
    const image = photo([{ x0: 20, x1: 80, y0: 50, y1: 52 }]);
    const spans = sheetSpans(found, image.width, image.height);
    clearOffSheet(image, spans);
    clearDeskAtSheetEdge(image, spans);
    const reach = Math.round(EDGE_REACH * 200);
    const keptFrom = [...Array(200).keys()].find((x) => rgba(image, x, 50)[3] === 255 && x >= 16);
    expect(keptFrom).toBe(16 + reach);
    expect(rgba(image, 79, 51)).toEqual(INK);
  });

  it('has no edge where the sheet runs out of the frame: ink cut by the frame stays', () => {
    const spans = sheetSpans(found, 200, 100);
    const seeds = sheetEdgeSeeds(spans, 200, 100);
    expect(seeds.length).toBe(2 * 100);
    expect(seeds.every((p) => p % 200 === 15 || p % 200 === 180)).toBe(true);
    const image = photo([{ x0: 60, x1: 62, y0: 0, y1: 30 }]);
    clearOffSheet(image, spans);
    clearDeskAtSheetEdge(image, spans);
    expect(rgba(image, 60, 0)).toEqual(INK);
  });

  it('is part of the page the ink stages see, and a flat scan (no sheet) keeps every dark pixel', () => {
    const withSheet = flattenSheet(photo([]), undefined, { sheet: found, cover: null }).flattened;
    expect(rgba(withSheet, 18, 50)[3]).toBe(0);
    const flat = flattenSheet(photo([]), undefined, { sheet: null, cover: null }).flattened;
    expect(rgba(flat, 18, 50)[3]).toBe(255);
  });
});
