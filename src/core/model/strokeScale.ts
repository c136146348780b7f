/**
 * The model learned strokes at the size they have on a whole page at MODEL_LONG_SIDE (a pen line
 * 1–2.5 model pixels wide). A photo of only a signature, resized to that long side, would show it
 * strokes five to twenty times thicker, which it reads as stamps and print. So when the image's
 * strokes would come out far thicker than on any page, the long side is shrunk until they are a
 * page's pen width again; whole pages (all the training data) keep the model's long side.
 */

/** Thickest typical stroke (model pixels) left as it is; whole pages measure 0.9–2.5. */
export const MAX_PAGE_STROKE = 3.5;
/** A pen's stroke on a whole page at the model's scale, model pixels: the width thick strokes are brought to. */
export const PAGE_PEN_STROKE = 1.6;
/** Smallest long side the model is given, pixels (a few output cells of context). */
export const MIN_MODEL_LONG_SIDE = 96;

/** Ink alpha from which a pixel is part of a stroke. */
const SOLID = 128;
/** Rows read to measure the strokes: enough for a stable median, cheap on a 12-MP photo. */
const SAMPLED_ROWS = 512;

/**
 * Typical stroke width of the image's ink, pixels: the median length of the horizontal runs of
 * solid ink (a vertical stroke crossed gives its width; long horizontal strokes are the minority).
 * Runs over an eighth of the width are areas, not strokes (a dark photo on the page, a solid
 * block), and are not counted. 0 when there is no solid ink.
 */
export function typicalStrokeWidth(inkAlpha: Uint8Array, width: number, height: number): number {
  const step = Math.max(1, Math.floor(height / SAMPLED_ROWS));
  const longest = Math.max(1, Math.floor(width / 8));
  const counts = new Int32Array(width + 1);
  let runs = 0;
  for (let y = 0; y < height; y += step) {
    let run = 0;
    const row = y * width;
    for (let x = 0; x <= width; x++) {
      if (x < width && inkAlpha[row + x] >= SOLID) {
        run++;
      } else if (run > 0) {
        if (run <= longest) {
          counts[run]++;
          runs++;
        }
        run = 0;
      }
    }
  }
  let seen = 0;
  for (let length = 1; length <= width; length++) {
    seen += counts[length];
    if (seen * 2 >= runs && runs > 0) return length;
  }
  return 0;
}

/** The long side to give the model for this image: `longSide`, or less when its strokes would come out too thick. */
export function strokeNormalisedLongSide(inkAlpha: Uint8Array, width: number, height: number, longSide: number): number {
  const scale = longSide / Math.max(width, height);
  const stroke = typicalStrokeWidth(inkAlpha, width, height) * scale;
  if (stroke <= MAX_PAGE_STROKE) return longSide;
  return Math.max(MIN_MODEL_LONG_SIDE, Math.round((longSide * PAGE_PEN_STROKE) / stroke));
}
