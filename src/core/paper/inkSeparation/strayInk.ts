import { giveBack, pooledInt32 } from '../../shared/bufferPool';
import { otherInkDensity, summedBlocks } from '../../shared/blockDensity';
import { labelComponents, type Components } from '../../shared/components';
import { REGION_BLOCK, regionalInk } from './blurredRims';
import type { InkFeatures } from './features';
import { STRAY_NET } from './strayNet';

/**
 * The learned stray-ink step of a flat page (weights in strayNet.ts, written by `npm run train:stray`).
 * After the ink/paper decision and its edge step, a share of what real scans keep as ink is whole
 * pieces that hold no ink at all: a stain's blot, bleed-through from the other side, specks of the
 * paper's grain. Pixel by pixel such a piece is as dark as faint writing; as a piece it is told apart
 * by its size and shape, its darkness against the page's ink and the ink around it, its colour, the
 * paper around it and how much other ink lies near. The network (STRAY_INPUTS inputs, two small
 * hidden layers) reads each 8-connected piece of decided ink so, and a piece it calls stray becomes
 * paper whole. It runs after the edge step on flat pages only; photos have their own steps.
 */
export const STRAY_INPUTS = 18;
/** Blocks of this side count the decided ink for the density of ink around a piece. */
const DENSITY_BLOCK = 16;
/** The two neighbourhoods whose density of other ink is read: ±2 and ±6 blocks around the piece's centre block. */
const NEAR_BLOCKS = 2;
const WIDE_BLOCKS = 6;
/** The page's ink reference: this share of its decided ink pixels is at most as dark. */
const REFERENCE_SHARE = 0.9;

/** Per piece of decided ink, what the network reads (STRAY_INPUTS per piece, piece k at k × STRAY_INPUTS). */
export interface StrayPieces {
  components: Components;
  inputs: Float32Array;
}

/** The pieces of decided ink (1 = ink) of a flat page and their inputs; `labels` as labelComponents takes it. */
export function strayPieces(features: InkFeatures, ink: Uint8Array, labels?: Int32Array): StrayPieces {
  const { width, height, deficit, lumaDeficit } = features;
  const components = labelComponents(ink, width, height, labels);
  const { count, left, top, right, bottom, area } = components;
  const pieceOf = components.labels;
  const sumDeficit = new Float64Array(count + 1);
  const sumLuma = new Float64Array(count + 1);
  const darkest = new Uint8Array(count + 1);
  const regionDark = new Uint8Array(count + 1);
  const boundary = new Int32Array(count + 1);
  const paperSum = new Float64Array(count + 1);
  const paperCount = new Int32Array(count + 1);
  const histogram = new Int32Array(256);
  const blocksWide = Math.ceil(width / DENSITY_BLOCK);
  const blocksHigh = Math.ceil(height / DENSITY_BLOCK);
  const blockInk = new Int32Array(blocksWide * blocksHigh);
  const region = regionalInk(ink, deficit, width, height);
  for (let p = ink.indexOf(1); p !== -1; p = ink.indexOf(1, p + 1)) {
    const y = (p / width) | 0;
    const x = p - y * width;
    const l = pieceOf[p];
    const d = deficit[p];
    sumDeficit[l] += d;
    sumLuma[l] += lumaDeficit[p];
    if (d > darkest[l]) darkest[l] = d;
    histogram[d]++;
    blockInk[((y / DENSITY_BLOCK) | 0) * blocksWide + ((x / DENSITY_BLOCK) | 0)]++;
    const dark = region.dark[((y / REGION_BLOCK) | 0) * region.wide + ((x / REGION_BLOCK) | 0)];
    if (dark > regionDark[l]) regionDark[l] = dark;
    // The paper touching the piece (4-neighbours), and the piece's own pixels on its border.
    const before = paperCount[l];
    if (x > 0 && ink[p - 1] !== 1) paperBeside(paperSum, paperCount, l, deficit[p - 1]);
    if (x < width - 1 && ink[p + 1] !== 1) paperBeside(paperSum, paperCount, l, deficit[p + 1]);
    if (y > 0 && ink[p - width] !== 1) paperBeside(paperSum, paperCount, l, deficit[p - width]);
    if (y < height - 1 && ink[p + width] !== 1) paperBeside(paperSum, paperCount, l, deficit[p + width]);
    if (paperCount[l] > before || x === 0 || y === 0 || x === width - 1 || y === height - 1) boundary[l]++;
  }
  let inkTotal = 0;
  for (let v = 0; v < 256; v++) inkTotal += histogram[v];
  const reference = Math.max(1, percentile(histogram, inkTotal, REFERENCE_SHARE));
  const blockSums = summedBlocks(blockInk, blocksWide, blocksHigh);
  const piecesPerInk = Math.log(1 + count / Math.max(1, inkTotal / 1000));
  const inputs = new Float32Array(count * STRAY_INPUTS);
  for (let l = 1; l <= count; l++) {
    const a = area[l];
    const w = right[l] - left[l] + 1;
    const h = bottom[l] - top[l] + 1;
    const meanDeficit = sumDeficit[l] / a;
    const paper = paperCount[l] > 0 ? paperSum[l] / paperCount[l] : 0;
    const bx = (((left[l] + right[l]) >> 1) / DENSITY_BLOCK) | 0;
    const by = (((top[l] + bottom[l]) >> 1) / DENSITY_BLOCK) | 0;
    const out = inputs.subarray((l - 1) * STRAY_INPUTS, l * STRAY_INPUTS);
    out[0] = Math.log(a);
    out[1] = Math.log(w);
    out[2] = Math.log(h);
    out[3] = a / (w * h);
    out[4] = meanDeficit / 255;
    out[5] = darkest[l] / 255;
    out[6] = sumLuma[l] / a / 255;
    out[7] = sumLuma[l] / Math.max(1, sumDeficit[l]);
    out[8] = meanDeficit / reference;
    out[9] = darkest[l] / reference;
    out[10] = reference / 255;
    out[11] = otherInkDensity(blockSums, blocksWide, blocksHigh, DENSITY_BLOCK, bx, by, NEAR_BLOCKS, a);
    out[12] = otherInkDensity(blockSums, blocksWide, blocksHigh, DENSITY_BLOCK, bx, by, WIDE_BLOCKS, a);
    out[13] = darkest[l] / Math.max(1, regionDark[l]);
    out[14] = paper / 255;
    out[15] = paper / Math.max(1, meanDeficit);
    out[16] = (2 * a) / Math.max(1, boundary[l]);
    out[17] = piecesPerInk;
  }
  return { components, inputs };
}

/** The first hidden layer's activations, reused from piece to piece. */
const firstLayer = new Float32Array(STRAY_NET.hidden);

/** The network's logit that a piece with these inputs is stray (over 0: stray). */
export function strayLogit(inputs: Float32Array, offset = 0): number {
  const { hidden, w1, b1, w2, b2, w3, b3 } = STRAY_NET;
  const first = firstLayer;
  for (let o = 0; o < hidden; o++) {
    let s = b1[o];
    for (let i = 0; i < STRAY_INPUTS; i++) s += w1[o * STRAY_INPUTS + i] * inputs[offset + i];
    first[o] = s > 0 ? s : 0;
  }
  let out = b3;
  for (let o = 0; o < hidden; o++) {
    let s = b2[o];
    for (let i = 0; i < hidden; i++) s += w2[o * hidden + i] * first[i];
    if (s > 0) out += w3[o] * s;
  }
  return out;
}

/**
 * Clears the stray pieces of a flat page's decision in place (`ink`: 1 = ink) and returns how many
 * pixels became paper.
 */
export function clearStrayInk(features: InkFeatures, ink: Uint8Array): number {
  const labels = pooledInt32(features.width * features.height);
  try {
    return clearPieces(strayPieces(features, ink, labels), ink, features.width);
  } finally {
    giveBack(labels);
  }
}

/** Clears each piece the network calls stray, within its own bounding box; returns the pixels cleared. */
function clearPieces({ components, inputs }: StrayPieces, ink: Uint8Array, width: number): number {
  const { count, labels, left, top, right, bottom } = components;
  let cleared = 0;
  for (let l = 1; l <= count; l++) {
    if (strayLogit(inputs, (l - 1) * STRAY_INPUTS) <= 0) continue;
    for (let y = top[l]; y <= bottom[l]; y++) {
      for (let p = y * width + left[l], end = y * width + right[l]; p <= end; p++) {
        if (labels[p] === l) {
          ink[p] = 0;
          cleared++;
        }
      }
    }
  }
  return cleared;
}

function paperBeside(sums: Float64Array, counts: Int32Array, piece: number, deficit: number): void {
  sums[piece] += deficit;
  counts[piece]++;
}

function percentile(histogram: Int32Array, total: number, share: number): number {
  const target = share * total;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v];
    if (seen >= target && seen > 0) return v;
  }
  return 255;
}
