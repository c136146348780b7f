/**
 * A soft ink alpha for a crop of real pen ink on clean paper (no mask beside it): the paper level is
 * a high percentile of the crop's grey, the ink core a low one, and each pixel's alpha is how far it
 * lies from paper towards the core, alpha = clamp((paper − grey) / (paper − core), 0, 1). Pressure
 * texture, thin light strokes and anti-aliased edges keep their partial coverage; light paper noise
 * below `floor` is dropped. A crop whose ink is implausible (no contrast, nearly empty, nearly full)
 * gives null with the reason, and the builder counts it as skipped.
 */

export interface SoftAlphaOptions {
  /** Percentile (0-1) of the grey values taken as the paper level. */
  paperPercentile: number;
  /** Percentile (0-1) taken as the ink core (full coverage). */
  corePercentile: number;
  /** Alpha below this (0-1) is paper noise: 0. */
  floor: number;
  /** Paper minus core below this (grey levels): no ink to speak of. */
  minContrast: number;
  /** Mean alpha outside [minCoverage, maxCoverage]: nearly empty or nearly full, not a written name. */
  minCoverage: number;
  maxCoverage: number;
  /** Transparent border kept around the ink when trimming (pixels). */
  margin: number;
}

export const SOFT_ALPHA_DEFAULTS: SoftAlphaOptions = {
  paperPercentile: 0.9,
  corePercentile: 0.02,
  floor: 0.08,
  minContrast: 48,
  // The core percentile alone puts 2 % of the pixels at full alpha: under 3 % is a speck or two, not a name.
  minCoverage: 0.03,
  maxCoverage: 0.5,
  margin: 3,
};

export interface SoftInk {
  /** The trimmed box in the crop (pixels). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Alpha 0-255 per pixel of the trimmed box. */
  alpha: Uint8Array;
  paper: number;
  core: number;
  /** Mean alpha (0-1) over the whole crop. */
  coverage: number;
  /** Rows from the first to the last holding a pixel of alpha ≥ 0.5: the name's ink height. */
  inkHeight: number;
}

export type SoftInkResult = SoftInk | { skipped: string };

/** The value at rank floor(q · (n − 1)) of the sorted values. */
export function percentile(values: Uint8Array, q: number): number {
  const counts = new Uint32Array(256);
  for (const v of values) counts[v]++;
  const rank = Math.floor(q * (values.length - 1));
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v];
    if (seen > rank) return v;
  }
  return 255;
}

export function softInkAlpha(grey: Uint8Array, width: number, height: number, options: SoftAlphaOptions = SOFT_ALPHA_DEFAULTS): SoftInkResult {
  if (grey.length !== width * height || grey.length === 0) throw new Error(`grey has ${grey.length} pixels, expected ${width} × ${height}`);
  const paper = percentile(grey, options.paperPercentile);
  const core = percentile(grey, options.corePercentile);
  if (paper - core < options.minContrast) return { skipped: `no ink contrast (paper ${paper}, core ${core})` };
  const alpha = new Float32Array(grey.length);
  let sum = 0;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const a = Math.min(1, Math.max(0, (paper - grey[p]) / (paper - core)));
      if (a < options.floor) continue;
      alpha[p] = a;
      sum += a;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (a >= 0.5) {
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  const coverage = sum / grey.length;
  if (coverage < options.minCoverage) return { skipped: `nearly empty (coverage ${coverage.toFixed(3)})` };
  if (coverage > options.maxCoverage) return { skipped: `nearly full (coverage ${coverage.toFixed(3)})` };
  const bx0 = Math.max(0, x0 - options.margin);
  const by0 = Math.max(0, y0 - options.margin);
  const bw = Math.min(width - 1, x1 + options.margin) - bx0 + 1;
  const bh = Math.min(height - 1, y1 + options.margin) - by0 + 1;
  const trimmed = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) trimmed[y * bw + x] = Math.round(255 * alpha[(by0 + y) * width + bx0 + x]);
  }
  return { x: bx0, y: by0, width: bw, height: bh, alpha: trimmed, paper, core, coverage, inkHeight: bottom >= top ? bottom - top + 1 : 0 };
}
