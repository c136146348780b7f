import { labelComponents } from '../shared/components';
import type { CleanOptions, FoundInk, RgbaImage } from '../shared/types';

/**
 * Solid ink: alpha of at least half coverage. The learned ink/paper decision never calls a pixel ink
 * below it (its translucent edges beside ink stay under it), colour-to-alpha makes even faint ink
 * opaque at its own core, and the evaluation's truth uses the same threshold. Haze and soft edges
 * below it count neither as kept ink nor as ink of the page.
 */
export const SOLID_INK_ALPHA = 128;

/**
 * Kept ink is grouped on a grid of cells of this share of the page's long side (about 1 mm of an A4
 * page), so the strokes of one signature a pen-lift apart, or a stamp's ring and its letters, make one
 * item rather than dozens, and the count costs one pass over the page plus a labelling of ~0.1 M cells.
 */
export const FOUND_CELL_SHARE = 1 / 300;

/**
 * The least extent (longer side of its bounding box) of an item, as a share of the page's long side:
 * 1.5% is 4.5 mm on an A4 page. A body-text glyph (≈ 3 mm at 12 pt, 1% of the page) or a speck
 * (< 1 mm) left over in the kept ink is not an item; the smallest element one asks for is larger by a
 * factor of two or more: initials ≈ 10 mm, a signature 30-60 mm, a stamp 20-45 mm. It is set between
 * those physical sizes, not fitted to pages, and leaves room for a photo whose sheet fills only 2/3 of
 * the frame (the 1.5% of the frame are then 6.7 mm of the sheet).
 */
export const MIN_ITEM_EXTENT = 0.015;

/**
 * What the composed result holds: the items (8-connected groups of cells of kept solid ink, each at
 * least MIN_ITEM_EXTENT across) and the kept ink's share of all solid ink of the page (every class,
 * print and specks included; 0 on a page without ink). "Nothing found" is an extraction
 * (extract = signature | stamp) that kept no item; the whole page's ink (extract empty) is what was
 * asked whatever it holds, so it is never "nothing found", though its items and share are reported
 * the same way.
 *
 * `kept` is the composition (its alpha is the result's) and `inkAlpha` the page's ink alpha, in the
 * same frame. The output's alpha never exceeds the ink alpha, so only the page's ink pixels are read
 * in `kept`.
 */
export function measureFoundInk(kept: RgbaImage, inkAlpha: Uint8Array, options: Pick<CleanOptions, 'extract'>): FoundInk {
  const { width, height, data } = kept;
  // Not rounded to whole pixels, so the grid (and what it joins) is the same at any resolution.
  const cell = Math.max(1, Math.max(width, height) * FOUND_CELL_SHARE);
  const perPixel = 1 / cell;
  const gridWidth = Math.ceil(width * perPixel);
  const gridHeight = Math.ceil(height * perPixel);
  const cellInk = new Uint32Array(gridWidth * gridHeight);
  const pixels = width * height;
  let allInk = 0;
  let keptInk = 0;
  // Pixels are visited in order, so the row advances instead of being divided out of the index.
  let y = 0;
  let rowStart = 0;
  let cellRow = 0;
  const visit = (p: number) => {
    allInk++;
    if (data[p * 4 + 3] < SOLID_INK_ALPHA) return;
    keptInk++;
    while (p >= rowStart + width) {
      rowStart += width;
      cellRow = ((++y * perPixel) | 0) * gridWidth;
    }
    cellInk[cellRow + (((p - rowStart) * perPixel) | 0)]++;
  };
  // Solid ink has the top bit of its alpha byte set: four pixels of paper are skipped in one test
  // (the page is mostly paper: a 12-MP photo's scan takes ≈ 10 ms here).
  let start = 0;
  if (inkAlpha.byteOffset % 4 === 0) {
    // Signed words: V8 keeps them small integers (a Uint32Array's values above 2^31 are not).
    const words = new Int32Array(inkAlpha.buffer, inkAlpha.byteOffset, pixels >>> 2);
    const topBits = 0x80808080 | 0;
    for (let w = 0; w < words.length; w++) {
      const top = words[w] & topBits;
      if (top === 0) continue;
      // Which of the four holds ink is read from the bytes: no assumption on the host's byte order.
      for (let p = w << 2, end = p + 4; p < end; p++) if (inkAlpha[p] >= SOLID_INK_ALPHA) visit(p);
    }
    start = words.length << 2;
  }
  for (let p = start; p < pixels; p++) if (inkAlpha[p] >= SOLID_INK_ALPHA) visit(p);

  // A cell is kept ink when it holds at least half a cell's length of a one-pixel stroke.
  const least = Math.max(1, Math.floor(cell / 2));
  const mask = new Uint8Array(cellInk.length);
  for (let k = 0; k < cellInk.length; k++) mask[k] = cellInk[k] >= least ? 1 : 0;
  const groups = labelComponents(mask, gridWidth, gridHeight);
  const leastCells = (MIN_ITEM_EXTENT * Math.max(width, height)) / cell;
  let items = 0;
  for (let g = 1; g <= groups.count; g++) {
    const extent = Math.max(groups.right[g] - groups.left[g], groups.bottom[g] - groups.top[g]) + 1;
    if (extent >= leastCells) items++;
  }
  return { items, keptInkShare: allInk === 0 ? 0 : keptInk / allInk, nothingFound: options.extract !== '' && items === 0 };
}
