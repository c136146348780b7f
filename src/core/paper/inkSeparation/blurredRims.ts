import type { InkSeparation } from '../../shared/types';
import { RIM_NET } from './rimNet';

/**
 * The rims a camera's blur leaves around a photo's strokes, told from the strokes by a small learned
 * network (models/rims/). On a blurred photo the ink/paper decision, made on a pixel's own darkness,
 * keeps a blurred stroke wider than its ink: a thin stroke's profile has no darkness at which it is as
 * wide as its truth, and the local-mean thinning (blurredStrokes.ts) only takes part of the rim away.
 * What tells a rim from a stroke is the stroke's profile around the pixel and its ink mass: a thin
 * stroke's core is paler than the same ink's thick strokes nearby, so its true width is a share of
 * its blurred one. The network (16 inputs, two layers of 8) reads, per decided ink pixel near paper,
 * 13 deficits around it against its stroke's core, that core against the darkest ink of its region,
 * the core itself and the capture's blur, and says whether the pixel is the stroke's or its rim's.
 * Learned on generated desk photos, whose truth is the ink as laid down before the capture; used only
 * where the strokes are thinned (a sheet found in a photo whose blur reads BLURRED_CAPTURE or more),
 * never on scans.
 */
/** Inputs per pixel: the 13 taps' deficits over the core, the core over its region's ink, core / 255, blur. */
export const RIM_INPUTS = 16;
const WINDOW = 2;
/** The window's taps (dx, dy): the 3 × 3 around the pixel and the four two pixels away along its row and column. */
const TAPS: ReadonlyArray<readonly [number, number]> = [
  [0, -2],
  [-1, -1], [0, -1], [1, -1],
  [-2, 0], [-1, 0], [0, 0], [1, 0], [2, 0],
  [-1, 1], [0, 1], [1, 1],
  [0, 2],
];
/** The region whose darkest decided ink stands for the ink's own darkness: blocks of this side, 3 × 3 of them. */
export const REGION_BLOCK = 16;

/** The darkest decided ink per block of REGION_BLOCK pixels, over each block's 3 × 3 neighbourhood. */
export interface RegionalInk {
  dark: Uint8Array;
  wide: number;
}

export function regionalInk(ink: Uint8Array, deficit: Uint8Array, width: number, height: number): RegionalInk {
  const wide = Math.ceil(width / REGION_BLOCK);
  const high = Math.ceil(height / REGION_BLOCK);
  const own = new Uint8Array(wide * high);
  for (let p = ink.indexOf(1); p !== -1; p = ink.indexOf(1, p + 1)) {
    const y = (p / width) | 0;
    const k = ((y / REGION_BLOCK) | 0) * wide + (((p - y * width) / REGION_BLOCK) | 0);
    if (deficit[p] > own[k]) own[k] = deficit[p];
  }
  const dark = new Uint8Array(wide * high);
  for (let by = 0; by < high; by++) {
    for (let bx = 0; bx < wide; bx++) {
      let m = 0;
      for (let yy = Math.max(0, by - 1), y1 = Math.min(high - 1, by + 1); yy <= y1; yy++) {
        for (let xx = Math.max(0, bx - 1), x1 = Math.min(wide - 1, bx + 1); xx <= x1; xx++) if (own[yy * wide + xx] > m) m = own[yy * wide + xx];
      }
      dark[by * wide + bx] = m;
    }
  }
  return { dark, wide };
}

/**
 * Whether the network reads the ink pixel p = (x, y): within WINDOW pixels of paper along its row or
 * column (a rim lies at the edge of what the decision kept; deeper inside, the stroke is the stroke's),
 * and at least WINDOW pixels inside the page (the frame's edge keeps its ink as decided).
 */
export function rimReadable(ink: Uint8Array, p: number, x: number, y: number, width: number, height: number): boolean {
  if (x < WINDOW || y < WINDOW || x >= width - WINDOW || y >= height - WINDOW) return false;
  const w2 = 2 * width;
  return ink[p - 1] === 0 || ink[p + 1] === 0 || ink[p - width] === 0 || ink[p + width] === 0 || ink[p - 2] === 0 || ink[p + 2] === 0 || ink[p - w2] === 0 || ink[p + w2] === 0;
}

/** The network's inputs for the ink pixel p = (x, y) with stroke core `core` (> 0), written into `out` (what the trainer reads). */
export function rimInputs(deficit: Uint8Array, width: number, p: number, x: number, y: number, core: number, region: RegionalInk, blur: number, out: Float32Array): void {
  const scale = 1 / core;
  let i = 0;
  for (const [dx, dy] of TAPS) out[i++] = deficit[p + dy * width + dx] * scale;
  out[i++] = coreOverRegion(region, x, y, core);
  out[i++] = core / 255;
  out[i] = blur;
}

export function coreOverRegion(region: RegionalInk, x: number, y: number, core: number): number {
  const dark = region.dark[((y / REGION_BLOCK) | 0) * region.wide + ((x / REGION_BLOCK) | 0)];
  return Math.min(1, core / Math.max(1, dark));
}

/** A rim pixel is one the network gives less than this probability of being the stroke's. */
const STROKE_PROBABILITY = 0.5;
const STROKE_LOGIT = Math.log(STROKE_PROBABILITY / (1 - STROKE_PROBABILITY));

/** Hidden activations, reused from pixel to pixel. */
const hidden1 = new Float32Array(RIM_NET.hidden);

/**
 * The network's logit that the pixel with these inputs is its stroke's (over 0: stroke; under: rim), as
 * the trainer defines it; the pipeline runs the same network through rimReader.
 */
export function strokeLogit(inputs: Float32Array): number {
  const { hidden, w1, b1 } = RIM_NET;
  for (let o = 0; o < hidden; o++) {
    let s = b1[o];
    for (let i = 0, k = o * RIM_INPUTS; i < RIM_INPUTS; i++, k++) s += w1[k] * inputs[i];
    hidden1[o] = s > 0 ? s : 0;
  }
  return secondLayers(hidden1);
}

function secondLayers(h: Float64Array | Float32Array): number {
  const { hidden, w2, b2, w3, b3 } = RIM_NET;
  let out = b3;
  for (let o = 0; o < hidden; o++) {
    let s = b2[o];
    for (let i = 0, k = o * hidden; i < hidden; i++, k++) s += w2[k] * h[i];
    if (s > 0) out += w3[o] * s;
  }
  return out - STROKE_LOGIT;
}

/**
 * The network laid out for one page, as strokeLogit computes it but about 5× faster (at 12 MP it reads
 * some 220 k pixels): the taps are summed straight from the deficits (paper taps, 0, skipped) and
 * divided by the core once, the blur's term is part of the bias, and the 8 hidden units are unrolled.
 */
export interface RimReader {
  logit(deficit: Uint8Array, p: number, x: number, y: number, core: number): number;
}

export function rimReader(width: number, region: RegionalInk, blur: number): RimReader {
  const { hidden, w1, b1 } = RIM_NET;
  if (hidden !== 8) throw new RangeError(`the rim network has ${hidden} hidden units; its reader is written for 8`);
  const taps = TAPS.length;
  const offsets = new Int32Array(taps);
  const byTap = new Float64Array(taps * hidden);
  TAPS.forEach(([dx, dy], k) => {
    offsets[k] = dy * width + dx;
    for (let o = 0; o < hidden; o++) byTap[k * hidden + o] = w1[o * RIM_INPUTS + k];
  });
  const bias = new Float64Array(hidden);
  const perRegion = new Float64Array(hidden);
  const perCore = new Float64Array(hidden);
  for (let o = 0; o < hidden; o++) {
    bias[o] = b1[o] + w1[o * RIM_INPUTS + taps + 2] * blur;
    perRegion[o] = w1[o * RIM_INPUTS + taps];
    perCore[o] = w1[o * RIM_INPUTS + taps + 1] / 255;
  }
  const secondW = Float64Array.from(RIM_NET.w2);
  const secondB = Float64Array.from(RIM_NET.b2);
  const third = Float64Array.from(RIM_NET.w3);
  const thirdB = RIM_NET.b3 - STROKE_LOGIT;
  const h = new Float64Array(hidden);
  return {
    logit(deficit, p, x, y, core) {
      let h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0;
      for (let k = 0, w = 0; k < taps; k++, w += 8) {
        const d = deficit[p + offsets[k]];
        if (d === 0) continue;
        h0 += byTap[w] * d; h1 += byTap[w + 1] * d; h2 += byTap[w + 2] * d; h3 += byTap[w + 3] * d;
        h4 += byTap[w + 4] * d; h5 += byTap[w + 5] * d; h6 += byTap[w + 6] * d; h7 += byTap[w + 7] * d;
      }
      const scale = 1 / core;
      const q = coreOverRegion(region, x, y, core);
      h[0] = relu(h0 * scale + bias[0] + perRegion[0] * q + perCore[0] * core);
      h[1] = relu(h1 * scale + bias[1] + perRegion[1] * q + perCore[1] * core);
      h[2] = relu(h2 * scale + bias[2] + perRegion[2] * q + perCore[2] * core);
      h[3] = relu(h3 * scale + bias[3] + perRegion[3] * q + perCore[3] * core);
      h[4] = relu(h4 * scale + bias[4] + perRegion[4] * q + perCore[4] * core);
      h[5] = relu(h5 * scale + bias[5] + perRegion[5] * q + perCore[5] * core);
      h[6] = relu(h6 * scale + bias[6] + perRegion[6] * q + perCore[6] * core);
      h[7] = relu(h7 * scale + bias[7] + perRegion[7] * q + perCore[7] * core);
      let out = thirdB;
      for (let o = 0, w = 0; o < 8; o++, w += 8) {
        const s = secondB[o] + secondW[w] * h[0] + secondW[w + 1] * h[1] + secondW[w + 2] * h[2] + secondW[w + 3] * h[3] + secondW[w + 4] * h[4] + secondW[w + 5] * h[5] + secondW[w + 6] * h[6] + secondW[w + 7] * h[7];
        if (s > 0) out += third[o] * s;
      }
      return out;
    },
  };
}

function relu(v: number): number {
  return v > 0 ? v : 0;
}

/** The blur the rims are read at, when the separation thinned a blurred photo's strokes. */
export function rimBlur(separation: InkSeparation): number | null {
  return separation.thinnedRims && separation.blur !== undefined ? separation.blur : null;
}
