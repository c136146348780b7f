import { giveBackList, pooledFloat32List } from '../../shared/bufferPool';
import type { ModelRun } from '../../shared/types';
import { coreOverRegion, regionalInk, type RegionalInk } from './blurredRims';
import type { InkFeatures } from './features';
import type { DecisionValues } from './inkDecision';

/**
 * The learned edge step of a flat page (models/inkedge.onnx, trained by `npm run train:edge`). Most
 * of the ink/paper decision's errors on real pages lie at a stroke's edge, where the decision (smooth
 * over 2 × 2 cells of the model) and the pixel's own darkness meet: a thin printed edge lost, a halo
 * kept. The step reads again only the pixels it is least sure of — within EDGE_BAND px of its line,
 * its value within ±EDGE_GATE (about 1.5 % of a real page) — from the 7 × 7 deficits around the pixel
 * over its stroke's core, and says ink or paper for each. Photos are left to their own rim step
 * (blurredRims.ts): their blurred strokes are another question.
 */
export const EDGE_MODEL_NAME = 'inkedge-v1';
/** Pixels read around a candidate: a (2·EDGE_WINDOW + 1)² window, which is also where its stroke's core is taken. */
export const EDGE_WINDOW = 3;
/** A candidate's (2·EDGE_BAND + 1)² neighbourhood holds decided ink and decided paper. */
export const EDGE_BAND = 2;
/** A candidate's decision value lies within ±EDGE_GATE. */
export const EDGE_GATE = 2;
/** The value is clipped to ±VALUE_CLIP and divided by VALUE_SCALE as the network's input. */
const VALUE_CLIP = 8;
const VALUE_SCALE = 4;
const WINDOW_TAPS = (2 * EDGE_WINDOW + 1) ** 2;
/** Per candidate: the window's deficits over the core, its luminance deficit over the core, the core / 255, the core over the region's darkest ink, the decision value. */
export const EDGE_INPUTS = WINDOW_TAPS + 4;

/**
 * Candidates per run of the network: the inputs of a chunk take EDGE_CHUNK × EDGE_INPUTS floats (7 MB),
 * so a page with millions of candidates (a large, noisy scan) never holds all their inputs at once.
 */
export const EDGE_CHUNK = 1 << 15;

export interface EdgeCandidates {
  features: InkFeatures;
  /** The pixels read, in raster order. */
  pixels: Int32Array;
  /** Their decision values. */
  values: Float32Array;
  /** The darkest decided ink around each block of the page, as the decision left it. */
  region: RegionalInk;
}

/** The pixels the edge step reads on a page decided as `ink` (1 = ink), with what their inputs are made of (edgeInputs). */
export function edgeCandidates(features: InkFeatures, ink: Uint8Array, value: DecisionValues): EdgeCandidates {
  const { width, height, deficit } = features;
  const scan: Scan = { features, ink, value, columnInk: new Uint8Array(width), nearLine: new Int32Array(width), found: [], values: [] };
  // Decided ink per column over the rows y − EDGE_BAND … y + EDGE_BAND, slid down the page.
  // Rows of the page holding any decided ink: a band of rows with none has no candidate and is not scanned.
  const inkedRows = new Uint8Array(height);
  for (let p = ink.indexOf(1); p !== -1; p = ink.indexOf(1, p + 1)) {
    const y = (p / width) | 0;
    inkedRows[y] = 1;
    p = (y + 1) * width - 1;
  }
  let inkedAround = 0;
  for (let y = 0; y < Math.min(height, EDGE_BAND); y++) {
    if (inkedRows[y]) addRow(scan.columnInk, ink, y * width);
    inkedAround += inkedRows[y];
  }
  for (let y = 0; y < height; y++) {
    const entering = y + EDGE_BAND < height ? y + EDGE_BAND : -1;
    const leaving = y - EDGE_BAND - 1;
    if (entering >= 0 && inkedRows[entering]) addRow(scan.columnInk, ink, entering * width);
    if (leaving >= 0 && inkedRows[leaving]) subtractRow(scan.columnInk, ink, leaving * width);
    inkedAround += (entering >= 0 ? inkedRows[entering] : 0) - (leaving >= 0 ? inkedRows[leaving] : 0);
    if (inkedAround > 0 && y >= EDGE_WINDOW && y < height - EDGE_WINDOW && width > 2 * EDGE_WINDOW) scanRow(scan, y);
  }
  return { features, pixels: Int32Array.from(scan.found), values: Float32Array.from(scan.values), region: regionalInk(ink, deficit, width, height) };
}

/** The network's inputs of candidates start … end − 1, EDGE_INPUTS each, into `out` from its start. */
export function edgeInputs(candidates: EdgeCandidates, start: number, end: number, out: Float32Array): void {
  const { features, region, pixels, values } = candidates;
  for (let k = start; k < end; k++) writeInputs(features, region, pixels[k], values[k], out, (k - start) * EDGE_INPUTS);
}

/** What the candidates' scan shares from row to row. */
interface Scan {
  features: InkFeatures;
  ink: Uint8Array;
  value: DecisionValues;
  columnInk: Uint8Array;
  /** A row's columns near the decision's line (nearLineColumns). */
  nearLine: Int32Array;
  found: number[];
  values: number[];
}

/** One row's candidates (functions of their own per row and per pixel, optimised per call: see OSR_NOTE in model/tensor.ts). */
function scanRow(scan: Scan, y: number): void {
  const { features, value, nearLine } = scan;
  const { width, deficit, lumaDeficit } = features;
  const near = nearLineColumns(scan, y * width, nearLine);
  if (near === 0) return;
  value.row(y);
  for (let k = 0; k < near; k++) {
    const x = nearLine[k];
    const p = y * width + x;
    const z = value.at(x, deficit[p], lumaDeficit[p]);
    if (z <= -EDGE_GATE || z >= EDGE_GATE) continue;
    scan.found.push(p);
    scan.values.push(z);
  }
}

/** The columns of the row starting at `rowStart` whose 5 × 5 holds decided ink and paper and whose deficit is not 0, into `out`; returns how many. */
function nearLineColumns(scan: Scan, rowStart: number, out: Int32Array): number {
  const { columnInk } = scan;
  const { width, deficit } = scan.features;
  const full = (2 * EDGE_BAND + 1) ** 2;
  let around = 0;
  let count = 0;
  for (let x = EDGE_WINDOW - EDGE_BAND; x <= EDGE_WINDOW + EDGE_BAND; x++) around += columnInk[x];
  for (let x = EDGE_WINDOW; x < width - EDGE_WINDOW; x++) {
    if (x > EDGE_WINDOW) around += columnInk[x + EDGE_BAND] - columnInk[x - EDGE_BAND - 1];
    if (around !== 0 && around !== full && deficit[rowStart + x] !== 0) out[count++] = x;
  }
  return count;
}

/** The network's inputs for candidate p with decision value z, from `out[o]` on. */
function writeInputs(features: InkFeatures, region: RegionalInk, p: number, z: number, out: Float32Array, o: number): void {
  const { width, deficit, lumaDeficit } = features;
  const y = (p / width) | 0;
  const x = p - y * width;
  let core = 0;
  for (let dy = -EDGE_WINDOW, i = o; dy <= EDGE_WINDOW; dy++) {
    for (let q = p + dy * width - EDGE_WINDOW, end = q + 2 * EDGE_WINDOW; q <= end; q++, i++) {
      const d = deficit[q];
      out[i] = d;
      if (d > core) core = d;
    }
  }
  const scale = 1 / core;
  for (let i = o; i < o + WINDOW_TAPS; i++) out[i] *= scale;
  out[o + WINDOW_TAPS] = lumaDeficit[p] * scale;
  out[o + WINDOW_TAPS + 1] = core / 255;
  out[o + WINDOW_TAPS + 2] = coreOverRegion(region, x, y, core);
  out[o + WINDOW_TAPS + 3] = Math.max(-VALUE_CLIP, Math.min(VALUE_CLIP, z)) / VALUE_SCALE;
}

function addRow(columnInk: Uint8Array, ink: Uint8Array, start: number): void {
  for (let x = 0, width = columnInk.length; x < width; x++) columnInk[x] += ink[start + x];
}

function subtractRow(columnInk: Uint8Array, ink: Uint8Array, start: number): void {
  for (let x = 0, width = columnInk.length; x < width; x++) columnInk[x] -= ink[start + x];
}

/**
 * Runs the edge network on the candidates, EDGE_CHUNK at a time, and writes its verdicts into `ink`;
 * returns the candidates it keeps as ink (their alpha is at least half: separatedAlpha.ts), in raster order.
 */
export async function applyEdgeStep(run: ModelRun, candidates: EdgeCandidates, ink: Uint8Array): Promise<Int32Array> {
  const { pixels } = candidates;
  if (pixels.length === 0) return pixels;
  // Pooled: the chunk's inputs are a few MB of fresh memory on every page otherwise.
  const buffer = pooledFloat32List(Math.min(EDGE_CHUNK, pixels.length) * EDGE_INPUTS);
  let kept = 0;
  try {
    for (let start = 0; start < pixels.length; start += EDGE_CHUNK) {
      const end = Math.min(pixels.length, start + EDGE_CHUNK);
      const inputs = buffer.subarray(0, (end - start) * EDGE_INPUTS);
      edgeInputs(candidates, start, end, inputs);
      const { data } = await run(inputs, [end - start, EDGE_INPUTS]);
      // The verdicts only change `ink`, which no candidate's inputs read (the region was taken before).
      for (let k = start; k < end; k++) {
        const isInk = data[k - start] > 0;
        ink[pixels[k]] = isInk ? 1 : 0;
        if (isInk) pixels[kept++] = pixels[k];
      }
    }
  } finally {
    giveBackList(buffer);
  }
  return pixels.subarray(0, kept);
}
