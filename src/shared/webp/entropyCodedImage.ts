/**
 * WebP lossless (VP8L) entropy-coded images: ARGB pixels as literals and copies of the pixel to the
 * left or above, under one group of five prefix codes (green with copy lengths, red, blue, alpha,
 * copy distances). No colour cache and no entropy image: results are mostly long runs of
 * transparency, which copies cover, and the rest is short.
 */
import type { BitWriter } from './bitWriter';
import { canonicalCode, codeLengths, type PrefixCode } from './prefixCode';

const LITERALS = 256;
const LENGTH_PREFIXES = 24;
const DISTANCE_PREFIXES = 40;
const MAX_COPY = 4096;
/** Shorter runs cost more as a copy (length and distance symbols) than as literals. */
const MIN_COPY = 3;
/** VP8L's distance codes for the neighbours: code 1 is (0, 1), the pixel above; code 2 is (1, 0), the pixel to the left. */
const DISTANCE_ABOVE = 1;
const DISTANCE_LEFT = 2;
const MAX_CODE_LENGTH = 15;
const MAX_CODE_LENGTH_CODE_LENGTH = 7;
const CODE_LENGTH_ORDER = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

/** VP8L's prefix coding of a length or distance value ≥ 1: the prefix symbol, its extra bits and their count. */
function prefixOf(value: number): { symbol: number; extra: number; extraBits: number } {
  const d = value - 1;
  if (d < 4) return { symbol: d, extra: 0, extraBits: 0 };
  const high = 31 - Math.clz32(d);
  const second = (d >> (high - 1)) & 1;
  const extraBits = high - 1;
  return { symbol: 2 * high + second, extra: d & ((1 << extraBits) - 1), extraBits };
}

function runLength(pixels: Uint32Array, at: number, back: number): number {
  const end = Math.min(pixels.length, at + MAX_COPY);
  let i = at;
  while (i < end && pixels[i] === pixels[i - back]) i++;
  return i - at;
}

/**
 * The image as tokens, greedily: the longer of the runs matching the left and the upper neighbour,
 * else a literal. A copy is stored as (length, distance code); a literal as its pixel.
 */
interface Tokens {
  count: number;
  /** Per token: copy length (0 for a literal). */
  lengths: Uint16Array;
  /** Per token: the pixel of a literal, the distance code of a copy. */
  values: Uint32Array;
}

function tokenize(pixels: Uint32Array, width: number): Tokens {
  let lengths = new Uint16Array(Math.max(1024, pixels.length >> 6));
  let values = new Uint32Array(lengths.length);
  let count = 0;
  for (let i = 0; i < pixels.length; ) {
    const left = i >= 1 ? runLength(pixels, i, 1) : 0;
    // A copy is at most MAX_COPY long: when the left run reaches it, the upper one cannot be longer.
    const above = i >= width && left < MAX_COPY ? runLength(pixels, i, width) : 0;
    if (count === lengths.length) {
      const longerLengths = new Uint16Array(lengths.length * 2);
      longerLengths.set(lengths);
      lengths = longerLengths;
      const longerValues = new Uint32Array(values.length * 2);
      longerValues.set(values);
      values = longerValues;
    }
    if (Math.max(left, above) >= MIN_COPY) {
      const fromAbove = above > left;
      const run = fromAbove ? above : left;
      lengths[count] = run;
      values[count++] = fromAbove ? DISTANCE_ABOVE : DISTANCE_LEFT;
      i += run;
    } else {
      lengths[count] = 0;
      values[count++] = pixels[i];
      i += 1;
    }
  }
  return { count, lengths, values };
}

/** Writes the code (simple form for one or two small symbols, else the code-length code) and returns it. */
function writePrefixCode(out: BitWriter, counts: Uint32Array): PrefixCode {
  const used: number[] = [];
  for (let s = 0; s < counts.length && used.length <= 2; s++) if (counts[s] > 0) used.push(s);
  if (used.length <= 2 && used.every((s) => s < 256)) {
    const symbols = used.length ? used : [0];
    out.write(1, 1);
    out.write(symbols.length - 1, 1);
    const first = symbols[0];
    if (first < 2) {
      out.write(0, 1);
      out.write(first, 1);
    } else {
      out.write(1, 1);
      out.write(first, 8);
    }
    if (symbols.length === 2) out.write(symbols[1], 8);
    const lengths = new Uint8Array(counts.length);
    const codes = new Uint16Array(counts.length);
    // One symbol is read with no bits at all; of two, the first is 0 and the second 1.
    if (symbols.length === 2) {
      lengths[symbols[0]] = 1;
      lengths[symbols[1]] = 1;
      codes[symbols[1]] = 1;
    }
    return { lengths, codes };
  }
  const lengths = codeLengths(counts, MAX_CODE_LENGTH);
  out.write(0, 1);
  writeCodeLengths(out, lengths);
  return canonicalCode(lengths);
}

/** The code lengths themselves, run-length coded (16: repeat the previous length, 17/18: zeros) under a code of their own. */
function writeCodeLengths(out: BitWriter, lengths: Uint8Array): void {
  const symbols: number[] = [];
  const extras: number[] = [];
  let previous = 8;
  for (let i = 0; i < lengths.length; ) {
    const value = lengths[i];
    let run = 1;
    while (i + run < lengths.length && lengths[i + run] === value) run++;
    if (value === 0 && run >= 3) {
      const take = Math.min(run, 138);
      if (take >= 11) {
        symbols.push(18);
        extras.push(take - 11);
      } else {
        symbols.push(17);
        extras.push(take - 3);
      }
      i += take;
    } else if (value !== 0 && value === previous && run >= 3) {
      const take = Math.min(run, 6);
      symbols.push(16);
      extras.push(take - 3);
      i += take;
    } else {
      symbols.push(value);
      extras.push(0);
      if (value !== 0) previous = value;
      i += 1;
    }
  }
  const counts = new Uint32Array(19);
  for (const s of symbols) counts[s]++;
  const usedSymbols = counts.reduce((n, c) => n + (c > 0 ? 1 : 0), 0);
  const lengthCode = canonicalCode(codeLengths(counts, MAX_CODE_LENGTH_CODE_LENGTH));
  let stored = CODE_LENGTH_ORDER.length;
  while (stored > 4 && lengthCode.lengths[CODE_LENGTH_ORDER[stored - 1]] === 0) stored--;
  out.write(stored - 4, 4);
  for (let k = 0; k < stored; k++) out.write(lengthCode.lengths[CODE_LENGTH_ORDER[k]], 3);
  out.write(0, 1); // every symbol of the alphabet has its length written (no max_symbol)
  // A code with a single symbol is read with no bits (libwebp and the format's reference decoder agree).
  const bitsFor = (s: number) => (usedSymbols === 1 ? 0 : lengthCode.lengths[s]);
  symbols.forEach((s, k) => {
    out.write(lengthCode.codes[s], bitsFor(s));
    if (s === 16) out.write(extras[k], 2);
    else if (s === 17) out.write(extras[k], 3);
    else if (s === 18) out.write(extras[k], 7);
  });
}

/**
 * Appends an entropy-coded image of ARGB pixels (0xAARRGGBB) `width` wide. `spatial`: the main image,
 * which carries the meta-prefix bit; a transform's sub-image does not.
 */
export function writeEntropyCodedImage(out: BitWriter, pixels: Uint32Array, width: number, spatial: boolean): void {
  const tokens = tokenize(pixels, width);
  const greenCounts = new Uint32Array(LITERALS + LENGTH_PREFIXES);
  const redCounts = new Uint32Array(LITERALS);
  const blueCounts = new Uint32Array(LITERALS);
  const alphaCounts = new Uint32Array(LITERALS);
  const distanceCounts = new Uint32Array(DISTANCE_PREFIXES);
  const { count, lengths, values } = tokens;
  for (let t = 0; t < count; t++) {
    const v = values[t];
    if (lengths[t]) {
      greenCounts[LITERALS + prefixOf(lengths[t]).symbol]++;
      distanceCounts[prefixOf(v).symbol]++;
    } else {
      greenCounts[(v >>> 8) & 0xff]++;
      redCounts[(v >>> 16) & 0xff]++;
      blueCounts[v & 0xff]++;
      alphaCounts[v >>> 24]++;
    }
  }
  out.write(0, 1); // no colour cache
  if (spatial) out.write(0, 1); // one prefix-code group for the whole image
  const green = writePrefixCode(out, greenCounts);
  const red = writePrefixCode(out, redCounts);
  const blue = writePrefixCode(out, blueCounts);
  const alpha = writePrefixCode(out, alphaCounts);
  const distance = writePrefixCode(out, distanceCounts);
  for (let t = 0; t < count; t++) {
    const v = values[t];
    if (lengths[t]) {
      const length = prefixOf(lengths[t]);
      out.write(green.codes[LITERALS + length.symbol], green.lengths[LITERALS + length.symbol]);
      out.write(length.extra, length.extraBits);
      const symbol = prefixOf(v).symbol;
      out.write(distance.codes[symbol], distance.lengths[symbol]);
    } else {
      const g = (v >>> 8) & 0xff;
      const r = (v >>> 16) & 0xff;
      const b = v & 0xff;
      const a = v >>> 24;
      out.write(green.codes[g], green.lengths[g]);
      out.write(red.codes[r], red.lengths[r]);
      out.write(blue.codes[b], blue.lengths[b]);
      out.write(alpha.codes[a], alpha.lengths[a]);
    }
  }
}
