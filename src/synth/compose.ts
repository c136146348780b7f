/**
 * From the per-layer ink coverage (antialiased alpha drawn on separate canvases) to the ground truth
 * and the clean page: stamp ink unevenness and dropouts, then MULTIPLY blending of every layer's ink
 * onto the paper colour. Each layer's canvas holds its inks' own colours (a coloured logo and black
 * text on the printed layer, two pens on the handwriting layer), so the blend takes every pixel's
 * colour from its layer's canvas and its coverage from the (possibly changed) coverage map.
 */
import { InkClass } from '../core/shared/types';
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

/** A rectangle of pixels, [x0, x1) × [y0, y1). */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Stamp ink: a smooth intensity field (uneven inking, partial transparency) and dropouts where the
 * stamp did not touch the paper, drawn afresh for each stamp (its pixel box). Dropouts are removed
 * from the stamp's coverage (truth), the intensity only lightens the ink. Returns the per-pixel ink
 * strength (0..1) for compositing.
 */
export function inkStamp(stamp: Uint8Array, width: number, height: number, unit: number, random: Random, boxes: readonly PixelBox[]): Float32Array {
  const strength = new Float32Array(stamp.length);
  for (const box of boxes) inkOneStamp(stamp, strength, width, height, unit, random, box);
  return strength;
}

function inkOneStamp(stamp: Uint8Array, strength: Float32Array, width: number, height: number, unit: number, random: Random, box: PixelBox): void {
  // Work inside the stamp's ink bounding box only (the noise fields are the expensive part).
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = Math.max(0, box.y0); y < Math.min(height, box.y1); y++) {
    const row = y * width;
    for (let x = Math.max(0, box.x0); x < Math.min(width, box.x1); x++) {
      if (stamp[row + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return;
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
}

/**
 * A smudged stamp: its coverage blurred along one direction (the stamp slid as it was lifted),
 * `length` pixels long, inside the box. The truth follows the smudged coverage.
 */
export function smudgeStamp(stamp: Uint8Array, width: number, height: number, box: PixelBox, angle: number, length: number): void {
  const taps = Math.max(2, Math.round(length) + 1);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  const reach = Math.ceil(length / 2) + 1;
  const bx0 = Math.max(0, box.x0 - reach);
  const by0 = Math.max(0, box.y0 - reach);
  const bx1 = Math.min(width, box.x1 + reach);
  const by1 = Math.min(height, box.y1 + reach);
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  if (bw <= 0 || bh <= 0) return;
  const source = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) source.set(stamp.subarray((y + by0) * width + bx0, (y + by0) * width + bx1), y * bw);
  const offsets = Array.from({ length: taps }, (_, k) => {
    const t = (k / (taps - 1) - 0.5) * length;
    return { x: Math.round(t * dx), y: Math.round(t * dy) };
  });
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      let sum = 0;
      for (const o of offsets) {
        const sx = x + o.x;
        const sy = y + o.y;
        if (sx >= 0 && sy >= 0 && sx < bw && sy < bh) sum += source[sy * bw + sx];
      }
      stamp[(y + by0) * width + x + bx0] = Math.round(sum / taps);
    }
  }
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
