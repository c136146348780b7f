import type { InkSeparation } from './separate';
import { RIM_NET, RIM_NET_NAME } from './rimNet';

/**
 * The rims a camera's blur leaves around a photo's strokes, told from the strokes by a small learned
 * network (models/rims/). On a blurred photo the ink/paper decision, made on a pixel's own darkness,
 * keeps a blurred stroke wider than its ink: a thin stroke's profile has no darkness at which it is as
 * wide as its truth, and the local-mean thinning (blurredStrokes.ts) only takes part of the rim away.
 * What tells a rim from a stroke is the stroke's profile around the pixel and its ink mass: a thin
 * stroke's core is paler than the same ink's thick strokes nearby, so its true width is a share of
 * its blurred one. The network reads, per decided ink pixel, the 5 × 5 deficits around it against its
 * stroke's core, that core against the darkest ink of its region, the core itself and the capture's
 * blur, and says whether the pixel is the stroke's or its rim's. Learned on generated desk photos,
 * whose truth is the ink as laid down before the capture; used only where the strokes are thinned
 * (a sheet found in a photo whose blur reads BLURRED_CAPTURE or more), never on scans.
 */
export const RIM_MODEL_NAME = RIM_NET_NAME;

/** Inputs per pixel: 25 deficits of the 5 × 5 window over the core, core over its region's ink, core / 255, blur. */
export const RIM_INPUTS = 28;
const WINDOW = 2;
/** The region whose darkest decided ink stands for the ink's own darkness: blocks of this side, 3 × 3 of them. */
const REGION_BLOCK = 16;

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

/** Whether the network reads the pixel: at least WINDOW pixels inside the page (the frame's edge keeps its ink as decided). */
export function rimReadable(x: number, y: number, width: number, height: number): boolean {
  return x >= WINDOW && y >= WINDOW && x < width - WINDOW && y < height - WINDOW;
}

/** The network's inputs for the ink pixel p = (x, y) with stroke core `core` (> 0), written into `out`. */
export function rimInputs(deficit: Uint8Array, width: number, p: number, x: number, y: number, core: number, region: RegionalInk, blur: number, out: Float32Array): void {
  const scale = 1 / core;
  let i = 0;
  for (let dy = -WINDOW; dy <= WINDOW; dy++) {
    const row = p + dy * width;
    for (let dx = -WINDOW; dx <= WINDOW; dx++) out[i++] = deficit[row + dx] * scale;
  }
  const dark = region.dark[((y / REGION_BLOCK) | 0) * region.wide + ((x / REGION_BLOCK) | 0)];
  out[i++] = Math.min(1, core / Math.max(1, dark));
  out[i++] = core / 255;
  out[i] = blur;
}

/** A rim pixel is one the network gives less than this probability of being the stroke's. */
const STROKE_PROBABILITY = 0.5;
const STROKE_LOGIT = Math.log(STROKE_PROBABILITY / (1 - STROKE_PROBABILITY));

/** Hidden activations, reused from pixel to pixel. */
const hidden1 = new Float32Array(RIM_NET.hidden);
const hidden2 = new Float32Array(RIM_NET.hidden);

/** The network's logit that the pixel with these inputs is its stroke's (over 0: stroke; under: rim). */
export function strokeLogit(inputs: Float32Array): number {
  const { hidden, w1, b1, w2, b2, w3, b3 } = RIM_NET;
  for (let o = 0; o < hidden; o++) {
    let s = b1[o];
    for (let i = 0, k = o * RIM_INPUTS; i < RIM_INPUTS; i++, k++) s += w1[k] * inputs[i];
    hidden1[o] = s > 0 ? s : 0;
  }
  let out = b3;
  for (let o = 0; o < hidden; o++) {
    let s = b2[o];
    for (let i = 0, k = o * hidden; i < hidden; i++, k++) s += w2[k] * hidden1[i];
    hidden2[o] = s > 0 ? s : 0;
    out += w3[o] * hidden2[o];
  }
  return out - STROKE_LOGIT;
}

/** The blur the rims are read at, when the separation thinned a blurred photo's strokes. */
export function rimBlur(separation: InkSeparation): number | null {
  return separation.thinnedRims && separation.blur !== undefined ? separation.blur : null;
}
