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
  for (let y = 0; y < height; y += step) runs += countRowRuns(inkAlpha, y * width, width, longest, counts);
  let seen = 0;
  for (let length = 1; length <= width; length++) {
    seen += counts[length];
    if (seen * 2 >= runs && runs > 0) return length;
  }
  return 0;
}

/** Counts one row's runs of solid ink up to `longest` by length; returns how many (a function of its own, optimised per call: see OSR_NOTE in tensor.ts). */
function countRowRuns(inkAlpha: Uint8Array, row: number, width: number, longest: number, counts: Int32Array): number {
  let runs = 0;
  let run = 0;
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
  return runs;
}
