/**
 * The real ink figures: how well `extract=stamp` and `extract=signature` keep the right ink. A kept
 * map is one byte per pixel, non-zero = kept (output alpha ≥ 128).
 *
 *   stamp IoU        |kept ∩ stamp ink| / |kept ∪ stamp ink|, with precision and recall, against the
 *                    page's stamp-ink mask (pages with a stamp)
 *   recall-in-box    share of the reference ink inside the signature boxes that is kept; reference ink =
 *                    grey ≤ the Otsu threshold of the grey levels inside each box (on its own), the grey
 *                    taken over the paper's level around it (greyOverPaper.ts: shading is not ink)
 *   own-ink recall   the same, with the reference ink inside typed text marked by hand left out (a box that
 *                    holds the typed name under a signature: its letters are not the signature's)
 *   leak             share of the kept ink lying outside every box (pages whose boxes are complete)
 *   false-positive   kept pixels as a share of the page's pixels (pages known to have no signature / stamp)
 */
import type { PixelBox } from '../realData/datasetIndex';
import { otsuThreshold } from './baselines';
import { countBinary } from './binaryMetrics';
import { greyOverPaper } from './greyOverPaper';

/** 1 inside any of the boxes, 0 elsewhere. */
export function boxMask(width: number, height: number, boxes: readonly PixelBox[]): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const [x0, y0, x1, y1] of boxes) {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) mask.fill(1, y * width + Math.max(0, x0), y * width + Math.min(width, x1));
  }
  return mask;
}

/**
 * Reference ink in the boxes: the grey levels over the paper's around them (greyOverPaper.ts), then for
 * each box Otsu's threshold over those inside it, ink where grey ≤ it (baselines.ts); a pixel in two
 * boxes is ink when either calls it so. A box of one grey level holds no ink unless that level is 0.
 */
export function referenceInkInBoxes(pageGrey: Uint8Array, width: number, height: number, boxes: readonly PixelBox[]): Uint8Array {
  if (pageGrey.length !== width * height) throw new Error('referenceInkInBoxes: grey levels and size differ');
  const grey = greyOverPaper(pageGrey, width, height);
  const ink = new Uint8Array(width * height);
  for (const [bx0, by0, bx1, by1] of boxes) {
    const [x0, y0, x1, y1] = [Math.max(0, bx0), Math.max(0, by0), Math.min(width, bx1), Math.min(height, by1)];
    if (x1 <= x0 || y1 <= y0) continue;
    const inside = new Uint8Array((x1 - x0) * (y1 - y0));
    for (let y = y0; y < y1; y++) inside.set(grey.subarray(y * width + x0, y * width + x1), (y - y0) * (x1 - x0));
    const t = otsuThreshold(inside);
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (grey[y * width + x] <= t) ink[y * width + x] = 1;
  }
  return ink;
}

/** Share of the reference ink kept; NaN when there is no reference ink. */
export function recallInBoxes(kept: Uint8Array, reference: Uint8Array): number {
  const c = countBinary(kept, reference);
  const total = c.truePositive + c.falseNegative;
  return total === 0 ? Number.NaN : c.truePositive / total;
}

/**
 * Recall of the reference ink outside the `excluded` pixels (typed text marked inside the boxes), and
 * what share of the reference those pixels hold; recall NaN when no reference ink is left.
 */
export function recallOutside(kept: Uint8Array, reference: Uint8Array, excluded: Uint8Array): { recall: number; excludedShare: number } {
  let total = 0;
  let left = 0;
  let keptLeft = 0;
  for (let p = 0; p < reference.length; p++) {
    if (!reference[p]) continue;
    total++;
    if (excluded[p]) continue;
    left++;
    if (kept[p]) keptLeft++;
  }
  return { recall: left === 0 ? Number.NaN : keptLeft / left, excludedShare: total === 0 ? Number.NaN : 1 - left / total };
}

/** Share of the kept ink outside every box; 0 when nothing is kept (nothing leaked). */
export function leakOutsideBoxes(kept: Uint8Array, insideBoxes: Uint8Array): number {
  const c = countBinary(kept, insideBoxes);
  const keptPixels = c.truePositive + c.falsePositive;
  return keptPixels === 0 ? 0 : c.falsePositive / keptPixels;
}

/** Kept pixels as a share of the page. */
export function keptAreaShare(kept: Uint8Array): number {
  let n = 0;
  for (let p = 0; p < kept.length; p++) if (kept[p]) n++;
  return kept.length === 0 ? 0 : n / kept.length;
}

export interface MaskScore {
  iou: number;
  precision: number;
  recall: number;
}

/** IoU, precision and recall of the kept ink against a truth mask; a page with neither scores 1. */
export function scoreAgainstMask(kept: Uint8Array, truth: Uint8Array): MaskScore {
  const c = countBinary(kept, truth);
  const union = c.truePositive + c.falsePositive + c.falseNegative;
  const predicted = c.truePositive + c.falsePositive;
  const actual = c.truePositive + c.falseNegative;
  return {
    iou: union === 0 ? 1 : c.truePositive / union,
    precision: predicted === 0 ? (actual === 0 ? 1 : 0) : c.truePositive / predicted,
    recall: actual === 0 ? 1 : c.truePositive / actual,
  };
}
