/**
 * Whether a page lies sideways, and which way to turn it, from the layout of its ink alone (no text
 * recognition), so a page scanned or photographed sideways is analysed upright: the ink model and
 * the classical rules both read rows of type as rows, and turned by 90° they miss the signature
 * almost entirely (validation pages 0–39: signature IoU 0.86 upright, 0.03 sideways).
 *
 * Two cues:
 * - rows of type leave empty rows between the lines: narrow vertical strips of an upright page
 *   hold many ink-free rows, narrow horizontal strips few ink-free columns, and sideways the reverse
 *   (measured on a coarse grid of solid ink);
 * - which way up a sideways page goes is a vote of two weaker cues: within a line of Latin type,
 *   ascenders and capitals put more ink above the band of small letters than descenders put below
 *   it; and a page's ink sits in its upper half more often than not (a letter ends in blank paper
 *   below its signature). Together they chose the right way on 97% of validation pages, the ascender
 *   cue alone on 77% (Cyrillic lowercase has few ascenders).
 *   Neither is trusted to turn an upright-looking page over: upright Russian pages scored as low
 *   as upside-down ones, so an upside-down page (signature 0.51) stays as it is.
 * A page without rows of type (a photo of a signature alone, a stamp) stays as it is.
 */

import { turnPlane } from './quarterTurn';
import { solidInkGrid, type SolidInkGrid } from './solidInkGrid';

/** Clockwise quarter turns that bring the page upright. */
export type QuarterTurns = 0 | 1 | 2 | 3;

/** Solid ink, as in the rest of the pipeline. */
const SOLID = 128;
/** Strips across the page for the line-gap cue. */
const STRIPS = 24;
/** A strip counts once this share of its cells is inked (margins and blank bands tell nothing). */
const MIN_STRIP_INK = 0.01;
/**
 * Rows of type, not a lone signature photographed close: at least this many gaps between lines per
 * strip across them, this share of ink-free rows, and this many line bands of type's height in all.
 * On validation, pages turned sideways had 5.2 or more gaps per strip (97% of them 6.5 or more), a
 * share of 0.51 or more and 47 bands or more; close crops of a signature whose gaps run mostly one
 * way had up to 6.0 gaps per strip (5.8 enlarged six times), shares up to 0.66 and up to 63 bands.
 * Gaps per strip are the cue that separates them; the other two keep out what is plainly no page.
 */
const MIN_LINE_GAPS = 6.5;
const MIN_GAP_SHARE = 0.5;
const MIN_SIDEWAYS_LINES = 40;
/** Sideways only when the ink-free share across exceeds the one along by this factor and margin. */
const TURN_RATIO = 1.6;
const TURN_MARGIN = 0.08;
/** A line of type is this tall, as a share of the page's long side (taller bands are signatures, stamps, blocks). */
const LINE_MIN = 0.003;
const LINE_MAX = 0.03;
/** Bands of small letters: rows with at least this share of the line's fullest row. */
const SMALL_LETTER_ROW = 0.5;
/** Lines needed before the ascender cue is trusted. */
const MIN_LINES = 30;
/** Weight of the ink's offset from the page's middle (share of the side) against the ascender cue. */
const CENTROID_WEIGHT = 3;

type Grid = Pick<SolidInkGrid, 'width' | 'height' | 'cells'>;

/** Where the grid's ink lies along x, as a share of the width (0.5: the middle). */
function inkCentreX({ width, height, cells }: Grid): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (cells[y * width + x] === 0) continue;
      sum += x + 0.5;
      count++;
    }
  }
  return count > 0 ? sum / count / width : 0.5;
}

/** The grid turned clockwise by a quarter turn. */
function turned({ width, height, cells }: Grid): Grid {
  return { width: height, height: width, cells: turnPlane(cells, width, height, 1) };
}

/**
 * Over the vertical strips with ink: the share of ink-free rows between each strip's first and last
 * inked row (high for rows of type, the gaps between lines; low for type turned sideways), and how
 * many separate gaps a strip holds on average (a line of type per gap; a signature alone has a few).
 */
function rowGaps({ width, height, cells }: Grid): { share: number; perStrip: number } {
  const stripWidth = Math.max(2, Math.round(Math.max(width, height) / STRIPS));
  let empty = 0;
  let extent = 0;
  let gaps = 0;
  let strips = 0;
  for (let x0 = 0; x0 < width; x0 += stripWidth) {
    const x1 = Math.min(width, x0 + stripWidth);
    let first = -1;
    let last = -1;
    let inked = 0;
    let emptyRows = 0;
    let stripGaps = 0;
    let previousEmpty = false;
    for (let y = 0; y < height; y++) {
      let n = 0;
      for (let x = x0; x < x1; x++) n += cells[y * width + x];
      if (n === 0) {
        if (first >= 0) emptyRows++;
        previousEmpty = true;
        continue;
      }
      if (first < 0) first = y;
      else if (previousEmpty) stripGaps++;
      previousEmpty = false;
      last = y;
      inked += n;
    }
    if (first < 0 || inked < MIN_STRIP_INK * (x1 - x0) * height) continue;
    // Empty rows after the last inked row were counted too: take them back.
    emptyRows -= height - 1 - last;
    empty += emptyRows;
    extent += last - first + 1;
    gaps += stripGaps;
    strips++;
  }
  return { share: extent > 0 ? empty / extent : 0, perStrip: strips > 0 ? gaps / strips : 0 };
}

/**
 * The ascender cue over lines of type running along x (`columns` false: lines are rows, ascenders at
 * lower y) or along y (`columns` true: ascenders at lower x). Per strip across the lines, the ink
 * profile of each line band: (ink before its small-letter band − ink after) / both, over all lines.
 * Positive: the lines' tops are at the lower coordinate; NaN with too few lines. With the number of
 * line bands seen (a line counts once per strip).
 */
function ascenderCue(inkAlpha: Uint8Array, width: number, height: number, columns: boolean): { cue: number; lines: number } {
  const length = columns ? width : height; // along the profile
  const across = columns ? height : width;
  const strip = Math.max(8, Math.round(across / STRIPS));
  // Every step-th pixel across the strip: the profile's shape needs no more on a large photo.
  const step = Math.max(1, Math.floor(Math.max(width, height) / 2400));
  const profile = new Int32Array(length);
  const longSide = Math.max(width, height);
  let before = 0;
  let after = 0;
  let lines = 0;
  for (let a0 = 0; a0 < across; a0 += strip) {
    const a1 = Math.min(across, a0 + strip);
    for (let t = 0; t < length; t++) {
      let n = 0;
      if (columns) for (let a = a0; a < a1; a += step) n += inkAlpha[a * width + t] >= SOLID ? 1 : 0;
      else for (let p = t * width + a0, end = t * width + a1; p < end; p += step) n += inkAlpha[p] >= SOLID ? 1 : 0;
      profile[t] = n;
    }
    for (let t = 0; t < length; ) {
      if (profile[t] === 0) {
        t++;
        continue;
      }
      let end = t;
      while (end < length && profile[end] > 0) end++;
      const band = end - t;
      if (band >= LINE_MIN * longSide && band <= LINE_MAX * longSide) {
        let fullest = 0;
        for (let k = t; k < end; k++) if (profile[k] > fullest) fullest = profile[k];
        let first = t;
        while (profile[first] < fullest * SMALL_LETTER_ROW) first++;
        let last = end - 1;
        while (profile[last] < fullest * SMALL_LETTER_ROW) last--;
        for (let k = t; k < first; k++) before += profile[k];
        for (let k = last + 1; k < end; k++) after += profile[k];
        lines++;
      }
      t = end;
    }
  }
  return { cue: lines >= MIN_LINES && before + after > 0 ? (before - after) / (before + after) : NaN, lines };
}

/**
 * Quarter turns (clockwise) that bring a sideways page's rows of type upright; 0 otherwise. `grid`:
 * the alpha's solid ink grid, when the caller has built it already.
 */
export function uprightTurns(inkAlpha: Uint8Array, width: number, height: number, grid: SolidInkGrid = solidInkGrid(inkAlpha, width, height)): QuarterTurns {
  const along = rowGaps(grid).share;
  const across = rowGaps(turned(grid));
  if (across.perStrip < MIN_LINE_GAPS || across.share < MIN_GAP_SHARE) return 0;
  if (across.share <= along * TURN_RATIO || across.share - along <= TURN_MARGIN) return 0;
  const ascenders = ascenderCue(inkAlpha, width, height, true);
  if (ascenders.lines < MIN_SIDEWAYS_LINES) return 0;
  // Lines run down the page. A clockwise turn puts its left side on top: right when the lines'
  // ascenders point left and the ink leans left.
  const vote = (Number.isNaN(ascenders.cue) ? 0 : ascenders.cue) + CENTROID_WEIGHT * (0.5 - inkCentreX(grid));
  return vote < 0 ? 3 : 1;
}
