import { describe, expect, it } from 'vitest';
import { composeInk, COMPOSITION } from '../compose/composition';
import { alphaForDeficit, computeInkAlpha, estimateAlphaThresholds, FAINTEST_INK_SPAN, INK_CORE_RADIUS, type AlphaThresholds } from './inkAlpha';
import { flattenAgainstPaper, type PaperField } from './paperField';
import { InkClass, type RgbaImage } from '../shared/types';

type Rgb = [number, number, number];

/** One row of pixels: each ink composited with each alpha over the paper. */
function compositeRow(paper: Rgb, inks: Rgb[], alphas: number[]): RgbaImage {
  const width = inks.length * alphas.length;
  const data = new Uint8ClampedArray(width * 4);
  let i = 0;
  for (const ink of inks) {
    for (const a of alphas) {
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(a * ink[c] + (1 - a) * paper[c]);
      data[i + 3] = 255;
      i += 4;
    }
  }
  return { width, height: 1, data };
}

/** Rows of the same width, top to bottom. */
function stacked(...rows: RgbaImage[]): RgbaImage {
  const data = new Uint8ClampedArray(rows.reduce((n, r) => n + r.data.length, 0));
  let offset = 0;
  for (const row of rows) {
    data.set(row.data, offset);
    offset += row.data.length;
  }
  return { width: rows[0].width, height: rows.length, data };
}

function uniformField(paper: Rgb): PaperField {
  return { block: 4, gridWidth: 1, gridHeight: 1, rgb: new Float32Array(paper) };
}

function cleanRow(image: RgbaImage, paper: Rgb, thresholds = { transparentBelow: 0, opaqueAbove: 255 }) {
  const flattened = flattenAgainstPaper(image, uniformField(paper));
  const alpha = computeInkAlpha(flattened, thresholds);
  const classMap = { width: 1, height: 1, classes: new Uint8Array([InkClass.handwriting]) };
  return { alpha, out: composeInk(flattened, alpha, classMap, COMPOSITION.signature).data };
}

describe('colour-to-alpha', () => {
  it('recovers alpha and ink colour of a composite over white paper (ink with a saturated channel)', () => {
    const inks: Rgb[] = [[0, 40, 160], [20, 0, 90], [150, 200, 0], [0, 0, 0]];
    const alphas = [0.2, 0.35, 0.5, 0.75, 1];
    // Each composite is a stroke's soft edge: the stroke's solid core lies right next to it.
    const { out } = cleanRow(stacked(compositeRow([255, 255, 255], inks, alphas), compositeRow([255, 255, 255], inks, alphas.map(() => 1))), [255, 255, 255]);
    let i = 0;
    for (const ink of inks) {
      for (const a of alphas) {
        expect(Math.abs(out[i + 3] - a * 255)).toBeLessThanOrEqual(2);
        // Colour error grows as 1/α through 8-bit rounding of the composite.
        for (let c = 0; c < 3; c++) expect(Math.abs(out[i + c] - ink[c])).toBeLessThanOrEqual(2 / a + 1);
        i += 4;
      }
    }
  });

  it('round-trips a composite over coloured paper: re-compositing the output gives the input within 2/255', () => {
    const paper: Rgb = [238, 226, 205];
    const inks: Rgb[] = [[40, 60, 150], [120, 50, 160], [190, 40, 50], [30, 30, 35], [90, 90, 90]];
    const alphas = [0.3, 0.5, 0.8, 1];
    const image = compositeRow(paper, inks, alphas);
    for (const thresholds of [{ transparentBelow: 0, opaqueAbove: 255 }, { transparentBelow: 14, opaqueAbove: 124 }]) {
      const { out } = cleanRow(image, paper, thresholds);
      for (let i = 0; i < image.data.length; i += 4) {
        const a = out[i + 3] / 255;
        for (let c = 0; c < 3; c++) {
          const back = a * out[i + c] + (1 - a) * 255;
          const observed = (image.data[i + c] / paper[c]) * 255;
          expect(Math.abs(back - Math.min(255, observed))).toBeLessThanOrEqual(2);
        }
      }
    }
  });

  it('makes faint ink opaque at its own core, without a darker core nearby; specks just above the floor stay translucent', () => {
    const t = { transparentBelow: 16, opaqueAbove: 126 };
    const paper: Rgb = [255, 255, 255];
    // A lightly inked stamp (ink [45, 70, 175] at 30 %: deficit 63), 9 px wide, its edges at 50 %.
    const faint: Rgb = [192, 200, 231];
    const half: Rgb = [224, 228, 243];
    const stroke = [half, ...Array<Rgb>(7).fill(faint), half];
    const speck: Rgb = [230, 232, 233]; // deficit 25, alone on paper
    const row = compositeRow(paper, [paper, paper, paper, paper, ...stroke, paper, paper, paper, paper, speck, paper, paper, paper, paper], [1]);
    const { alpha } = cleanRow(stacked(row, row, row), paper, t);
    const middle = row.width;
    expect(alpha[middle + 8]).toBeGreaterThan(200); // a global ramp over [16, 126] gives 109
    expect(alpha[middle + 4]).toBeGreaterThan(60);
    expect(alpha[middle + 4]).toBeLessThan(128);
    expect(alpha[middle + 17]).toBeLessThan(64);
    expect(alpha[middle]).toBe(0);
  });

  it('suppresses the noise floor and saturates strong ink', () => {
    const t = { transparentBelow: 20, opaqueAbove: 120 };
    expect(alphaForDeficit(0, t)).toBe(0);
    expect(alphaForDeficit(20, t)).toBe(0);
    expect(alphaForDeficit(70, t)).toBe(128);
    expect(alphaForDeficit(120, t)).toBe(255);
    expect(alphaForDeficit(250, t)).toBe(255);
  });

  it('sets the noise floor above paper noise', () => {
    const width = 200;
    const height = 100;
    const data = new Uint8ClampedArray(width * height * 4);
    let seed = 7;
    for (let i = 0; i < data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 16) % 13;
      data[i] = 255 - noise;
      data[i + 1] = 255 - ((noise * 7) % 13);
      data[i + 2] = 255 - ((noise * 5) % 13);
      data[i + 3] = 255;
    }
    const t = estimateAlphaThresholds({ width, height, data });
    expect(t.transparentBelow).toBeGreaterThanOrEqual(12);
    expect(computeInkAlpha({ width, height, data }, t).every((a) => a === 0)).toBe(true);
  });
});

describe('computeInkAlpha window maxima', () => {
  /** The definition, pixel by pixel: the ink core is the darkest deficit within INK_CORE_RADIUS (square, clipped). */
  function naiveAlpha(image: RgbaImage, t: AlphaThresholds): Uint8Array {
    const { width, height, data } = image;
    const deficit = (x: number, y: number) => {
      const i = (y * width + x) * 4;
      return data[i + 3] === 0 ? 0 : 255 - Math.min(data[i], data[i + 1], data[i + 2]);
    };
    const alpha = new Uint8Array(width * height);
    const faintest = Math.min(t.opaqueAbove, t.transparentBelow + FAINTEST_INK_SPAN);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const d = deficit(x, y);
        if (d <= t.transparentBelow) continue;
        let core = 0;
        for (let yy = Math.max(0, y - INK_CORE_RADIUS); yy <= Math.min(height - 1, y + INK_CORE_RADIUS); yy++) {
          for (let xx = Math.max(0, x - INK_CORE_RADIUS); xx <= Math.min(width - 1, x + INK_CORE_RADIUS); xx++) core = Math.max(core, deficit(xx, yy));
        }
        const opaqueAt = Math.min(t.opaqueAbove, Math.max(faintest, core));
        alpha[y * width + x] = d >= opaqueAt ? 255 : Math.round(((d - t.transparentBelow) * 255) / (opaqueAt - t.transparentBelow));
      }
    }
    return alpha;
  }

  it('equals the per-pixel definition on random pages of odd sizes, down to lines narrower than the window', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 16777216;
    for (const [width, height] of [[37, 23], [5, 9], [1, 12], [3, 1], [64, 2]]) {
      const data = new Uint8ClampedArray(width * height * 4);
      for (let p = 0; p < width * height; p++) {
        const ink = random() < 0.3;
        // Each channel on its own, so any of the three can be the darkest.
        const channel = () => (ink ? Math.floor(random() * 200) : 230 + Math.floor(random() * 26));
        data.set([channel(), channel(), channel(), random() < 0.05 ? 0 : 255], p * 4);
      }
      const image = { width, height, data };
      const t = { transparentBelow: 20, opaqueAbove: 130 };
      const expected = naiveAlpha(image, t);
      expect(computeInkAlpha(image, t), `${width}×${height}`).toEqual(expected);
      // The same pixels not starting on a 4-byte boundary (read byte by byte).
      const unaligned = new Uint8ClampedArray(new ArrayBuffer(data.length + 1), 1);
      unaligned.set(data);
      expect(computeInkAlpha({ width, height, data: unaligned }, t), `${width}×${height} unaligned`).toEqual(expected);
    }
  });
});
