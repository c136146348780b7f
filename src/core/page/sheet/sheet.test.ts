import { describe, expect, it } from 'vitest';
import { cleanImage } from '../../pipeline';
import { deskPhoto } from '../../testing/deskPhoto';
import { PageCanvas, printedGlyph, testForm, BLACK } from '../../testing/syntheticPage';
import { InkClass, type CleanOptions, type Point, type SheetOutline } from '../../shared/types';
import { findSheet } from './findSheet';
import { sheetSpans } from './sheetSpans';
import { squareToQuad, mapSquarePoint, straightenSheet } from './straighten';

const options = (o: Partial<CleanOptions> = {}): CleanOptions => ({ mode: 'basic', extract: '', aggressive: false, crop: false, ...o });
const quad = (...p: Array<[number, number]>): SheetOutline['corners'] => p.map(([x, y]) => ({ x, y })) as SheetOutline['corners'];

function cornerError(found: SheetOutline | null, truth: Point[]): number {
  if (!found) return Infinity;
  return Math.max(...truth.map((t, k) => Math.hypot(found.corners[k].x - t.x, found.corners[k].y - t.y)));
}

/** Kept ink (alpha ≥ 128) off the sheet, and the page's ink (truth ≥ 128) kept, of a cleaned desk photo. */
function keptOffSheetAndInkKept(result: Uint8ClampedArray, onSheet: Uint8Array, truth: Uint8Array): { offSheet: number; inkKept: number } {
  let offSheet = 0;
  let ink = 0;
  let kept = 0;
  for (let p = 0; p < onSheet.length; p++) {
    const a = result[p * 4 + 3];
    if (a >= 128 && !onSheet[p]) offSheet++;
    if (truth[p] >= 128 && onSheet[p]) {
      ink++;
      if (a >= 128) kept++;
    }
  }
  return { offSheet, inkKept: kept / ink };
}

describe('findSheet', () => {
  const tilted = quad([150, 90], [690, 130], [650, 520], [110, 470]);

  it('finds a sheet lying at an angle on a dark desk, and nothing off it is ink', async () => {
    const photo = deskPhoto(testForm(), { width: 800, height: 600, corners: tilted, desk: [110, 70, 40] });
    const sheet = findSheet(photo.image);
    expect(cornerError(sheet, tilted)).toBeLessThan(8);
    const result = await cleanImage(photo.image, options());
    expect(result.sheet).not.toBeNull();
    const { offSheet, inkKept } = keptOffSheetAndInkKept(result.image.data, photo.onSheet, photo.truthAlpha);
    expect(offSheet).toBe(0);
    expect(inkKept).toBeGreaterThan(0.8);
  });

  it('finds a sheet on a desk of nearly the paper tone by its shadow, and a blue desk is no stamp', async () => {
    const beige = deskPhoto(testForm(), { width: 800, height: 600, corners: tilted, desk: [218, 212, 200], shadow: { strength: 0.25, reach: 14 } });
    expect(cornerError(findSheet(beige.image), tilted)).toBeLessThan(8);
    const blue = deskPhoto(testForm(), { width: 800, height: 600, corners: tilted, desk: [40, 70, 150] });
    const result = await cleanImage(blue.image, options({ mode: 'advanced', extract: 'stamp' }));
    expect(keptOffSheetAndInkKept(result.image.data, blue.onSheet, blue.truthAlpha).offSheet).toBe(0);
  });

  it('finds a sheet running out of the frame, with its lost corner outside the picture', () => {
    const cut = quad([180, 80], [740, 110], [860, 680], [140, 560]);
    const photo = deskPhoto(testForm(), { width: 800, height: 600, corners: cut, desk: [70, 60, 55] });
    const sheet = findSheet(photo.image);
    expect(cornerError(sheet, cut)).toBeLessThan(10);
    expect(sheet!.corners[2].x).toBeGreaterThan(800);
  });

  it('leaves a flat scan alone: a page with a printed frame and rules has no sheet', async () => {
    const canvas = new PageCanvas(600, 800, () => [247, 245, 240]);
    canvas.rect(30, 30, 540, 3, BLACK, InkClass.formLine);
    canvas.rect(30, 767, 540, 3, BLACK, InkClass.formLine);
    canvas.rect(30, 30, 3, 740, BLACK, InkClass.formLine);
    canvas.rect(567, 30, 3, 740, BLACK, InkClass.formLine);
    for (let row = 0; row < 20; row++) for (let g = 0; g < 40; g++) printedGlyph(canvas, 50 + g * 12, 60 + row * 30, g % 2 === 0);
    const page = canvas.page();
    expect(findSheet(page.image)).toBeNull();
    const result = await cleanImage(page.image, options());
    expect(result.sheet).toBeNull();
  });

  it('takes the edge of a shadow across the page for no sheet edge: the text runs on under it', async () => {
    const canvas = new PageCanvas(600, 800, (x, y) => (x < 140 || y > 660 ? [150, 148, 144] : [247, 245, 240]));
    for (let row = 0; row < 22; row++) for (let g = 0; g < 42; g++) printedGlyph(canvas, 40 + g * 12, 40 + row * 33, g % 2 === 0);
    const page = canvas.page();
    expect(findSheet(page.image)).toBeNull();
    // On a desk the same shadow leaves the sheet whole.
    const photo = deskPhoto(page, { width: 900, height: 1000, corners: quad([160, 80], [760, 110], [740, 920], [140, 900]), desk: [90, 60, 40] });
    expect(cornerError(findSheet(photo.image), [{ x: 160, y: 80 }, { x: 760, y: 110 }, { x: 740, y: 920 }, { x: 140, y: 900 }])).toBeLessThan(10);
  });

  it('reads transparent pixels as paper: a cut-out on a transparent ground has no sheet', () => {
    const page = testForm();
    const { width, height, data } = page.image;
    const cutOut = new Uint8ClampedArray(data);
    // A transparent ground stored as black, around a paper rectangle: seen over white there is no edge.
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (x > 60 && x < width - 60 && y > 40 && y < height - 40) continue;
        cutOut.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 4);
      }
    }
    expect(findSheet({ width, height, data: cutOut })).toBeNull();
  });

  it('leaves a tight crop alone', () => {
    expect(findSheet(testForm().image)).toBeNull();
  });
});

describe('sheetSpans', () => {
  it('covers exactly the pixels whose centres are inside the outline', () => {
    const spans = sheetSpans({ corners: quad([10, 10], [30, 10], [30, 20], [10, 20]) }, 40, 30);
    expect([spans.start[9], spans.end[9]]).toEqual([0, 0]);
    expect([spans.start[10], spans.end[10]]).toEqual([10, 30]);
    expect([spans.start[19], spans.end[19]]).toEqual([10, 30]);
    expect([spans.start[20], spans.end[20]]).toEqual([0, 0]);
  });
});

describe('straightenSheet', () => {
  it('maps the unit square onto the corners', () => {
    const c = quad([10, 20], [110, 30], [120, 140], [5, 130]);
    const m = squareToQuad(c);
    for (const [u, v, k] of [[0, 0, 0], [1, 0, 1], [1, 1, 2], [0, 1, 3]] as const) {
      const p = mapSquarePoint(m, u, v);
      expect(p.x).toBeCloseTo(c[k].x, 6);
      expect(p.y).toBeCloseTo(c[k].y, 6);
    }
  });

  it('gives the image back when the sheet is the whole frame', () => {
    const page = testForm();
    const { width, height } = page.image;
    const out = straightenSheet(page.image, { corners: quad([0, 0], [width, 0], [width, height], [0, height]) });
    expect([out.width, out.height]).toEqual([width, height]);
    expect(Buffer.from(out.data).equals(Buffer.from(page.image.data))).toBe(true);
  });

  it('straightens a tilted sheet: the page comes back upright at about its size', () => {
    const page = testForm();
    const corners = quad([150, 90], [690, 130], [650, 520], [110, 470]);
    const photo = deskPhoto(page, { width: 800, height: 600, corners, desk: [110, 70, 40] });
    const out = straightenSheet(photo.image, { corners });
    // The longer of each pair of opposite sides.
    expect(out.width).toBe(Math.round(Math.hypot(540, 50)));
    expect(out.height).toBe(Math.round(Math.hypot(40, 390)));
    // The form line of the page (row 250 of 320) is a dark row across the straightened sheet.
    const row = Math.round((251 / 320) * out.height);
    let dark = 0;
    for (let x = Math.round(out.width * 0.1); x < Math.round(out.width * 0.9); x++) if (out.data[(row * out.width + x) * 4] < 120) dark++;
    expect(dark).toBeGreaterThan(out.width * 0.7);
  });
});
