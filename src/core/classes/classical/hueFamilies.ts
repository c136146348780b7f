import { cellHue, type InkGrid } from '../inkGrid';

/**
 * Coloured ink split by hue: a blue pen signing across a red stamp is two inks, and each is judged
 * on its own shape. The hues of the coloured cells are histogrammed (10° bins, circularly smoothed);
 * every clear peak is one family and each cell joins the nearest peak. Returns per cell 0 (not
 * coloured) or 1..count.
 */
export interface HueFamilies {
  family: Uint8Array;
  count: number;
  /** Peak hue per family (index 0 unused), degrees. */
  hues: number[];
}

const BINS = 36;
/** Peaks closer than this are one ink (uneven inking, JPEG chroma smear). */
const MIN_SEPARATION = 60;

export function hueFamilies(grid: InkGrid, coloured: Uint8Array): HueFamilies {
  const n = grid.width * grid.height;
  const hue = new Float32Array(n);
  const hist = new Float64Array(BINS);
  let total = 0;
  for (let k = 0; k < n; k++) {
    if (coloured[k] === 0) continue;
    hue[k] = cellHue(grid, k);
    hist[Math.floor(hue[k] / (360 / BINS)) % BINS]++;
    total++;
  }
  const smooth = new Float64Array(BINS);
  for (let b = 0; b < BINS; b++) {
    smooth[b] = hist[(b + BINS - 2) % BINS] + 2 * hist[(b + BINS - 1) % BINS] + 3 * hist[b] + 2 * hist[(b + 1) % BINS] + hist[(b + 2) % BINS];
  }
  // Peaks, strongest first, each far enough from the stronger ones and big enough to matter.
  const order = Array.from({ length: BINS }, (_, b) => b).sort((a, b) => smooth[b] - smooth[a] || a - b);
  const peaks: number[] = [];
  const minMass = Math.max(30 * 9, total * 9 * 0.08);
  for (const b of order) {
    if (smooth[b] < minMass) break;
    const isLocalMax = smooth[b] >= smooth[(b + 1) % BINS] && smooth[b] >= smooth[(b + BINS - 1) % BINS];
    const centre = (b + 0.5) * (360 / BINS);
    if (isLocalMax && peaks.every((p) => hueDistance(p, centre) >= MIN_SEPARATION)) peaks.push(centre);
    if (peaks.length === 4) break;
  }
  const family = new Uint8Array(n);
  if (peaks.length === 0) {
    for (let k = 0; k < n; k++) if (coloured[k] !== 0) family[k] = 1;
    return { family, count: total > 0 ? 1 : 0, hues: [0, 0] };
  }
  for (let k = 0; k < n; k++) {
    if (coloured[k] === 0) continue;
    let best = 0;
    for (let p = 1; p < peaks.length; p++) if (hueDistance(hue[k], peaks[p]) < hueDistance(hue[k], peaks[best])) best = p;
    family[k] = best + 1;
  }
  return { family, count: peaks.length, hues: [0, ...peaks] };
}

export function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}
