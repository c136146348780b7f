import { describe, expect, it } from 'vitest';
import { cleanImage } from '../../pipeline';
import { classicalEngine } from '../../classes/classical/classicalEngine';
import type { Engine, RgbaImage } from '../../shared/types';
import { inkFeatures, separationInput } from './features';
import { separationGeometry, SEPARATION_CHANNELS } from './geometry';
import { interpolationTaps } from '../../shared/cellInterpolation';
import { decideInk } from './inkDecision';
import { alphaFromInkDecision, HALF_COVERED } from './separatedAlpha';
import type { InkSeparation } from './separate';

/** A page of one paper colour with rectangles of other colours painted on it. */
function page(width: number, height: number, paper: [number, number, number], marks: { x: number; y: number; w: number; h: number; rgb: [number, number, number] }[]): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) data.set([...paper, 255], p * 4);
  for (const m of marks) for (let y = m.y; y < m.y + m.h; y++) for (let x = m.x; x < m.x + m.w; x++) data.set([...m.rgb, 255], (y * width + x) * 4);
  return { width, height, data };
}

/** Model output [1, 3, h, w] with the same (a, b, c) in every cell, or per cell from a function. */
function coefficients(g: { inputWidth: number; inputHeight: number }, at: (cx: number, cy: number) => [number, number, number]) {
  const plane = g.inputWidth * g.inputHeight;
  const out = new Float32Array(plane * 3);
  for (let y = 0; y < g.inputHeight; y++) {
    for (let x = 0; x < g.inputWidth; x++) {
      const [a, b, c] = at(x, y);
      out[y * g.inputWidth + x] = a;
      out[plane + y * g.inputWidth + x] = b;
      out[2 * plane + y * g.inputWidth + x] = c;
    }
  }
  return { data: out, dims: [1, 3, g.inputHeight, g.inputWidth] };
}

describe('the ink-separation model input', () => {
  it('holds per cell the mean and luminance deficit, the darkest and the lightest deficit', () => {
    // 2048×1024 → 1024×512 cells of 2×2 pixels; one pixel of deficit 200 in the first cell.
    const image = page(2048, 1024, [255, 255, 255], [{ x: 1, y: 1, w: 1, h: 1, rgb: [55, 155, 255] }]);
    const g = separationGeometry(image.width, image.height);
    expect([g.cellsWide, g.cellsHigh, g.answersWide, g.answersHigh, g.inputWidth, g.inputHeight]).toEqual([1024, 512, 512, 256, 1024, 512]);
    const { input, strength } = separationInput(inkFeatures(image), g);
    expect(input.length).toBe(SEPARATION_CHANNELS * 1024 * 512);
    // One inked pixel is no page's ink: the strength stays at its floor, 64.
    expect(strength).toBeCloseTo(64 / 255, 6);
    const plane = 1024 * 512;
    expect(input[0]).toBeCloseTo(200 / 64 / 4, 5);
    const luma = 255 - ((55 * 77 + 155 * 150 + 255 * 29) >> 8);
    expect(input[plane]).toBeCloseTo(luma / 64 / 4, 5);
    expect(input[2 * plane]).toBeCloseTo(200 / 64, 5);
    expect(input[3 * plane]).toBe(0);
    expect(input[1]).toBe(0);
  });

  it('pads a page whose cells are not a multiple of 32 with paper, enlarging a small page', () => {
    const g = separationGeometry(1000, 700);
    expect([g.cellsWide, g.cellsHigh, g.answersWide, g.answersHigh]).toEqual([1024, 716, 512, 358]);
    expect(g.inputHeight).toBe(736);
    const { input } = separationInput(inkFeatures(page(1000, 700, [0, 0, 0], [])), g);
    expect(input[715 * 1024]).toBe(1);
    expect(input[716 * 1024]).toBe(0);
  });
});

describe('the page ink strength', () => {
  /** Rows of handwriting-like bars of one grey on white: 2% of the page. */
  const written = (grey: number) =>
    page(2048, 1024, [255, 255, 255], Array.from({ length: 8 }, (_, i) => ({ x: 200, y: 100 + i * 100, w: 1600, h: 3, rgb: [grey, grey, grey] as [number, number, number] })));

  it('makes a page written in faded ink read as the same page in fresh ink', () => {
    const g = separationGeometry(2048, 1024);
    const fresh = separationInput(inkFeatures(written(55)), g);
    const faded = separationInput(inkFeatures(written(175)), g);
    expect(fresh.strength).toBeCloseTo(200 / 255, 6);
    expect(faded.strength).toBeCloseTo(80 / 255, 6);
    for (const k of [0, 1024 * 100 + 500, 1024 * 512 * 2 + 1024 * 50 + 300]) expect(faded.input[k]).toBeCloseTo(fresh.input[k], 5);
  });

  it('decides on deficits measured against the strength, as the model saw them', () => {
    const image = written(175);
    const g = separationGeometry(image.width, image.height);
    const { strength } = separationInput(inkFeatures(image), g);
    // "ink where the deficit is over half the page's ink": the faded bars (80) are ink, against 255 they would not be.
    const out = coefficients({ inputWidth: g.inputWidth / 2, inputHeight: g.inputHeight / 2 }, () => [1, 0, -0.5]);
    expect(decideInk(inkFeatures(image), g, out.data, out.dims, strength)[101 * 2048 + 1000]).toBe(1);
    expect(decideInk(inkFeatures(image), g, out.data, out.dims)[101 * 2048 + 1000]).toBe(0);
  });
});

describe('the full-resolution ink decision', () => {
  it('interpolates between cell centres and clamps at the page ends', () => {
    const t0 = new Int32Array(8);
    const t1 = new Int32Array(8);
    const f = new Float32Array(8);
    interpolationTaps(8, 4, t0, t1, f);
    expect(Array.from(t0)).toEqual([0, 0, 0, 1, 1, 2, 2, 3]);
    expect(Array.from(t1)).toEqual([1, 1, 1, 2, 2, 3, 3, 3]);
    expect(Array.from(f)).toEqual([0, 0.25, 0.75, 0.25, 0.75, 0.25, 0.75, 0]);
  });

  it('draws the line between ink and paper where the model puts it, cell by cell', () => {
    // Two grey marks of deficit 60 and 140; the left half of the page asks for deficit > 50, the right half for > 100.
    const image = page(1024, 256, [255, 255, 255], [
      { x: 100, y: 100, w: 20, h: 20, rgb: [195, 195, 195] },
      { x: 130, y: 100, w: 20, h: 20, rgb: [115, 115, 115] },
      { x: 900, y: 100, w: 20, h: 20, rgb: [195, 195, 195] },
      { x: 930, y: 100, w: 20, h: 20, rgb: [115, 115, 115] },
    ]);
    const g = separationGeometry(image.width, image.height);
    expect(g.answersWide).toBe(512);
    const out = coefficients({ inputWidth: g.inputWidth / 2, inputHeight: g.inputHeight / 2 }, (cx) => (cx < 256 ? [1, 0, -50 / 255] : [1, 0, -100 / 255]));
    const ink = decideInk(inkFeatures(image), g, out.data, out.dims);
    const at = (x: number, y: number) => ink[y * image.width + x];
    expect([at(110, 110), at(140, 110)]).toEqual([1, 1]);
    expect([at(910, 110), at(940, 110)]).toEqual([0, 1]);
    expect(at(10, 10)).toBe(0);
  });

  it('refuses an output that does not cover the page', () => {
    const image = page(64, 64, [255, 255, 255], []);
    const g = separationGeometry(64, 64);
    expect(() => decideInk(inkFeatures(image), g, new Float32Array(3 * 4), [1, 3, 2, 2])).toThrow(RangeError);
  });
});

/** The decision as the tests give it: 1 (ink) inside the rectangles, 0 (paper) elsewhere. */
function decidedInk(width: number, height: number, rects: { x: number; y: number; w: number; h: number }[]): Uint8Array {
  const ink = new Uint8Array(width * height);
  for (const r of rects) for (let y = r.y; y < r.y + r.h; y++) ink.fill(1, y * width + r.x, y * width + r.x + r.w);
  return ink;
}

describe('alpha from the ink decision', () => {
  /** A faded stroke (deficit 40) beside a dark one (deficit 200), and a stain (deficit 60) the decision calls paper. */
  function fadedPage() {
    const image = page(60, 20, [255, 255, 255], [
      { x: 5, y: 5, w: 4, h: 10, rgb: [215, 215, 225] },
      { x: 20, y: 5, w: 4, h: 10, rgb: [55, 55, 55] },
      { x: 40, y: 2, w: 15, h: 16, rgb: [215, 205, 195] },
    ]);
    const ink = decidedInk(60, 20, [{ x: 5, y: 5, w: 4, h: 10 }, { x: 20, y: 5, w: 4, h: 10 }]);
    return { image, separation: { features: inkFeatures(image), ink } satisfies InkSeparation };
  }

  it('makes a faded stroke opaque in its core, and every pixel of an evenly inked stroke at least half opaque', () => {
    const { separation } = fadedPage();
    const alpha = alphaFromInkDecision(separation);
    for (let p = 0; p < alpha.length; p++) if (separation.ink[p]) expect(alpha[p]).toBeGreaterThanOrEqual(HALF_COVERED);
    expect(alpha[10 * 60 + 6]).toBe(255);
    expect(alpha[10 * 60 + 21]).toBe(255);
  });

  it('lets a rim pixel the decision calls ink follow its own darkness: under half of its stroke core\'s opaque share it is under half covered', () => {
    // A dark stroke (deficit 200) with a rim column on each side: deficit 50 on the left (25 % of the
    // core, so under half covered), 100 on the right (50 %, over half); the decision calls all of it ink.
    const image = page(40, 20, [255, 255, 255], [
      { x: 10, y: 5, w: 1, h: 10, rgb: [205, 205, 205] },
      { x: 11, y: 5, w: 3, h: 10, rgb: [55, 55, 55] },
      { x: 14, y: 5, w: 1, h: 10, rgb: [155, 155, 155] },
    ]);
    const alpha = alphaFromInkDecision({ features: inkFeatures(image), ink: decidedInk(40, 20, [{ x: 10, y: 5, w: 5, h: 10 }]) });
    const at = (x: number) => alpha[10 * 40 + x];
    expect(at(12)).toBe(255);
    expect(at(10)).toBeLessThan(HALF_COVERED);
    expect(at(10)).toBeGreaterThan(0);
    expect(at(14)).toBeGreaterThanOrEqual(HALF_COVERED);
    expect(at(14)).toBeLessThan(255);
    expect(at(9)).toBeLessThan(at(10));
  });

  it('drops paper the decision rejects, however dark, keeping only translucent edges beside ink', () => {
    const { separation } = fadedPage();
    const alpha = alphaFromInkDecision(separation);
    expect(alpha[10 * 60 + 47]).toBe(0);
    expect(alpha[10 * 60 + 4]).toBeLessThan(HALF_COVERED);
    expect(alpha[2 * 60 + 6]).toBe(0);
  });

  it('gives a faded stroke back as opaque pale ink through the whole pipeline, and drops the stain', async () => {
    const { image, separation } = fadedPage();
    const engine: Engine = { name: 'test:threshold', classify: classicalEngine.classify, separateInk: async () => separation };
    const { image: out } = await cleanImage(image, { mode: 'basic', extract: '', aggressive: false, crop: false }, engine);
    const i = (10 * 60 + 6) * 4;
    expect(out.data[i + 3]).toBe(255);
    expect(out.data[i]).toBeGreaterThan(200);
    expect(out.data[(10 * 60 + 47) * 4 + 3]).toBe(0);
  });
});
