import type { InkGrid } from './inkGrid';

/**
 * How coloured each cell's ink is, relative to the page's own neutral ink. A cell's colour is its
 * ink deficit normalised by its strongest channel, so faint and dark strokes of one ink look alike
 * (antialiased edges, uneven stamp inking, a dim photo). The page's neutral is the per-channel
 * median of that over its solid ink cells (mostly printed text): a colour cast the paper flattening
 * left in the ink shifts the neutral with it. Tint is the largest channel difference from the
 * neutral, 0..255 for 0..1: printed text sits near 0, pen and stamp inks well above.
 */
export interface InkTint {
  /** Per cell, 0..255. 0 where the cell has no ink or too little ink for a colour. */
  tint: Uint8Array;
  /** The page's neutral ink colour, normalised deficit per channel (0..1). */
  neutral: [number, number, number];
}

/** Tint (0..255) from which ink counts as coloured: a tenth of the way from the neutral. */
export const COLOURED_TINT = 26;
/** Weakest deficit (strongest channel) whose colour is trusted; fainter cells are too noisy. */
const MIN_DEFICIT = 40;

export function inkTint(grid: InkGrid): InkTint {
  const n = grid.width * grid.height;
  const { inkDeficit, mask, alpha } = grid;
  // Histograms of the normalised channels over solid ink: medians without sorting.
  const hist = [new Int32Array(256), new Int32Array(256), new Int32Array(256)];
  let solid = 0;
  for (let k = 0; k < n; k++) {
    if (mask[k] === 0 || alpha[k] < 128) continue;
    const m = maxDeficit(inkDeficit, k);
    if (m < MIN_DEFICIT) continue;
    for (let c = 0; c < 3; c++) hist[c][Math.round((inkDeficit[k * 3 + c] * 255) / m)]++;
    solid++;
  }
  const neutral: [number, number, number] = [1, 1, 1];
  if (solid > 0) {
    for (let c = 0; c < 3; c++) {
      let seen = 0;
      for (let v = 0; v < 256; v++) {
        seen += hist[c][v];
        if (seen * 2 >= solid) {
          neutral[c] = v / 255;
          break;
        }
      }
    }
  }
  const tint = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    if (mask[k] === 0) continue;
    const m = maxDeficit(inkDeficit, k);
    if (m < MIN_DEFICIT) continue;
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(inkDeficit[k * 3 + c] / m - neutral[c]));
    tint[k] = Math.min(255, Math.round(d * 255));
  }
  return { tint, neutral };
}

function maxDeficit(deficit: Uint8Array, k: number): number {
  const r = deficit[k * 3];
  const g = deficit[k * 3 + 1];
  const b = deficit[k * 3 + 2];
  return r > g ? (r > b ? r : b) : g > b ? g : b;
}

/**
 * The ink colour of one pixel of the flattened page, as a deficit per channel (0..255) over its
 * alpha, so a faint antialiased edge and the solid core of one ink agree. Written into `out`.
 */
export function readInkColour(data: Uint8ClampedArray, p: number, alpha: number, out: Float64Array): void {
  const i = p * 4;
  const scale = 255 / alpha;
  out[0] = Math.min(255, (255 - data[i]) * scale);
  out[1] = Math.min(255, (255 - data[i + 1]) * scale);
  out[2] = Math.min(255, (255 - data[i + 2]) * scale);
}
