/** Pixel scores of an output alpha against a ground-truth alpha (the eval's definition, GUIDE.md). */

export interface MaskScore {
  intersection: number;
  union: number;
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
}

/**
 * Output alpha ≥ 128 against truth ≥ 128; truth pixels with 0 < α < 128 (the antialiased border)
 * are ignored. `outputRgba` is RGBA (alpha at every 4th byte), `truth` one byte per pixel.
 */
export function scoreMask(outputRgba: Uint8ClampedArray | Uint8Array, truth: Uint8Array): MaskScore {
  if (outputRgba.length !== truth.length * 4) throw new Error('scoreMask: output and truth sizes differ');
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let p = 0; p < truth.length; p++) {
    const t = truth[p];
    if (t > 0 && t < 128) continue;
    const predicted = outputRgba[p * 4 + 3] >= 128;
    const actual = t >= 128;
    if (predicted && actual) tp++;
    else if (predicted) fp++;
    else if (actual) fn++;
  }
  return { intersection: tp, union: tp + fp + fn, truePositive: tp, falsePositive: fp, falseNegative: fn };
}

/** IoU, precision and recall of one page; empty-vs-empty counts as perfect. */
export function ratios(score: MaskScore): { iou: number; precision: number; recall: number } {
  return {
    iou: score.union === 0 ? 1 : score.intersection / score.union,
    precision: score.truePositive + score.falsePositive === 0 ? (score.falseNegative === 0 ? 1 : 0) : score.truePositive / (score.truePositive + score.falsePositive),
    recall: score.truePositive + score.falseNegative === 0 ? 1 : score.truePositive / (score.truePositive + score.falseNegative),
  };
}

export function countAtLeast(data: Uint8Array, threshold: number): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (data[i] >= threshold) n++;
  return n;
}

export const mean = (values: readonly number[]): number => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
