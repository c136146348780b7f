import { describe, expect, it } from 'vitest';
import type { ModelRun } from '../../shared/types';
import { applyEdgeStep, EDGE_BAND, EDGE_CHUNK, EDGE_GATE, EDGE_INPUTS, EDGE_WINDOW, edgeCandidates, edgeInputs } from './edgeStep';
import type { InkFeatures } from './features';
import { separationGeometry } from './geometry';
import { decideInk, decisionValues } from './inkDecision';
import { alphaFromInkDecision, HALF_COVERED } from './separatedAlpha';
import { separateFeatures } from './separate';

/** A page of soft strokes (deficits ramping across each) with a little texture, and model answers that vary from cell to cell. */
function testPage(width = 160, height = 120) {
  const deficit = new Uint8Array(width * height);
  const lumaDeficit = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const across = Math.min(Math.abs(y - 30 - 6 * Math.sin(x / 9)), Math.abs(x - 100), Math.abs(y - 90));
      const stroke = Math.max(0, 200 - 60 * across);
      const texture = (x * 7 + y * 13) % 23;
      deficit[y * width + x] = Math.min(255, stroke + texture);
      lumaDeficit[y * width + x] = Math.round(0.8 * Math.min(255, stroke + texture));
    }
  }
  const features: InkFeatures = { width, height, deficit, lumaDeficit };
  const g = separationGeometry(width, height);
  const plane = g.inputWidth * g.inputHeight;
  const out = new Float32Array(plane * 3);
  for (let k = 0; k < plane; k++) {
    out[k] = 1 + ((k * 37) % 11) / 20;
    out[plane + k] = 0.2 - ((k * 17) % 7) / 20;
    out[2 * plane + k] = -0.35 - ((k * 29) % 13) / 60;
  }
  return { features, g, coefficients: out, dims: [1, 3, g.inputHeight, g.inputWidth] as const };
}

describe('the decision value at single pixels', () => {
  it('has decideInk\'s sign at every pixel', () => {
    const { features, g, coefficients, dims } = testPage();
    const ink = decideInk(features, g, coefficients, dims, 0.8);
    const value = decisionValues(features.width, features.height, g, coefficients, dims, 0.8);
    let disagree = 0;
    for (let y = 0; y < features.height; y++) {
      value.row(y);
      for (let x = 0; x < features.width; x++) {
        const p = y * features.width + x;
        if ((value.at(x, features.deficit[p], features.lumaDeficit[p]) > 0 ? 1 : 0) !== ink[p]) disagree++;
      }
    }
    expect(ink.reduce((n, v) => n + v, 0)).toBeGreaterThan(500);
    expect(disagree).toBe(0);
  });
});

describe('the edge step\'s candidates', () => {
  it('are exactly the inked pixels near the decision\'s line whose value is within the gate, away from the frame', () => {
    const { features, g, coefficients, dims } = testPage();
    const { width, height, deficit, lumaDeficit } = features;
    const ink = decideInk(features, g, coefficients, dims);
    const candidates = edgeCandidates(features, ink, decisionValues(width, height, g, coefficients, dims));
    const { pixels } = candidates;
    const inputs = new Float32Array(pixels.length * EDGE_INPUTS);
    edgeInputs(candidates, 0, pixels.length, inputs);
    const value = decisionValues(width, height, g, coefficients, dims);
    const valueAt = (x: number, y: number, p: number) => (value.row(y), value.at(x, deficit[p], lumaDeficit[p]));
    const expected: number[] = [];
    for (let y = EDGE_WINDOW; y < height - EDGE_WINDOW; y++) {
      for (let x = EDGE_WINDOW; x < width - EDGE_WINDOW; x++) {
        const p = y * width + x;
        let inked = 0;
        for (let dy = -EDGE_BAND; dy <= EDGE_BAND; dy++) for (let dx = -EDGE_BAND; dx <= EDGE_BAND; dx++) inked += ink[p + dy * width + dx];
        const z = valueAt(x, y, p);
        if (inked > 0 && inked < (2 * EDGE_BAND + 1) ** 2 && deficit[p] > 0 && Math.abs(z) < EDGE_GATE) expected.push(p);
      }
    }
    expect(expected.length).toBeGreaterThan(100);
    expect(Array.from(pixels)).toEqual(expected);
    expect(inputs.length).toBe(pixels.length * EDGE_INPUTS);
    for (let k = 0; k < pixels.length; k++) {
      const p = pixels[k];
      const row = inputs.subarray(k * EDGE_INPUTS, (k + 1) * EDGE_INPUTS);
      const taps = Array.from(row.subarray(0, EDGE_INPUTS - 4));
      // The window over its own darkest deficit: the core, which the centre tap is measured against too.
      expect(Math.max(...taps)).toBeCloseTo(1, 5);
      const core = row[EDGE_INPUTS - 3] * 255;
      expect(taps[taps.length >> 1]).toBeCloseTo(deficit[p] / core, 5);
      expect(row[EDGE_INPUTS - 4]).toBeCloseTo(lumaDeficit[p] / core, 5);
      const y = Math.floor(p / width);
      expect(row[EDGE_INPUTS - 1]).toBeCloseTo(valueAt(p - y * width, y, p) / 4, 5);
    }
  });

  it('are none on a page of paper or of ink alone', () => {
    const { features, g, coefficients, dims } = testPage(64, 64);
    const value = decisionValues(64, 64, g, coefficients, dims);
    expect(edgeCandidates(features, new Uint8Array(64 * 64), value).pixels.length).toBe(0);
    expect(edgeCandidates(features, new Uint8Array(64 * 64).fill(1), value).pixels.length).toBe(0);
  });
});

describe('the edge step\'s verdicts', () => {
  /** A stand-in network: ink where the pixel's deficit is at least half its core (the centre tap). */
  const halfOfCore: ModelRun = async (input, dims) => {
    const [count, width] = dims;
    const centre = (width - 4) >> 1;
    const out = new Float32Array(count);
    for (let k = 0; k < count; k++) out[k] = input[k * width + centre] - 0.5;
    return { data: out, dims: [count, 1] };
  };

  it('set the candidates to ink or paper and nothing else, and the kept ones are at least half covered', async () => {
    const { features, g, coefficients, dims } = testPage();
    const ink = decideInk(features, g, coefficients, dims);
    const before = ink.slice();
    const candidates = edgeCandidates(features, ink, decisionValues(features.width, features.height, g, coefficients, dims));
    const read = new Set(candidates.pixels);
    const inputs = new Float32Array(candidates.pixels.length * EDGE_INPUTS);
    edgeInputs(candidates, 0, candidates.pixels.length, inputs);
    const verdict = new Map(Array.from(candidates.pixels, (p, k) => [p, inputs[k * EDGE_INPUTS + ((EDGE_INPUTS - 4) >> 1)] > 0.5] as const));
    const kept = await applyEdgeStep(halfOfCore, candidates, ink);
    for (let p = 0; p < ink.length; p++) {
      if (!read.has(p)) expect(ink[p]).toBe(before[p]);
      else expect(ink[p]).toBe(verdict.get(p) ? 1 : 0);
    }
    expect(Array.from(kept)).toEqual([...verdict].filter(([, isInk]) => isInk).map(([p]) => p));
    const changed = [...read].filter((p) => ink[p] !== before[p]).length;
    expect(changed).toBeGreaterThan(0);
    const alpha = alphaFromInkDecision({ features, ink, edgeKept: kept });
    for (const p of read) {
      if (verdict.get(p)) expect(alpha[p]).toBeGreaterThanOrEqual(HALF_COVERED);
      else expect(alpha[p]).toBeLessThan(HALF_COVERED);
    }
  });

  it('are asked for in chunks of EDGE_CHUNK candidates, each pixel once, with the same verdicts as in one run', async () => {
    // A page large enough for several chunks: strokes every 6 rows.
    const width = 1200;
    const height = 100;
    const deficit = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) deficit[y * width + x] = Math.max(0, 200 - 90 * Math.abs((y % 6) - 2.5)) + ((x * 7 + y * 13) % 23);
    const features: InkFeatures = { width, height, deficit, lumaDeficit: deficit };
    const g = separationGeometry(width, height);
    const plane = g.inputWidth * g.inputHeight;
    const out = new Float32Array(plane * 3);
    for (let k = 0; k < plane; k++) [out[k], out[plane + k], out[2 * plane + k]] = [1, 0, -0.45 - ((k * 29) % 13) / 100];
    const dims = [1, 3, g.inputHeight, g.inputWidth];
    const decide = () => decideInk(features, g, out, dims);
    const ink = decide();
    const candidates = edgeCandidates(features, ink, decisionValues(width, height, g, out, dims));
    const count = candidates.pixels.length;
    expect(count).toBeGreaterThan(2 * EDGE_CHUNK);
    const all = new Float32Array(count * EDGE_INPUTS);
    edgeInputs(candidates, 0, count, all);
    const logits = Array.from((await halfOfCore(all, [count, EDGE_INPUTS])).data);
    const once = candidates.pixels.filter((_, k) => logits[k] > 0);
    const sizes: number[] = [];
    const chunked: ModelRun = async (input, d) => (sizes.push(d[0]), halfOfCore(input, d));
    const kept = await applyEdgeStep(chunked, candidates, ink);
    const chunks = Math.ceil(count / EDGE_CHUNK);
    expect(sizes).toEqual([...Array(chunks - 1).fill(EDGE_CHUNK), count - (chunks - 1) * EDGE_CHUNK]);
    expect(Array.from(kept)).toEqual(Array.from(once));
  });

  it('are asked for on a flat page, never on a photo', async () => {
    const { features, g, coefficients, dims } = testPage();
    const separation: ModelRun = async () => ({ data: coefficients, dims });
    const asked: number[] = [];
    const edge: ModelRun = async (input, d) => (asked.push(d[0]), halfOfCore(input, d));
    const flat = await separateFeatures(separation, features, { edgeRun: edge });
    expect(asked.length).toBe(1);
    expect(flat.edgeKept!.length).toBeGreaterThan(0);
    expect(g.inputWidth).toBe(dims[3]);
    const photo = await separateFeatures(separation, features, { photo: true, edgeRun: edge });
    expect(asked.length).toBe(1);
    expect(photo.edgeKept).toBeUndefined();
  });
});
