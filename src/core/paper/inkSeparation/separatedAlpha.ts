import { pooledUint8 } from '../../shared/bufferPool';
import { RIM_INPUTS, regionalInk, rimBlur, rimInputs, rimReadable, rimReader, type RegionalInk, type RimReader } from './blurredRims';
import type { InkSeparation } from '../../shared/types';

/** Pixels around a stroke pixel searched for its stroke's core (the darkest deficit), as colour-to-alpha does. */
const CORE_RADIUS = 3;
/** Ink at this share of its stroke's core deficit or more is opaque; below, alpha follows the pixel's own darkness. */
export const OPAQUE_SHARE = 0.75;
/** Half covered: the line between ink and paper in every measure here (alpha ≥ 128 is ink). */
export const HALF_COVERED = 128;
/** Marks a paper pixel beside ink until its alpha is measured. */
const EDGE = 1;

/**
 * Full-resolution ink alpha from the learned ink/paper decision. A pixel the decision calls ink is
 * opaque where its deficit reaches OPAQUE_SHARE of its stroke's core (the darkest within
 * CORE_RADIUS), so a faded stroke comes back as opaque pale ink (its own colour, recovered from the
 * alpha), not as nearly transparent dark ink. Below that its alpha follows its darkness: a rim pixel
 * lighter than 37.5 % of its core (half of OPAQUE_SHARE) is under half covered, as both truths count
 * such a pixel paper (the generator's coverage ≥ 0.5, DIBCO's human truth down to about 0.43 of the way
 * from the paper to the core). The decision's rim, a pixel or so wide on blurred strokes, therefore no
 * longer widens every stroke. A paper pixel touching ink keeps a translucent share (alpha < 128) for
 * anti-aliased edges; every other paper pixel is transparent, whatever its darkness: stains,
 * bleed-through, shading. A pixel the edge step (edgeStep.ts) kept as ink is at least half covered.
 * On a blurred photo, a pixel the rim network (blurredRims.ts) reads as its stroke's blurred rim is
 * under half covered too, however dark, and marked in `thinnedRims`;
 * `readRim`, when given, sees each pixel the network reads and its inputs (the network's training data).
 */
export function alphaFromInkDecision(separation: InkSeparation, readRim?: (pixel: number, inputs: Float32Array) => void): Uint8Array {
  const { ink, features } = separation;
  const { width, height, deficit } = features;
  const alpha = pooledUint8(width * height);
  const cores = columnMaxima(deficit, width, height);
  const rims = rimsOf(separation);
  const inputs = readRim ? new Float32Array(RIM_INPUTS) : null;
  // Ink pixels (the native search skips the paper between them); the paper pixels beside them are
  // marked EDGE while the ink is measured, then given their translucent edge. An ink pixel whose own
  // alpha equals EDGE is measured again by the same formula, so it keeps it.
  for (let p = ink.indexOf(1); p !== -1; p = ink.indexOf(1, p + 1)) {
    const y = (p / width) | 0;
    const x = p - y * width;
    const d = deficit[p];
    const core = strokeCore(cores, x, y);
    const share = d === 0 ? 0 : d / (OPAQUE_SHARE * core);
    alpha[p] = share >= 1 ? 255 : Math.round(255 * share);
    if (rims !== null && d !== 0 && rimReadable(ink, p, x, y, width, height)) {
      if (readRim && inputs) {
        rimInputs(deficit, width, p, x, y, core, rims.region, rims.blur, inputs);
        readRim(p, inputs);
      }
      const logit = rims.reader.logit(deficit, p, x, y, core);
      if (logit < 0) {
        // Under half covered in proportion to the network's doubt: a rim it is sure of is nearly clear.
        alpha[p] = Math.min(alpha[p], Math.round((HALF_COVERED - 1) * 2 / (1 + Math.exp(-logit))));
        rims.thinned[p] = 1;
      }
    }
    if (x > 0 && ink[p - 1] !== 1) alpha[p - 1] = EDGE;
    if (x < width - 1 && ink[p + 1] !== 1) alpha[p + 1] = EDGE;
    if (y > 0 && ink[p - width] !== 1) alpha[p - width] = EDGE;
    if (y < height - 1 && ink[p + width] !== 1) alpha[p + width] = EDGE;
  }
  // The edge step's verdict is the pixel's, however pale: a pixel it keeps as ink is at least half covered.
  if (separation.edgeKept) for (const p of separation.edgeKept) if (alpha[p] < HALF_COVERED) alpha[p] = HALF_COVERED;
  for (let p = alpha.indexOf(EDGE); p !== -1; p = alpha.indexOf(EDGE, p + 1)) {
    const y = (p / width) | 0;
    const d = deficit[p];
    alpha[p] = d === 0 ? 0 : Math.min(HALF_COVERED - 1, Math.round((255 * d) / (OPAQUE_SHARE * strokeCore(cores, p - y * width, y))));
  }
  return alpha;
}

/** What the rim network reads a blurred photo's page with, or null when its strokes were not thinned. */
function rimsOf(separation: InkSeparation): { blur: number; region: RegionalInk; reader: RimReader; thinned: Uint8Array } | null {
  const blur = rimBlur(separation);
  const thinned = separation.thinnedRims;
  if (blur === null || !thinned) return null;
  const { ink, features } = separation;
  const region = regionalInk(ink, features.deficit, features.width, features.height);
  return { blur, region, reader: rimReader(features.width, region, blur), thinned };
}

/**
 * The darkest deficit of each column of a pixel's window (CORE_RADIUS rows above and below it), kept
 * for the row it was last measured at: pixels of a row in turn share all but one of their columns.
 */
interface ColumnMaxima {
  deficit: Uint8Array;
  width: number;
  height: number;
  max: Uint8Array;
  row: Int32Array;
}

function columnMaxima(deficit: Uint8Array, width: number, height: number): ColumnMaxima {
  return { deficit, width, height, max: new Uint8Array(width), row: new Int32Array(width).fill(-1) };
}

/** The darkest deficit within CORE_RADIUS of (x, y) (the window holds (x, y) itself). */
function strokeCore(columns: ColumnMaxima, x: number, y: number): number {
  const { deficit, width, height, max, row } = columns;
  const r = CORE_RADIUS;
  const y0 = Math.max(0, y - r);
  const y1 = Math.min(height - 1, y + r);
  let core = 0;
  for (let xx = Math.max(0, x - r), x1 = Math.min(width - 1, x + r); xx <= x1; xx++) {
    if (row[xx] !== y) {
      let m = 0;
      for (let k = y0 * width + xx, end = y1 * width + xx; k <= end; k += width) if (deficit[k] > m) m = deficit[k];
      max[xx] = m;
      row[xx] = y;
    }
    if (max[xx] > core) core = max[xx];
  }
  return core;
}
