import type { Components } from '../../shared/components';

/**
 * Printed text and digits: glyph-sized components that line up in rows — similar heights, aligned
 * tops or bottoms, regular small gaps — and are mostly narrow (single letters or short clusters).
 * Handwriting rarely forms such chains: cursive words are wide, heights vary, gaps wander.
 */
export interface PrintedTextOptions {
  /** Tallest glyph, in grid cells. */
  maxGlyphHeight: number;
  /** Smallest glyph height, in grid cells (smaller parts are dots, accents, specks). */
  minGlyphHeight: number;
  /** Fewest glyphs in a row for it to count as printed. Rows of coloured ink need four times as many:
   * a pen name in separate letters is a short coloured row, coloured print (letterheads) is long. */
  minRowLength: number;
}

export function printedTextOptionsFor(width: number, height: number): PrintedTextOptions {
  const longSide = Math.max(width, height);
  return { maxGlyphHeight: Math.max(12, Math.round(longSide * 0.045)), minGlyphHeight: 3, minRowLength: 3 };
}

/** Where the page's text begins: the top of its highest row long enough to be print whatever its alignment (Infinity without one). */
export interface TextLayout {
  textTop: number;
  /** The bottom of the row that begins the text (-Infinity without one). */
  firstRowBottom: number;
}

/**
 * Marks components that are printed glyphs. `coloured[l]` is the number of coloured cells of component l.
 * With `loneWords`, isolated neutral words of the rows' text height count too, and bold words set on
 * a baseline in any ink. `layout`, when given, receives where the page's text begins.
 * Returns 1 per printed component (index = label).
 */
export function findPrintedGlyphs(comps: Components, coloured: Int32Array, width: number, height: number, loneWords = true, opts = printedTextOptionsFor(width, height), layout?: TextLayout): Uint8Array {
  const { count, left, top, right, bottom } = comps;
  const candidate = new Uint8Array(count + 1);
  for (let l = 1; l <= count; l++) {
    const h = bottom[l] - top[l] + 1;
    const w = right[l] - left[l] + 1;
    if (h >= opts.minGlyphHeight && h <= opts.maxGlyphHeight && w <= 10 * h) candidate[l] = 1;
  }
  // Spatial buckets of candidates by their left edge.
  const bucket = Math.max(8, Math.round(opts.maxGlyphHeight));
  const bw = Math.ceil(width / bucket);
  const bh = Math.ceil(height / bucket);
  const heads = new Int32Array(bw * bh).fill(-1);
  const nextInBucket = new Int32Array(count + 1).fill(-1);
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const b = ((top[l] / bucket) | 0) * bw + ((left[l] / bucket) | 0);
    nextInBucket[l] = heads[b];
    heads[b] = l;
  }
  const parent = new Int32Array(count + 1);
  for (let l = 0; l <= count; l++) parent[l] = l;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  for (let i = 1; i <= count; i++) {
    if (candidate[i] === 0) continue;
    const hi = bottom[i] - top[i] + 1;
    const gapMax = 1.2 * hi + 2;
    const bx0 = Math.max(0, ((left[i] + 1) / bucket) | 0);
    const bx1 = Math.min(bw - 1, ((right[i] + gapMax) / bucket) | 0);
    const by0 = Math.max(0, ((top[i] - hi) / bucket) | 0);
    const by1 = Math.min(bh - 1, ((bottom[i] + 1) / bucket) | 0);
    let best = -1;
    let bestGap = Infinity;
    for (let by = by0; by <= by1; by++) {
      for (let bx = bx0; bx <= bx1; bx++) {
        for (let j = heads[by * bw + bx]; j >= 0; j = nextInBucket[j]) {
          if (j === i || left[j] <= left[i]) continue;
          const gap = left[j] - right[i];
          if (gap > gapMax || gap < -0.3 * hi) continue;
          const hj = bottom[j] - top[j] + 1;
          const hMax = Math.max(hi, hj);
          if (hMax > 2.2 * Math.min(hi, hj)) continue;
          const tolerance = 0.3 * hMax + 1;
          const aligned = Math.abs(bottom[j] - bottom[i]) <= tolerance || Math.abs(top[j] - top[i]) <= tolerance;
          if (!aligned) continue;
          if (gap < bestGap) {
            bestGap = gap;
            best = j;
          }
        }
      }
    }
    if (best > 0) {
      const a = find(i);
      const b = find(best);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  // Row statistics per chain: length, how consistent the heights are, how much is coloured ink.
  const members = new Int32Array(count + 1);
  const colouredMembers = new Int32Array(count + 1);
  const heightSum = new Float64Array(count + 1);
  const heightSquares = new Float64Array(count + 1);
  const glyphWidths = new Float64Array(count + 1);
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    members[r]++;
    const h = bottom[l] - top[l] + 1;
    heightSum[r] += h;
    heightSquares[r] += h * h;
    glyphWidths[r] += Math.max(1, (right[l] - left[l] + 1) / (GLYPH_ASPECT * h));
    if (coloured[l] * 3 > comps.area[l]) colouredMembers[r]++;
  }
  const aligned = baselineAlignment(comps, candidate, find);
  // The page's type size, from the rows long enough to be print whatever their alignment.
  const longRowHeights: number[] = [];
  for (let l = 1; l <= count; l++) if (candidate[l] !== 0 && members[find(l)] >= SURE_ROW) longRowHeights.push(bottom[l] - top[l] + 1);
  longRowHeights.sort((a, b) => a - b);
  const typeHeight = longRowHeights.length >= 20 ? longRowHeights[longRowHeights.length >> 1] : Infinity;
  // Where the page's text begins: a letterhead's name above it is set large, not written.
  let textTop = Infinity;
  let firstRow = -1;
  const rowTop = new Int32Array(count + 1).fill(height);
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    rowTop[r] = Math.min(rowTop[r], top[l]);
    if (members[r] >= SURE_ROW && top[l] < textTop) {
      textTop = top[l];
      firstRow = r;
    }
  }
  if (layout) {
    layout.textTop = textTop;
    layout.firstRowBottom = -Infinity;
    for (let l = 1; l <= count; l++) if (candidate[l] !== 0 && find(l) === firstRow) layout.firstRowBottom = Math.max(layout.firstRowBottom, bottom[l]);
  }
  const printed = new Uint8Array(count + 1);
  const written = new Uint8Array(count + 1);
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    const m = members[r];
    const mostlyColoured = colouredMembers[r] * 2 > m;
    const mean = heightSum[r] / m;
    const spread = Math.sqrt(Math.max(0, heightSquares[r] / m - mean * mean)) / mean;
    if (spread > 0.35 || m < opts.minRowLength) continue;
    // A short row of tall, uneven letters below the start of the text is a name written in separate
    // letters (or set in a handwriting font), even when it sits on one baseline: type of one size is even.
    if (!mostlyColoured && m < WRITTEN_ROW_MAX && mean >= WRITTEN_ROW_HEIGHT * typeHeight && spread >= WRITTEN_ROW_SPREAD && rowTop[r] > textTop) {
      written[l] = 1;
      continue;
    }
    // Long rows are print (coloured ones too: letterheads). Shorter rows only when their glyphs sit on
    // one baseline, as type does (a pen's name in separate letters wanders), and are not far taller
    // than the page's type (a name set large in a script font sits on a baseline too; headings are
    // long rows). Coloured ink is more often a pen's, so its rows must be longer and more even before
    // they count; their length is also counted in letter widths, since the letters of a bold coloured
    // title touch at analysis resolution and form a few wide components.
    const onBaseline = aligned[r] >= ALIGNED_SHARE && (m >= SURE_ROW || mean <= TALL_SHORT_ROW * typeHeight);
    const even = onBaseline && spread <= 0.2;
    const isRow = mostlyColoured
      ? m >= opts.minRowLength * 4 || (even && (m >= COLOURED_ROW_MIN || glyphWidths[r] >= opts.minRowLength * 4))
      : m >= SURE_ROW || onBaseline;
    if (isRow) printed[l] = 1;
  }
  // Lone words (table cells, labels) of the page's printed text height, in neutral ink, are printed too.
  const printedHeights: number[] = [];
  for (let l = 1; l <= count; l++) if (printed[l] !== 0) printedHeights.push(bottom[l] - top[l] + 1);
  if (loneWords && printedHeights.length >= 20) {
    printedHeights.sort((a, b) => a - b);
    const textHeight = printedHeights[printedHeights.length >> 1];
    for (let l = 1; l <= count; l++) {
      if (candidate[l] === 0 || printed[l] !== 0 || written[l] !== 0) continue;
      const h = bottom[l] - top[l] + 1;
      if (h < 0.6 * textHeight) continue;
      // A bold label or heading whose letters touch is one wide component, taller than body text.
      const boldWord = h <= BOLD_WORD_HEIGHT * textHeight && right[l] - left[l] + 1 >= BOLD_WORD_LETTERS * GLYPH_ASPECT * h && onTypeBaseline(comps, l, width);
      // In colour (a pen's more often than the printer's) only such a bold word on a baseline counts.
      if (coloured[l] * 4 > comps.area[l]) {
        if (boldWord) printed[l] = 1;
        continue;
      }
      if (h <= 1.5 * textHeight || boldWord) printed[l] = 1;
    }
  }
  return printed;
}

/** A lone word up to this many times the text height counts as print when it is long and set on a baseline. */
const BOLD_WORD_HEIGHT = 2.2;
/** Fewest letters (in letter widths) of such a word. */
const BOLD_WORD_LETTERS = 5;
/** Share of a word's columns whose lowest ink is on its baseline, for type (a few descenders aside). */
const BASELINE_COLUMNS = 0.6;

/**
 * Whether most columns of component l end on one baseline, as set type does (descenders aside); a
 * written word's strokes end at wandering heights.
 */
function onTypeBaseline(comps: Components, l: number, width: number): boolean {
  const { left, right, top, bottom, labels } = comps;
  const lows: number[] = [];
  for (let x = left[l]; x <= right[l]; x++) {
    for (let y = bottom[l]; y >= top[l]; y--) {
      if (labels[y * width + x] === l) {
        lows.push(y);
        break;
      }
    }
  }
  if (lows.length === 0) return false;
  // The baseline is the most common low point (±1 cell); descenders reach below it.
  const counts = new Int32Array(bottom[l] - top[l] + 3);
  for (const y of lows) for (let d = 0; d <= 2; d++) counts[y - top[l] + d]++;
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i] > counts[best]) best = i;
  const base = best - 1 + top[l];
  let on = 0;
  for (const y of lows) if (Math.abs(y - base) <= 1) on++;
  return on >= BASELINE_COLUMNS * lows.length;
}

/** Shortest neutral row taken for print whether or not its glyphs sit on one baseline. */
const SURE_ROW = 6;
/** Shortest coloured row taken for print when its glyphs sit on one baseline. */
const COLOURED_ROW_MIN = 5;
/** A short neutral row at least this many times the page's type height, its heights this uneven (relative spread), is written. */
const WRITTEN_ROW_HEIGHT = 1.4;
const WRITTEN_ROW_SPREAD = 0.2;
/** Such a row has fewer glyphs than this (a name, not a heading). */
const WRITTEN_ROW_MAX = 9;
/** Short rows taller than this many times the page's type height are not taken for print by alignment alone. */
const TALL_SHORT_ROW = 2;
/** Width of a typical printed letter over its height: a component this many heights wide counts as that many letters. */
const GLYPH_ASPECT = 0.75;
/** Share of a row's glyphs on its baseline (or cap line) for it to count as set, not written. */
const ALIGNED_SHARE = 0.8;

/**
 * Per chain root, the share of its glyphs whose bottom (or top) lies on the chain's line through
 * them (fitted by least squares, so a slightly rotated page still aligns): type sits on a baseline,
 * separate handwritten letters wander.
 */
function baselineAlignment(comps: Components, candidate: Uint8Array, find: (a: number) => number): Float64Array {
  const { count, left, right, top, bottom } = comps;
  const n = new Float64Array(count + 1);
  const sx = new Float64Array(count + 1);
  const sxx = new Float64Array(count + 1);
  const sb = new Float64Array(count + 1);
  const sxb = new Float64Array(count + 1);
  const st = new Float64Array(count + 1);
  const sxt = new Float64Array(count + 1);
  const heights = new Float64Array(count + 1);
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    const x = (left[l] + right[l]) / 2;
    n[r]++;
    sx[r] += x;
    sxx[r] += x * x;
    sb[r] += bottom[l];
    sxb[r] += x * bottom[l];
    st[r] += top[l];
    sxt[r] += x * top[l];
    heights[r] += bottom[l] - top[l] + 1;
  }
  const onLine = new Float64Array(count + 1);
  const fit = (r: number, sy: number, sxy: number, x: number): number => {
    const d = n[r] * sxx[r] - sx[r] * sx[r];
    const slope = d > 1e-9 ? (n[r] * sxy - sx[r] * sy) / d : 0;
    return (sy - slope * sx[r]) / n[r] + slope * x;
  };
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    const x = (left[l] + right[l]) / 2;
    const tolerance = 0.08 * (heights[r] / n[r]) + 0.75;
    if (Math.abs(bottom[l] - fit(r, sb[r], sxb[r], x)) <= tolerance || Math.abs(top[l] - fit(r, st[r], sxt[r], x)) <= tolerance) onLine[r]++;
  }
  for (let r = 1; r <= count; r++) if (n[r] > 0) onLine[r] /= n[r];
  return onLine;
}
