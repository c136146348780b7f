import type { Components } from './components';

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

/**
 * Marks components that are printed glyphs. `coloured[l]` is the number of coloured cells of component l.
 * With `loneWords`, isolated neutral words of the rows' text height count too.
 * Returns 1 per printed component (index = label).
 */
export function findPrintedGlyphs(comps: Components, coloured: Int32Array, width: number, height: number, loneWords = true, opts = printedTextOptionsFor(width, height)): Uint8Array {
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
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    members[r]++;
    const h = bottom[l] - top[l] + 1;
    heightSum[r] += h;
    heightSquares[r] += h * h;
    if (coloured[l] * 3 > comps.area[l]) colouredMembers[r]++;
  }
  const printed = new Uint8Array(count + 1);
  for (let l = 1; l <= count; l++) {
    if (candidate[l] === 0) continue;
    const r = find(l);
    const m = members[r];
    const mostlyColoured = colouredMembers[r] * 2 > m;
    const needed = mostlyColoured ? opts.minRowLength * 4 : opts.minRowLength;
    const mean = heightSum[r] / m;
    const spread = Math.sqrt(Math.max(0, heightSquares[r] / m - mean * mean)) / mean;
    if (m >= needed && spread <= 0.35) printed[l] = 1;
  }
  // Lone words (table cells, labels) of the page's printed text height, in neutral ink, are printed too.
  const printedHeights: number[] = [];
  for (let l = 1; l <= count; l++) if (printed[l] !== 0) printedHeights.push(bottom[l] - top[l] + 1);
  if (loneWords && printedHeights.length >= 20) {
    printedHeights.sort((a, b) => a - b);
    const textHeight = printedHeights[printedHeights.length >> 1];
    for (let l = 1; l <= count; l++) {
      if (candidate[l] === 0 || printed[l] !== 0 || coloured[l] * 4 > comps.area[l]) continue;
      const h = bottom[l] - top[l] + 1;
      if (h >= 0.6 * textHeight && h <= 1.5 * textHeight) printed[l] = 1;
    }
  }
  return printed;
}
