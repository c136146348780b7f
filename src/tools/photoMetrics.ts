/** Scores of a result on a photo of a sheet on a desk (GUIDE.md, Measuring: "photos (kept ink outside the sheet)"). */
import type { SheetOutline } from '../core/shared/types';
import { polygonMask } from '../core/shared/polygon';
import { withinSquare } from '../core/classes/classical/summedArea';

/** Kept ink (alpha ≥ 128) on the pixels where `plane` satisfies `inRegion` (given the value and the pixel's index), and all kept ink. */
function keptInkWhere(outputRgba: Uint8ClampedArray | Uint8Array, plane: ArrayLike<number>, inRegion: (value: number, pixel: number) => boolean): { inside: number; kept: number } {
  if (outputRgba.length !== plane.length * 4) throw new Error('photo metrics: the output and the truth plane differ in size');
  let inside = 0;
  let kept = 0;
  for (let p = 0; p < plane.length; p++) {
    if (outputRgba[p * 4 + 3] < 128) continue;
    kept++;
    if (inRegion(plane[p], p)) inside++;
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

/** A cast shadow darkening the paper by this share or more counts (the generator's shadows reach 0.25–0.5 at the object). */
export const SHADOW_COUNTS_FROM = 0.05;

/**
 * Kept ink (alpha ≥ 128) in the shadow a thing lying in the photo casts (`objectShadow` ≥
 * SHADOW_COUNTS_FROM), where the truth holds no ink (`truthAll` < 128) and the thing itself does not
 * cover the pixel (`objectCover` < 128: counted by inkUnderObjects): a shadow kept as ink. And all kept ink.
 */
export function shadowKeptAsInk(outputRgba: Uint8ClampedArray | Uint8Array, objectShadow: Float32Array, objectCover: Uint8Array, truthAll: Uint8Array): { inShadow: number; kept: number } {
  if (objectShadow.length !== objectCover.length || objectShadow.length !== truthAll.length) throw new Error('photo metrics: the truth planes differ in size');
  const { inside, kept } = keptInkWhere(outputRgba, objectShadow, (shadow, p) => shadow >= SHADOW_COUNTS_FROM && truthAll[p] < 128 && objectCover[p] < 128);
  return { inShadow: inside, kept };
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

/** How far (px) around a task's true ink the all-ink result is credited to the task: a blurred stroke's rim. */
export const TASK_REACH = 3;

/**
 * The task's result if every ink pixel of the all-ink result had been given its true class: the
 * all-ink result (RGBA) kept only near the task's true ink (coverage > 0, within TASK_REACH px) and
 * not on other true ink or right beside it (within 1 px, where the task has none). Scored like the
 * task, it is the most the class decision can reach on top of this ink/paper decision, so a task's
 * loss splits into its classes' share (ceiling − result) and the ink's (1 − ceiling).
 */
export function classesRightResult(allInkRgba: Uint8ClampedArray | Uint8Array, taskTruth: Uint8Array, truthAll: Uint8Array, width: number, height: number): Uint8ClampedArray {
  if (allInkRgba.length !== taskTruth.length * 4 || truthAll.length !== taskTruth.length || taskTruth.length !== width * height) {
    throw new Error('photo metrics: the output and the truth planes differ in size');
  }
  const nearTask = withinSquare(width, height, TASK_REACH, (x, y) => (taskTruth[y * width + x] > 0 ? 1 : 0));
  const nearOther = withinSquare(width, height, 1, (x, y) => (truthAll[y * width + x] > 0 && taskTruth[y * width + x] === 0 ? 1 : 0));
  const out = new Uint8ClampedArray(allInkRgba);
  for (let p = 0; p < taskTruth.length; p++) {
    if (nearTask[p] && (taskTruth[p] > 0 || !nearOther[p])) continue;
    out[p * 4 + 3] = 0;
  }
  return out;
}
