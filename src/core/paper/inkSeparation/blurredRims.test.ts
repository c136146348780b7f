import { describe, expect, it } from 'vitest';
import { RIM_INPUTS, regionalInk, rimReader, strokeLogit } from './blurredRims';
import { RIM_NET } from './rimNet';
import { alphaFromInkDecision } from './separatedAlpha';
import type { InkSeparation } from './separate';

function erf(x: number): number {
  // Abramowitz–Stegun 7.1.26 (|error| < 1.5e-7).
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x < 0 ? -y : y;
}

/**
 * A page of vertical bars of the same ink (deficit `depth`), each [start, start + width) px, blurred by a
 * Gaussian of `sigma`; every pixel darker than a faint line is decided ink, as the learned decision
 * keeps a blurred rim. `blur`: the separation of a blurred photo (its strokes thinned), else of a scan.
 */
function barsPage(bars: Array<[number, number]>, sigma: number, depth: number, blur?: number): InkSeparation {
  const width = 160;
  const height = 40;
  const deficit = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let v = 0;
    for (const [start, w] of bars) v += (erf((x + 0.5 - start) / (sigma * Math.SQRT2)) - erf((x + 0.5 - start - w) / (sigma * Math.SQRT2))) / 2;
    for (let y = 0; y < height; y++) deficit[y * width + x] = Math.round(depth * Math.min(1, v));
  }
  const ink = deficit.map((d) => (d >= 20 ? 1 : 0));
  const features = { width, height, deficit, lumaDeficit: Uint8Array.from(deficit) };
  return blur === undefined ? { features, ink } : { features, ink, thinnedRims: new Uint8Array(width * height), blur };
}

/** Pixels of row 20 under half covered or more, between columns x0 and x1. */
function keptWidth(alpha: Uint8Array, x0: number, x1: number): number {
  let n = 0;
  for (let x = x0; x < x1; x++) if (alpha[20 * 160 + x] >= 128) n++;
  return n;
}

describe('the blurred rims of a photo’s strokes (inkrim)', () => {
  const bars: Array<[number, number]> = [
    [20, 10], // a thick stroke: the ink's own darkness
    [60, 1.5], // thin strokes of the same ink beside it
    [90, 2],
  ];

  it('keeps a thin blurred stroke about as wide as its ink, where darkness alone keeps its rim', () => {
    const photo = barsPage(bars, 1.3, 200, 1.3);
    const alpha = alphaFromInkDecision(photo);
    const scan = alphaFromInkDecision(barsPage(bars, 1.3, 200));
    // Darkness alone (the scan's alpha) keeps 4 px or more of each thin stroke.
    expect(keptWidth(scan, 50, 75)).toBeGreaterThanOrEqual(4);
    expect(keptWidth(alpha, 50, 75)).toBeLessThanOrEqual(3);
    expect(keptWidth(alpha, 50, 75)).toBeGreaterThanOrEqual(1);
    expect(keptWidth(alpha, 80, 105)).toBeLessThanOrEqual(3);
    expect(keptWidth(alpha, 80, 105)).toBeGreaterThanOrEqual(1);
    // The thick stroke keeps its width within a pixel each side.
    expect(Math.abs(keptWidth(alpha, 5, 45) - 10)).toBeLessThanOrEqual(2);
    // What it took away is marked as a thinned rim (the stamp's evening out leaves those alone).
    expect(photo.thinnedRims!.reduce((n, v) => n + v, 0)).toBeGreaterThan(0);
  });

  it('never reads a scan, nor a photo whose strokes were not thinned', () => {
    let read = 0;
    alphaFromInkDecision(barsPage(bars, 1.3, 200), () => read++);
    expect(read).toBe(0);
    alphaFromInkDecision(barsPage(bars, 1.3, 200, 1.3), () => read++);
    expect(read).toBeGreaterThan(0);
  });

  it('runs the network its trainer wrote: sizes agree, and the answer moves with the inputs', () => {
    const { hidden, w1, b1, w2, b2, w3 } = RIM_NET;
    expect([w1.length, b1.length, w2.length, b2.length, w3.length]).toEqual([hidden * RIM_INPUTS, hidden, hidden * hidden, hidden, hidden]);
    // Around the thin stroke (1.5 px, centre x = 60.75): what the network reads 1.75 px or more off its centre is its rim, within a pixel of it its stroke.
    const seen = new Map<number, Float32Array>();
    alphaFromInkDecision(barsPage(bars, 1.3, 200, 1.3), (p, inputs) => seen.set(p, Float32Array.from(inputs)));
    let rims = 0;
    for (let x = 50; x < 75; x++) {
      const inputs = seen.get(20 * 160 + x);
      const off = Math.abs(x + 0.5 - 60.75);
      if (inputs && off >= 1.75) {
        expect(strokeLogit(inputs)).toBeLessThan(0);
        rims++;
      }
      if (inputs && off <= 1) expect(strokeLogit(inputs)).toBeGreaterThan(0);
    }
    expect(rims).toBeGreaterThanOrEqual(2);
    // The pipeline's fast reader runs the same network.
    const page = barsPage(bars, 1.3, 200, 1.3);
    const { deficit } = page.features;
    const reader = rimReader(160, regionalInk(page.ink, deficit, 160, 40), 1.3);
    const cores = new Map<number, number>();
    for (const [p, inputs] of seen) {
      // The inputs hold the core as their 15th value (core / 255).
      cores.set(p, Math.round(inputs[RIM_INPUTS - 2] * 255));
    }
    for (const [p, inputs] of seen) expect(reader.logit(deficit, p, p % 160, Math.floor(p / 160), cores.get(p)!)).toBeCloseTo(strokeLogit(inputs), 4);
  });
});
