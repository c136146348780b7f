/** Scores of a result on a photo of a sheet on a desk (GUIDE.md, Measuring: "photos (kept ink outside the sheet)"). */
import type { SheetOutline } from '../core/types';
import { polygonMask } from '../core/polygon';

/** Kept ink (alpha ≥ 128) on the pixels where `plane` satisfies `inRegion`, and all kept ink. */
function keptInkWhere(outputRgba: Uint8ClampedArray | Uint8Array, plane: Uint8Array, inRegion: (value: number) => boolean): { inside: number; kept: number } {
  if (outputRgba.length !== plane.length * 4) throw new Error('photo metrics: the output and the truth plane differ in size');
  let inside = 0;
  let kept = 0;
  for (let p = 0; p < plane.length; p++) {
    if (outputRgba[p * 4 + 3] < 128) continue;
    kept++;
    if (inRegion(plane[p])) inside++;
  }
  return { inside, kept };
}

/** Kept ink (alpha ≥ 128) outside the true sheet (mask < 128), and all kept ink. */
export function inkOutsideSheet(outputRgba: Uint8ClampedArray | Uint8Array, sheetMask: Uint8Array): { outside: number; kept: number } {
  const { inside, kept } = keptInkWhere(outputRgba, sheetMask, (mask) => mask < 128);
  return { outside: inside, kept };
}

/**
 * Kept ink (alpha ≥ 128) where a thing lying in the photo (a phone, a marker, a sticky note) covers at
 * least half the pixel (`objectCover` ≥ 128: the generator's truth is no ink there), and all kept ink.
 */
export function inkUnderObjects(outputRgba: Uint8ClampedArray | Uint8Array, objectCover: Uint8Array): { under: number; kept: number } {
  const { inside, kept } = keptInkWhere(outputRgba, objectCover, (cover) => cover >= 128);
  return { under: inside, kept };
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
