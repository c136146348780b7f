/**
 * From the per-layer ink coverage (antialiased alpha drawn on separate canvases) to the ground truth
 * and the clean page: stamp ink unevenness and dropouts, then MULTIPLY blending of every layer's ink
 * onto the paper colour. Each layer's canvas holds its inks' own colours (a coloured logo and black
 * text on the printed layer, two pens on the handwriting layer), so the blend takes every pixel's
 * colour from its layer's canvas and its coverage from the (possibly changed) coverage map.
 */
import { InkClass } from '../core/types';
import { fractalNoise, valueNoise } from './noise';
import type { Random } from './random';

export type LayerName = 'printed' | 'formLine' | 'handwriting' | 'stamp' | 'noise';
export const LAYERS: readonly LayerName[] = ['printed', 'formLine', 'handwriting', 'stamp', 'noise'];
export const LAYER_CLASS: Readonly<Record<LayerName, number>> = {
  printed: InkClass.printed,
  formLine: InkClass.formLine,
  handwriting: InkClass.handwriting,
  stamp: InkClass.stamp,
  noise: InkClass.noise,
};
/** Where layers cover the same pixel equally, the ink laid down last (on top) names the class. */
const TIE_ORDER: readonly LayerName[] = ['handwriting', 'stamp', 'formLine', 'printed', 'noise'];
/** A pixel gets a class when its strongest layer covers at least this much (of 255); paper elsewhere. */
export const CLASS_THRESHOLD = 32;

export type Coverage = Record<LayerName, Uint8Array>;
/** Per layer, the canvas pixels (RGBA, not premultiplied): the ink colour of each covered pixel. */
export type InkColours = Record<LayerName, Uint8ClampedArray>;

export interface GroundTruth {
  /** Union of printed text, form lines, handwriting and stamps (noise excluded: every mode drops noise). */
  all: Uint8Array;
  signature: Uint8Array;
  stamp: Uint8Array;
  /** InkClass id per pixel. */
  classes: Uint8Array;
}

/**
 * Stamp ink: a smooth intensity field (uneven inking, partial transparency) and dropouts where the
 * stamp did not touch the paper. Dropouts are removed from the stamp's coverage (truth), the
 * intensity only lightens the ink. Returns the per-pixel ink strength (0..1) for compositing.
 */
export function inkStamp(stamp: Uint8Array, width: number, height: number, unit: number, random: Random): Float32Array {
  const strength = new Float32Array(stamp.length);
  // Work inside the stamp's bounding box only (the noise fields are the expensive part).
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (stamp[row + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return strength;
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const base = random.range(0.55, 1);
  const uneven = random.range(0.1, 0.45);
  const dropout = random.chance(0.7) ? random.range(0.02, 0.3) : 0;
  const field = fractalNoise(bw, bh, 40 * unit, 3, random);
  const grain = valueNoise(bw, bh, Math.max(1.5, 2.5 * unit), random);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y + y0) * width + x + x0;
      if (stamp[i] === 0) continue;
      const k = y * bw + x;
      const f = field[k] * 0.7 + grain[k] * 0.3;
      if (f < dropout) {
        const keep = Math.max(0, (f - dropout * 0.7) / (dropout * 0.3));
        stamp[i] = Math.round(stamp[i] * keep);
      }
      strength[i] = Math.min(1, Math.max(0.2, base - uneven * (1 - field[k] * 2) * 0.5 - 0.15 * (1 - grain[k])));
    }
  }
  return strength;
}

export function groundTruth(coverage: Coverage): GroundTruth {
  const n = coverage.printed.length;
  const all = new Uint8Array(n);
  const classes = new Uint8Array(n);
  const { printed, formLine, handwriting, stamp, noise } = coverage;
  const ordered = TIE_ORDER.map((layer) => coverage[layer]);
  const orderedClass = TIE_ORDER.map((layer) => LAYER_CLASS[layer]);
  for (let i = 0; i < n; i++) {
    if ((printed[i] | formLine[i] | handwriting[i] | stamp[i] | noise[i]) === 0) continue;
    const union = 1 - (1 - printed[i] / 255) * (1 - formLine[i] / 255) * (1 - handwriting[i] / 255) * (1 - stamp[i] / 255);
    all[i] = Math.round(union * 255);
    let best = 0;
    let bestClass: number = InkClass.paper;
    for (let l = 0; l < ordered.length; l++) {
      const a = ordered[l][i];
      if (a > best) {
        best = a;
        bestClass = orderedClass[l];
      }
    }
    classes[i] = best >= CLASS_THRESHOLD ? bestClass : InkClass.paper;
  }
  return { all, signature: handwriting.slice(), stamp: stamp.slice(), classes };
}

/**
 * The clean page as linear-ish 0..255 floats per channel: paper colour times, per layer,
 * (1 − strength·coverage·(1 − ink/255)) — MULTIPLY blending, so crossing inks darken each other.
 * The ink is each pixel's colour on its layer's canvas.
 */
export function multiplyInk(
  coverage: Coverage,
  colours: InkColours,
  strength: Partial<Record<LayerName, Float32Array | number>>,
  paper: Float32Array,
): void {
  const n = coverage.printed.length;
  const k = 1 / 255;
  for (const layer of LAYERS) {
    const a = coverage[layer];
    const s = strength[layer] ?? 1;
    const ink = colours[layer];
    for (let i = 0; i < n; i++) {
      if (a[i] === 0) continue;
      const t = a[i] * k * (typeof s === 'number' ? s : s[i]);
      const j = i * 4;
      paper[i * 3] *= 1 - t * (1 - ink[j] * k);
      paper[i * 3 + 1] *= 1 - t * (1 - ink[j + 1] * k);
      paper[i * 3 + 2] *= 1 - t * (1 - ink[j + 2] * k);
    }
  }
}
