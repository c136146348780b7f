/**
 * The DIBCO contests' page scores on binary ink maps (ink = the positive class): F-measure in % and
 * PSNR in dB. An ink map is one byte per pixel, non-zero = ink.
 *
 *   precision = TP / (TP + FP), recall = TP / (TP + FN) over ink pixels
 *   FM        = 100 · 2·P·R / (P + R)  =  100 · 2·TP / (2·TP + FP + FN)
 *   PSNR      = 10 · log10(C² / MSE), C = 1, MSE = (FP + FN) / pixels (the fraction that disagree)
 *
 * Degenerate cases: a page whose truth and prediction both hold no ink is perfect (FM 100); any
 * other page without a true positive has FM 0 (the second form above, defined wherever the first is).
 * Identical maps have MSE 0 and an infinite PSNR; `psnrDb` returns Infinity for them and
 * `cappedPsnrDb` scores them as if one pixel disagreed (10·log10(pixels)), so means stay finite.
 */

export interface BinaryCounts {
  truePositive: number;
  falsePositive: number;
  falseNegative: number;
  trueNegative: number;
}

export function countBinary(predictedInk: Uint8Array, truthInk: Uint8Array): BinaryCounts {
  if (predictedInk.length !== truthInk.length) throw new Error(`countBinary: prediction has ${predictedInk.length} pixels, truth ${truthInk.length}`);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let p = 0; p < truthInk.length; p++) {
    const predicted = predictedInk[p] !== 0;
    const actual = truthInk[p] !== 0;
    if (predicted && actual) tp++;
    else if (predicted) fp++;
    else if (actual) fn++;
  }
  return { truePositive: tp, falsePositive: fp, falseNegative: fn, trueNegative: truthInk.length - tp - fp - fn };
}

const pixelsOf = (c: BinaryCounts) => c.truePositive + c.falsePositive + c.falseNegative + c.trueNegative;

/** F-measure in %, 100 when neither map holds ink. */
export function fMeasurePercent(c: BinaryCounts): number {
  const denominator = 2 * c.truePositive + c.falsePositive + c.falseNegative;
  return denominator === 0 ? 100 : (100 * 2 * c.truePositive) / denominator;
}

/** PSNR in dB with C = 1; Infinity when the maps are identical. */
export function psnrDb(c: BinaryCounts): number {
  const pixels = pixelsOf(c);
  if (pixels === 0) throw new Error('psnrDb: empty page');
  const mse = (c.falsePositive + c.falseNegative) / pixels;
  return mse === 0 ? Infinity : 10 * Math.log10(1 / mse);
}

/** PSNR in dB, identical maps scored as one disagreeing pixel (10·log10(pixels)). */
export function cappedPsnrDb(c: BinaryCounts): number {
  const psnr = psnrDb(c);
  return Number.isFinite(psnr) ? psnr : 10 * Math.log10(pixelsOf(c));
}

export interface PageBinaryScore {
  /** F-measure in %. */
  fm: number;
  /** PSNR in dB, capped for identical maps (see `cappedPsnrDb`). */
  psnr: number;
  /** The maps agreed on every pixel (the PSNR above is the cap). */
  identical: boolean;
  precision: number;
  recall: number;
}

export function scoreBinaryPage(predictedInk: Uint8Array, truthInk: Uint8Array): PageBinaryScore {
  const c = countBinary(predictedInk, truthInk);
  const predicted = c.truePositive + c.falsePositive;
  const actual = c.truePositive + c.falseNegative;
  return {
    fm: fMeasurePercent(c),
    psnr: cappedPsnrDb(c),
    identical: c.falsePositive + c.falseNegative === 0,
    precision: predicted === 0 ? (actual === 0 ? 1 : 0) : c.truePositive / predicted,
    recall: actual === 0 ? 1 : c.truePositive / actual,
  };
}
