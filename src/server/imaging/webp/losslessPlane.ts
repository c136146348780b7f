/**
 * One 8-bit plane (a result's alpha) as a WebP lossless (VP8L) image stream with implicit size, the
 * payload of a WebP `ALPH` chunk: the plane is the green channel, red, blue and alpha are constant.
 *
 * Why not libwebp (through sharp): its lossless alpha spends 0.6–1.3 s on a 12-MP result that is 98 %
 * transparent — anti-aliased form lines and signatures on an empty sheet — while the lossy colour
 * takes 0.25 s; the whole WebP was the slowest part of `type=webp`. This encoder does only what such
 * planes need: copies of the pixel to the left or above (long runs of paper, rows like the one
 * above), literals otherwise, one prefix code each; no transforms, no colour cache.
 */
import { BitWriter } from './bitWriter';
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
const COPY_FLAG = 0x80000000;

/** VP8L's prefix coding of a length or distance value ≥ 1: the prefix symbol, its extra bits and their count. */
function prefixOf(value: number): { symbol: number; extra: number; extraBits: number } {
  const d = value - 1;
  if (d < 4) return { symbol: d, extra: 0, extraBits: 0 };
  const high = 31 - Math.clz32(d);
  const second = (d >> (high - 1)) & 1;
  const extraBits = high - 1;
  return { symbol: 2 * high + second, extra: d & ((1 << extraBits) - 1), extraBits };
}

function runLength(plane: Uint8Array, at: number, back: number): number {
  const end = Math.min(plane.length, at + MAX_COPY);
  let i = at;
  while (i < end && plane[i] === plane[i - back]) i++;
  return i - at;
}

/** Literals and copies, greedily: the longer of the runs matching the left and the upper neighbour. */
function tokenize(plane: Uint8Array, width: number): Uint32Array {
  let tokens = new Uint32Array(Math.max(1024, plane.length >> 6));
  let count = 0;
  for (let i = 0; i < plane.length; ) {
    const left = i >= 1 ? runLength(plane, i, 1) : 0;
    const above = i >= width ? runLength(plane, i, width) : 0;
    let token: number;
    let step: number;
    if (Math.max(left, above) >= MIN_COPY) {
      const fromAbove = above > left;
      step = fromAbove ? above : left;
      token = (COPY_FLAG | ((fromAbove ? DISTANCE_ABOVE : DISTANCE_LEFT) << 16) | step) >>> 0;
    } else {
      step = 1;
      token = plane[i];
    }
    if (count === tokens.length) {
      const bigger = new Uint32Array(tokens.length * 2);
      bigger.set(tokens);
      tokens = bigger;
    }
    tokens[count++] = token;
    i += step;
  }
  return tokens.subarray(0, count);
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

export function encodeLosslessPlane(plane: Uint8Array, width: number, height: number): Uint8Array {
  if (plane.length !== width * height) throw new Error(`plane of ${plane.length} bytes is not ${width}×${height}`);
  const tokens = tokenize(plane, width);
  const greenCounts = new Uint32Array(LITERALS + LENGTH_PREFIXES);
  const distanceCounts = new Uint32Array(DISTANCE_PREFIXES);
  for (const token of tokens) {
    if (token & COPY_FLAG) {
      greenCounts[LITERALS + prefixOf(token & 0xffff).symbol]++;
      distanceCounts[prefixOf((token >>> 16) & 0x7fff).symbol]++;
    } else greenCounts[token]++;
  }
  const out = new BitWriter(Math.max(1 << 16, plane.length >> 3));
  out.write(0, 1); // no transform
  out.write(0, 1); // no colour cache
  out.write(0, 1); // one prefix-code group for the whole image
  const green = writePrefixCode(out, greenCounts);
  const constant = new Uint32Array(LITERALS);
  constant[0] = 1;
  writePrefixCode(out, constant); // red
  writePrefixCode(out, constant); // blue
  writePrefixCode(out, constant); // alpha
  const distance = writePrefixCode(out, distanceCounts);
  for (const token of tokens) {
    if (token & COPY_FLAG) {
      const length = prefixOf(token & 0xffff);
      out.write(green.codes[LITERALS + length.symbol], green.lengths[LITERALS + length.symbol]);
      out.write(length.extra, length.extraBits);
      const symbol = prefixOf((token >>> 16) & 0x7fff).symbol;
      out.write(distance.codes[symbol], distance.lengths[symbol]);
    } else out.write(green.codes[token], green.lengths[token]);
  }
  return out.finish();
}
