import { chroma, inkHue } from './inkHue';
import type { EngineInput } from '../shared/types';

/**
 * The ink at reduced resolution, where the classical analysis works: each cell covers
 * `factor`×`factor` pixels and keeps the strongest ink alpha in it (thin strokes survive) and the
 * α-weighted ink colour (deficit from white per channel, so the ink's hue and darkness).
 */
export interface InkGrid {
  width: number;
  height: number;
  factor: number;
  /** Max ink alpha in the cell. */
  alpha: Uint8Array;
  /** 1 where the cell holds ink worth analysing (alpha ≥ the mask level). */
  mask: Uint8Array;
  /** Ink deficit from white per channel (0..255), 3 per cell. */
  inkDeficit: Uint8Array;
}

/** Largest analysis side: finer than this costs time without helping the classes. */
export const ANALYSIS_LONG_SIDE = 1400;
export const MASK_LEVEL = 64;

export function analysisFactor(width: number, height: number): number {
  return Math.max(1, Math.ceil(Math.max(width, height) / ANALYSIS_LONG_SIDE));
}

export function buildInkGrid({ flattened, inkAlpha }: EngineInput): InkGrid {
  const { width, height, data } = flattened;
  const factor = analysisFactor(width, height);
  const gw = Math.ceil(width / factor);
  const gh = Math.ceil(height / factor);
  const alpha = new Uint8Array(gw * gh);
  const mask = new Uint8Array(gw * gh);
  const inkDeficit = new Uint8Array(gw * gh * 3);
  const sums = new Float32Array(gw * 4);
  for (let gy = 0; gy < gh; gy++) {
    sums.fill(0);
    const y1 = Math.min(height, (gy + 1) * factor);
    const rowBase = gy * gw;
    for (let y = gy * factor; y < y1; y++) {
      let p = y * width;
      let i = p * 4;
      for (let x = 0; x < width; x++, p++, i += 4) {
        const a = inkAlpha[p];
        if (a === 0) continue;
        const c = (x / factor) | 0;
        if (a > alpha[rowBase + c]) alpha[rowBase + c] = a;
        const s = c * 4;
        sums[s] += 255 - data[i];
        sums[s + 1] += 255 - data[i + 1];
        sums[s + 2] += 255 - data[i + 2];
        sums[s + 3] += a;
      }
    }
    for (let c = 0; c < gw; c++) {
      const k = rowBase + c;
      if (alpha[k] >= MASK_LEVEL) mask[k] = 1;
      const weight = sums[c * 4 + 3];
      if (weight > 0) {
        const scale = 255 / weight;
        inkDeficit[k * 3] = Math.min(255, sums[c * 4] * scale);
        inkDeficit[k * 3 + 1] = Math.min(255, sums[c * 4 + 1] * scale);
        inkDeficit[k * 3 + 2] = Math.min(255, sums[c * 4 + 2] * scale);
      }
    }
  }
  return { width: gw, height: gh, factor, alpha, mask, inkDeficit };
}

/** Chroma of a cell's ink (0..255): spread between its strongest and weakest channel deficit. */
export function cellChroma(grid: InkGrid, k: number): number {
  return chroma(grid.inkDeficit[k * 3], grid.inkDeficit[k * 3 + 1], grid.inkDeficit[k * 3 + 2]);
}

/** Hue in degrees (0..360) of a cell's ink colour (255 − deficit). */
export function cellHue(grid: InkGrid, k: number): number {
  return inkHue(255 - grid.inkDeficit[k * 3], 255 - grid.inkDeficit[k * 3 + 1], 255 - grid.inkDeficit[k * 3 + 2]);
}
