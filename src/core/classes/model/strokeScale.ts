/**
 * The model learned strokes at the size they have on a whole page at MODEL_LONG_SIDE (a pen line
 * 1–2.5 model pixels wide). A photo of only a signature, resized to that long side, would show it
 * strokes five to twenty times thicker, which it reads as stamps and print. So when the image's
 * strokes would come out far thicker than on any page, the long side is shrunk until they are a
 * page's pen width again; whole pages (all the training data) keep the model's long side.
 */

import { typicalStrokeWidth } from '../../shared/strokeWidth';

/** Thickest typical stroke (model pixels) left as it is; whole pages measure 0.9–2.5. */
export const MAX_PAGE_STROKE = 3.5;
/** A pen's stroke on a whole page at the model's scale, model pixels: the width thick strokes are brought to. */
export const PAGE_PEN_STROKE = 1.6;
/** Smallest long side the model is given, pixels (a few output cells of context). */
export const MIN_MODEL_LONG_SIDE = 96;

/** The long side to give the model for this image: `longSide`, or less when its strokes would come out too thick. */
export function strokeNormalisedLongSide(inkAlpha: Uint8Array, width: number, height: number, longSide: number): number {
  const scale = longSide / Math.max(width, height);
  const stroke = typicalStrokeWidth(inkAlpha, width, height) * scale;
  if (stroke <= MAX_PAGE_STROKE) return longSide;
  return Math.max(MIN_MODEL_LONG_SIDE, Math.round((longSide * PAGE_PEN_STROKE) / stroke));
}
