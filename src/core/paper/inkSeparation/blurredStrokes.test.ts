import { describe, expect, it } from 'vitest';
import type { InkFeatures } from './features';
import { separationGeometry } from './geometry';
import { decideInk } from './inkDecision';
import { BLURRED_CAPTURE, captureBlur, localSums, moveLocalSums, strokeThinning } from './blurredStrokes';

/** Vertical bars of deficit `depth` and width `barWidth` px every `period` px, blurred by a Gaussian of `sigma` (0: sharp), both planes alike. */
function bars(width: number, height: number, barWidth: number, period: number, depth: number, sigma: number): InkFeatures {
  const profile = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    let v = 0;
    for (let start = 16; start + barWidth <= width - 16; start += period) {
      // A bar covering [start, start + barWidth) seen by pixel x (its own square), blurred.
      if (sigma === 0) v += Math.max(0, Math.min(x + 1, start + barWidth) - Math.max(x, start));
      else v += (erf((x + 0.5 - start) / (sigma * Math.SQRT2)) - erf((x + 0.5 - start - barWidth) / (sigma * Math.SQRT2))) / 2;
    }
    profile[x] = Math.min(1, v);
  }
  const deficit = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) deficit[y * width + x] = Math.round(depth * profile[x]);
  return { width, height, deficit, lumaDeficit: Uint8Array.from(deficit) };
}

function erf(x: number): number {
  // Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7): plenty for test pages.
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x < 0 ? -y : y;
}

/** The same (a, b, c) in every answer: ink where (a·d + b·l)/255/strength + c > 0. */
function uniformAnswers(width: number, height: number, [a, b, c]: [number, number, number]) {
  const g = separationGeometry(width, height);
  const plane = g.inputWidth * g.inputHeight;
  const data = new Float32Array(3 * plane);
  data.fill(a, 0, plane);
  data.fill(b, plane, 2 * plane);
  data.fill(c, 2 * plane);
  return { g, data, dims: [1, 3, g.inputHeight, g.inputWidth] };
}

const inkedColumns = (ink: Uint8Array, width: number, y: number) => Array.from(ink.subarray(y * width, (y + 1) * width)).reduce((n, v) => n + v, 0);

describe('the capture blur read from ink edges', () => {
  it('reads the Gaussian blur of wide strokes within a tenth of a pixel or so', () => {
    for (const sigma of [1, 1.5, 2]) {
      const blur = captureBlur(bars(600, 60, 10, 40, 200, sigma), 40);
      expect(Math.abs(blur - sigma)).toBeLessThan(0.2);
    }
  });

  it('reads sharp strokes, pixel-aligned or not, as below a blurred capture', () => {
    expect(captureBlur(bars(600, 60, 10, 40, 200, 0), 40)).toBeLessThan(BLURRED_CAPTURE);
    expect(captureBlur(bars(600, 60, 10, 40, 200, 0.5), 40)).toBeLessThan(BLURRED_CAPTURE);
    expect(strokeThinning(0.6)).toBeUndefined();
    expect(strokeThinning(1.5)).toBeDefined();
  });

  it('ignores edges fainter than asked, and says 0 on a page without ink', () => {
    expect(captureBlur(bars(600, 60, 10, 40, 30, 1.5), 40)).toBe(0);
    expect(captureBlur(bars(600, 60, 10, 40, 0, 0), 40)).toBe(0);
  });
});

describe('local sums for the thinning', () => {
  it('hold the clipped box sums of both deficits, packed, rows asked in any order', () => {
    const width = 37;
    const height = 23;
    const deficit = Uint8Array.from({ length: width * height }, (_, p) => (p * 7919) % 256);
    const lumaDeficit = Uint8Array.from({ length: width * height }, (_, p) => (p * 104729) % 256);
    const features = { width, height, deficit, lumaDeficit };
    const sums = localSums(width, 3);
    for (const y of [0, 1, 2, 9, 10, 22, 5, 6, 21]) {
      moveLocalSums(sums, features, y);
      for (const x of [0, 1, 5, 18, 35, 36]) {
        let sd = 0;
        let sl = 0;
        let rows = 0;
        for (let yy = Math.max(0, y - 3); yy <= Math.min(height - 1, y + 3); yy++, rows++) {
          for (let xx = Math.max(0, x - 3); xx <= Math.min(width - 1, x + 3); xx++) {
            sd += deficit[yy * width + xx];
            sl += lumaDeficit[yy * width + xx];
          }
        }
        let packed = 0;
        for (let xx = Math.max(0, x - 3); xx <= Math.min(width - 1, x + 3); xx++) packed += sums.columns[xx];
        expect([packed % 65536, Math.floor(packed / 65536), sums.rowsIn]).toEqual([sd, sl, rows]);
      }
    }
  });
});

describe('the decision on a blurred photo', () => {
  // Ink where the deficit exceeds a fifth of the page's strength: (d/255)/s − 0.2 > 0.
  const width = 600;
  const height = 40;
  const answers = uniformAnswers(width, height, [1, 0, -0.2]);

  it('thins a blurred stroke back to about its sharp width, and keeps a sharp one as it is', () => {
    const blurred = bars(width, height, 5, 40, 220, 1.5);
    const plain = decideInk(blurred, answers.g, answers.data, answers.dims, 1);
    const thinned = decideInk(blurred, answers.g, answers.data, answers.dims, 1, strokeThinning(captureBlur(blurred, 40)));
    const strokes = 15;
    // Plain: the blurred rim is ink (7 px a stroke); thinned: 5 ± 1 px.
    expect(inkedColumns(plain, width, 20) / strokes).toBeGreaterThan(6.5);
    expect(inkedColumns(thinned, width, 20) / strokes).toBeGreaterThanOrEqual(4);
    expect(inkedColumns(thinned, width, 20) / strokes).toBeLessThanOrEqual(6);
    const sharp = bars(width, height, 5, 40, 220, 0);
    const thinning = { radius: 3, amount: 8 };
    expect(Array.from(decideInk(sharp, answers.g, answers.data, answers.dims, 1, thinning))).toEqual(Array.from(decideInk(sharp, answers.g, answers.data, answers.dims, 1)));
  });

  it('only ever takes ink away', () => {
    const noisy: InkFeatures = bars(width, height, 5, 33, 180, 1.2);
    for (let p = 0; p < noisy.deficit.length; p++) noisy.deficit[p] = Math.min(255, noisy.deficit[p] + ((p * 2654435761) >>> 27));
    const plain = decideInk(noisy, answers.g, answers.data, answers.dims, 1);
    const thinned = decideInk(noisy, answers.g, answers.data, answers.dims, 1, { radius: 2, amount: 8 });
    let taken = 0;
    for (let p = 0; p < plain.length; p++) {
      expect(thinned[p] <= plain[p]).toBe(true);
      taken += plain[p] - thinned[p];
    }
    expect(taken).toBeGreaterThan(0);
  });

  it('marks the rims it takes away, and only those', () => {
    const blurred = bars(width, height, 5, 40, 220, 1.5);
    const plain = decideInk(blurred, answers.g, answers.data, answers.dims, 1);
    const rims = new Uint8Array(width * height);
    const thinned = decideInk(blurred, answers.g, answers.data, answers.dims, 1, strokeThinning(captureBlur(blurred, 40)), rims);
    let marked = 0;
    for (let p = 0; p < plain.length; p++) {
      expect(rims[p], `pixel ${p}`).toBe(plain[p] === 1 && thinned[p] === 0 ? 1 : 0);
      marked += rims[p];
    }
    expect(marked).toBeGreaterThan(0);
  });
});
