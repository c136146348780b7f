/** Scores of a result on a photo of a sheet on a desk (GUIDE.md, Measuring: "photos (kept ink outside the sheet)"). */
import type { SheetOutline } from '../core/types';
import { polygonMask } from '../core/polygon';

/** Kept ink (alpha ≥ 128) outside the true sheet (mask < 128), and all kept ink. */
export function inkOutsideSheet(outputRgba: Uint8ClampedArray | Uint8Array, sheetMask: Uint8Array): { outside: number; kept: number } {
  if (outputRgba.length !== sheetMask.length * 4) throw new Error('inkOutsideSheet: output and mask sizes differ');
  let outside = 0;
  let kept = 0;
  for (let p = 0; p < sheetMask.length; p++) {
    if (outputRgba[p * 4 + 3] < 128) continue;
    kept++;
    if (sheetMask[p] < 128) outside++;
  }
  return { outside, kept };
}

/**
 * Kept ink (alpha ≥ 128) where a thing lying in the photo (a phone, a marker, a sticky note) covers at
 * least half the pixel (`objectCover` ≥ 128: the generator's truth is no ink there), and all kept ink.
 */
export function inkUnderObjects(outputRgba: Uint8ClampedArray | Uint8Array, objectCover: Uint8Array): { under: number; kept: number } {
  if (outputRgba.length !== objectCover.length * 4) throw new Error('inkUnderObjects: output and cover sizes differ');
  let under = 0;
  let kept = 0;
  for (let p = 0; p < objectCover.length; p++) {
    if (outputRgba[p * 4 + 3] < 128) continue;
    kept++;
    if (objectCover[p] >= 128) under++;
  }
  return { under, kept };
}

/**
 * IoU, within the frame, of the found sheet (the polygon of its corners; the whole frame when none was
 * found, as the pipeline then treats the whole image as the page) and the true sheet mask.
 */
export function sheetIoU(found: SheetOutline | null, trueMask: Uint8Array, width: number, height: number): number {
  const foundMask = found ? polygonMask(found.corners, width, height) : null;
  let intersection = 0;
  let union = 0;
  for (let p = 0; p < trueMask.length; p++) {
    const a = foundMask ? foundMask[p] >= 128 : true;
    const b = trueMask[p] >= 128;
    if (a && b) intersection++;
    if (a || b) union++;
  }
  return union === 0 ? 1 : intersection / union;
}
