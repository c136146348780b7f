/**
 * The classical binarization baselines the DIBCO contests compare against, on 8-bit grey levels
 * (see greyLevels.ts). Both return an ink map (1 = ink, 0 = paper), ink where grey ≤ threshold: the
 * convention of OpenCV's THRESH_BINARY (paper where grey > threshold) and of scikit-image
 * (`image > threshold_sauvola(image)` is paper), for dark ink on light paper.
 */

/**
 * Global Otsu threshold: the grey level t maximising the between-class variance of {≤ t} and {> t}
 * (the first such level on ties, as OpenCV's THRESH_OTSU). A page of one grey level gives 0.
 */
export function otsuThreshold(grey: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (let p = 0; p < grey.length; p++) histogram[grey[p]]++;
  let totalSum = 0;
  for (let level = 0; level < 256; level++) totalSum += level * histogram[level];
  const total = grey.length;
  let below = 0;
  let belowSum = 0;
  let best = 0;
  let bestVariance = -1;
  for (let level = 0; level < 256; level++) {
    below += histogram[level];
    belowSum += level * histogram[level];
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const meanBelow = belowSum / below;
    const meanAbove = (totalSum - belowSum) / above;
    const variance = below * above * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = level;
    }
  }
  return best;
}

export function otsuInk(grey: Uint8Array): Uint8Array {
  const t = otsuThreshold(grey);
  return grey.map((g) => (g <= t ? 1 : 0));
}

export interface SauvolaOptions {
  /** Side of the square window, odd (pixels). */
  window: number;
  k: number;
  /** Dynamic range of the standard deviation. */
  r: number;
}

export const SAUVOLA_DEFAULTS: SauvolaOptions = { window: 31, k: 0.2, r: 128 };

/**
 * Sauvola's local threshold t = m·(1 + k·(s/R − 1)), m and s the mean and (population) standard
 * deviation of the grey levels in the window around each pixel; the window is clipped at the
 * page's border (the mean over the pixels inside it). Sums come from two integral images, so the
 * cost does not depend on the window: a 6-MP page takes a fraction of a second.
 */
export function sauvolaInk(grey: Uint8Array, width: number, height: number, options: SauvolaOptions = SAUVOLA_DEFAULTS): Uint8Array {
  if (grey.length !== width * height) throw new Error('sauvolaInk: grey levels and size differ');
  const stride = width + 1;
  const sum = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const g = grey[y * width + x];
      rowSum += g;
      rowSquares += g * g;
      const k = (y + 1) * stride + x + 1;
      sum[k] = sum[k - stride] + rowSum;
      squares[k] = squares[k - stride] + rowSquares;
    }
  }
  const half = options.window >> 1;
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const top = Math.max(0, y - half) * stride;
    const bottom = Math.min(height, y + half + 1) * stride;
    const rows = (bottom - top) / stride;
    for (let x = 0; x < width; x++) {
      const left = Math.max(0, x - half);
      const right = Math.min(width, x + half + 1);
      const n = rows * (right - left);
      const s1 = sum[bottom + right] - sum[bottom + left] - sum[top + right] + sum[top + left];
      const s2 = squares[bottom + right] - squares[bottom + left] - squares[top + right] + squares[top + left];
      const m = s1 / n;
      const s = Math.sqrt(Math.max(0, s2 / n - m * m));
      const t = m * (1 + options.k * (s / options.r - 1));
      ink[y * width + x] = grey[y * width + x] <= t ? 1 : 0;
    }
  }
  return ink;
}
