import { describe, expect, it } from 'vitest';
import { otsuInk, otsuThreshold, SAUVOLA_DEFAULTS, sauvolaInk } from './baselines';
import { scoreBinaryPage } from './binaryMetrics';
import { greyLevels } from './greyLevels';

/** A deterministic pseudo-random sequence in [0, 1) (LCG), so fixtures are the same every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('greyLevels', () => {
  it('weights R, G, B by 0.299, 0.587, 0.114 and rounds as OpenCV (pure red 76, green 150, blue 29)', () => {
    const image = { width: 4, height: 1, data: Uint8ClampedArray.of(255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 200, 100, 50, 0) };
    // 0.299·200 + 0.587·100 + 0.114·50 = 124.2 → 124; alpha is ignored.
    expect([...greyLevels(image)]).toEqual([76, 150, 29, 124]);
  });
});

describe('otsuThreshold', () => {
  it('splits a bimodal page between its two modes (ink around 60, paper around 200)', () => {
    const random = noise(1);
    const grey = new Uint8Array(10_000);
    for (let p = 0; p < grey.length; p++) grey[p] = p % 5 === 0 ? 60 + Math.round(20 * (random() - 0.5)) : 200 + Math.round(20 * (random() - 0.5));
    const t = otsuThreshold(grey);
    expect(t).toBeGreaterThanOrEqual(70);
    expect(t).toBeLessThan(190);
    const ink = otsuInk(grey);
    for (let p = 0; p < grey.length; p++) expect(ink[p]).toBe(p % 5 === 0 ? 1 : 0);
  });

  it('puts the threshold at the darker level of a two-level page, so ink = grey ≤ t', () => {
    const grey = Uint8Array.from({ length: 100 }, (_, p) => (p < 30 ? 40 : 220));
    expect(otsuThreshold(grey)).toBe(40);
    expect(otsuInk(grey).reduce((n, v) => n + v, 0)).toBe(30);
  });
});

describe('sauvolaInk', () => {
  // Paper darkening from 230 (left) to 110 (right), ink 80 below the paper: the ink on the left (150)
  // is lighter than the paper on the right, so no single grey level separates them.
  const width = 300;
  const height = 120;
  const grey = new Uint8Array(width * height);
  const truth = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = 230 - (120 * x) / (width - 1);
      const ink = x % 12 < 3 && y % 40 >= 8 && y % 40 < 32 ? 1 : 0;
      truth[y * width + x] = ink;
      grey[y * width + x] = Math.round(ink ? paper - 80 : paper);
    }
  }

  it('finds dark strokes on a light-to-dark gradient where the global Otsu threshold fails', () => {
    const sauvola = scoreBinaryPage(sauvolaInk(grey, width, height), truth);
    const otsu = scoreBinaryPage(otsuInk(grey), truth);
    expect(sauvola.fm).toBeGreaterThan(95);
    expect(otsu.fm).toBeLessThan(70);
  });

  it('leaves blank paper of any grey as paper (its window has no spread, so t = 0.8·m)', () => {
    const flat = new Uint8Array(64 * 64).fill(120);
    expect(sauvolaInk(flat, 64, 64).reduce((n, v) => n + v, 0)).toBe(0);
  });

  it('agrees with the threshold computed window by window on a 6-MP page (the integral images hold over large sums)', () => {
    // Its speed is the benchmarks' business (no timed test); what a large page can break is the sums.
    const w = 3000;
    const h = 2000;
    const random = noise(2);
    const page = Uint8Array.from({ length: w * h }, () => 120 + Math.floor(100 * random()));
    const ink = sauvolaInk(page, w, h);
    const { window, k, r } = SAUVOLA_DEFAULTS;
    const half = window >> 1;
    const corners = [[0, 0], [w - 1, h - 1], [2990, 7], [13, 1995]];
    const points = [...corners, ...Array.from({ length: 300 }, () => [Math.floor(random() * w), Math.floor(random() * h)])];
    let inkPoints = 0;
    for (const [x, y] of points) {
      let n = 0;
      let s1 = 0;
      let s2 = 0;
      for (let v = Math.max(0, y - half); v < Math.min(h, y + half + 1); v++) {
        for (let u = Math.max(0, x - half); u < Math.min(w, x + half + 1); u++) {
          const g = page[v * w + u];
          n++;
          s1 += g;
          s2 += g * g;
        }
      }
      const m = s1 / n;
      const t = m * (1 + k * (Math.sqrt(Math.max(0, s2 / n - m * m)) / r - 1));
      expect(ink[y * w + x]).toBe(page[y * w + x] <= t ? 1 : 0);
      inkPoints += ink[y * w + x];
    }
    // Both answers occur among the points checked.
    expect(inkPoints).toBeGreaterThan(30);
    expect(inkPoints).toBeLessThan(points.length - 30);
  });
});
