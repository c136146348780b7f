/**
 * A result as a WebP lossless (VP8L) file: alpha exactly as the PNG holds it, colour to within 3 of 255
 * levels (COLOUR_STEP) or exactly when the result has few colours, and no colour under a fully
 * transparent pixel (it is never seen).
 *
 * Used for results whose ink is sparse (sparseInk.ts), in the server and the app's worker. Why not
 * libwebp: on a 12-MP result that is 98 % transparent its lossless coder spends 0.5–2 s (effort 0–1),
 * its lossy colour with an exact alpha 0.3 s; this coder does what such images need in a third of
 * that: the subtract-green transform, a predictor per 32 × 32 tile (left, above, or the spec's
 * "select" of the two), then copies of the pixel to the left or above and literals
 * (entropyCodedImage.ts).
 */
import { BitWriter } from './bitWriter';
import { webpFile, WEBP_MAX_SIDE } from './container';
import { writeEntropyCodedImage } from './entropyCodedImage';

const SIGNATURE = 0x2f;
const TRANSFORM_PREDICTOR = 0;
const TRANSFORM_SUBTRACT_GREEN = 2;
/** Predictor tiles of 2^5 = 32 pixels a side. */
const TILE_BITS = 5;
/** VP8L predictor modes tried per tile. */
const MODE_LEFT = 1;
const MODE_ABOVE = 2;
const MODE_SELECT = 11;

/**
 * Colour levels kept: every 6th (and 255), so a channel is off by at most 3 of 255 levels. Ink seen
 * through a phone's noise or paper's grain varies from pixel to pixel by more than that, and exact
 * levels cost half again the file. Measured on seven real results (two 12-MP photos, two historical
 * pages, a stamp, a bilevel letter, a grey scan of names) against libwebp's lossy colour at quality 93
 * (the stored WebP before): as seen over white, closer to the result on six (PSNR 52–66 dB or exact,
 * against 46–65) and exact as before on the bilevel letter; files 0.97–1.24 × that size; encoded two
 * to four times faster. Alpha is kept exactly.
 */
const COLOUR_STEP = 6;
const COLOUR_LEVEL = Uint8Array.from({ length: 256 }, (_, v) => Math.min(255, Math.round(v / COLOUR_STEP) * COLOUR_STEP));
const EVERY_LEVEL = Uint8Array.from({ length: 256 }, (_, v) => v);
/** Up to this many colours the levels are kept exactly: it costs nothing (recoloured ink, a bilevel scan). */
const FEW_COLOURS = 256;

/** Whether the visible pixels (little-endian RGBA words) hold at most FEW_COLOURS colours. */
function hasFewColours(words: Uint32Array): boolean {
  const seen = new Set<number>();
  for (let p = 0; p < words.length; p++) {
    const word = words[p];
    if (word < 0x01000000) continue;
    seen.add(word & 0xffffff);
    if (seen.size > FEW_COLOURS) return false;
  }
  return true;
}

/** Per-channel difference a − b modulo 256 of two ARGB pixels. */
function subtractPixels(a: number, b: number): number {
  return (
    ((((a >>> 24) - (b >>> 24)) & 0xff) << 24) |
    ((((a >>> 16) - (b >>> 16)) & 0xff) << 16) |
    ((((a >>> 8) - (b >>> 8)) & 0xff) << 8) |
    ((a - b) & 0xff)
  ) >>> 0;
}

/** Sum over the channels of |a − b| modulo 256, taking the shorter way round: the cost of a residual. */
function residualCost(a: number, b: number): number {
  let cost = 0;
  for (let shift = 0; shift < 32; shift += 8) {
    const d = (((a >>> shift) & 0xff) - ((b >>> shift) & 0xff)) & 0xff;
    cost += d < 128 ? d : 256 - d;
  }
  return cost;
}

/** The spec's Select predictor: the left or the upper pixel, whichever is nearer the gradient estimate L + T − TL. */
function select(left: number, above: number, aboveLeft: number): number {
  let towardsLeft = 0; // Σ |estimate − L| = Σ |T − TL|
  let towardsAbove = 0; // Σ |estimate − T| = Σ |L − TL|
  for (let shift = 0; shift < 32; shift += 8) {
    const l = (left >>> shift) & 0xff;
    const t = (above >>> shift) & 0xff;
    const tl = (aboveLeft >>> shift) & 0xff;
    towardsLeft += Math.abs(t - tl);
    towardsAbove += Math.abs(l - tl);
  }
  return towardsLeft < towardsAbove ? left : above;
}

/**
 * ARGB words from RGBA bytes, the colour levels kept (COLOUR_STEP), green subtracted from red and blue
 * (the subtract-green transform); 0 where alpha is 0. Also, per row, the columns from the first to the
 * last pixel that is not 0 (first > last for an empty row): outside them a row and its neighbours are 0.
 */
function argbMinusGreen(rgba: Uint8Array, width: number, height: number): { pixels: Uint32Array; first: Int32Array; last: Int32Array } {
  const pixels = new Uint32Array(width * height);
  const first = new Int32Array(height).fill(width);
  const last = new Int32Array(height).fill(-1);
  // RGBA bytes as little-endian words, 0xAABBGGRR (a copy when they do not start on a word).
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const level = hasFewColours(words) ? EVERY_LEVEL : COLOUR_LEVEL;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      let word = words[p];
      if (word < 0x01000000) continue;
      word = ((word & 0xff000000) | (level[(word >>> 16) & 0xff] << 16) | (level[(word >>> 8) & 0xff] << 8) | level[word & 0xff]) >>> 0;
      const g = (word >>> 8) & 0xff;
      pixels[p] = ((word & 0xff000000) | (((word - g) & 0xff) << 16) | (g << 8) | (((word >>> 16) - g) & 0xff)) >>> 0;
      if (x < first[y]) first[y] = x;
      last[y] = x;
    }
  }
  return { pixels, first, last };
}

/** Row y's columns where a pixel or its left, upper or upper-left neighbour is not 0: [from, to). */
function busyColumns(spans: Spans, y: number, width: number): [number, number] {
  const from = Math.max(1, Math.min(spans.first[y], spans.first[y - 1]));
  const to = Math.min(width, Math.max(spans.last[y], spans.last[y - 1]) + 2);
  return [from, to];
}

interface Spans {
  first: Int32Array;
  last: Int32Array;
}

/** Per tile, the mode whose residuals cost least; the sub-image carries it in green. */
function chooseModes(pixels: Uint32Array, width: number, height: number, spans: Spans): { modes: Uint32Array; tilesWide: number } {
  const tilesWide = Math.ceil(width / (1 << TILE_BITS));
  const tilesHigh = Math.ceil(height / (1 << TILE_BITS));
  const costs = [MODE_LEFT, MODE_ABOVE, MODE_SELECT].map(() => new Float64Array(tilesWide * tilesHigh));
  for (let y = 1; y < height; y++) {
    const tileRow = (y >> TILE_BITS) * tilesWide;
    const [from, to] = busyColumns(spans, y, width);
    for (let x = from, p = y * width + from; x < to; x++, p++) {
      const pixel = pixels[p];
      const left = pixels[p - 1];
      const above = pixels[p - width];
      const aboveLeft = pixels[p - width - 1];
      if ((pixel | left | above | aboveLeft) === 0) continue;
      const tile = tileRow + (x >> TILE_BITS);
      costs[0][tile] += residualCost(pixel, left);
      costs[1][tile] += residualCost(pixel, above);
      costs[2][tile] += residualCost(pixel, select(left, above, aboveLeft));
    }
  }
  const modes = new Uint32Array(tilesWide * tilesHigh);
  for (let t = 0; t < modes.length; t++) {
    let best = 0;
    for (let m = 1; m < costs.length; m++) if (costs[m][t] < costs[best][t]) best = m;
    modes[t] = [MODE_LEFT, MODE_ABOVE, MODE_SELECT][best] << 8;
  }
  return { modes, tilesWide };
}

/** The predictor transform's residuals: the first pixel against opaque black, the top row against the left, the left column against the above. */
function residuals(pixels: Uint32Array, width: number, height: number, spans: Spans, modes: Uint32Array, tilesWide: number): Uint32Array {
  const out = new Uint32Array(pixels.length);
  out[0] = subtractPixels(pixels[0], 0xff000000);
  for (let x = 1; x < width; x++) out[x] = subtractPixels(pixels[x], pixels[x - 1]);
  for (let y = 1; y < height; y++) {
    const row = y * width;
    out[row] = subtractPixels(pixels[row], pixels[row - width]);
    const tileRow = (y >> TILE_BITS) * tilesWide;
    const [from, to] = busyColumns(spans, y, width);
    for (let x = from, p = row + from; x < to; x++, p++) {
      const pixel = pixels[p];
      const left = pixels[p - 1];
      const above = pixels[p - width];
      const aboveLeft = pixels[p - width - 1];
      if ((pixel | left | above | aboveLeft) === 0) continue; // 0 − 0
      const mode = modes[tileRow + (x >> TILE_BITS)] >>> 8;
      out[p] = subtractPixels(pixel, mode === MODE_LEFT ? left : mode === MODE_ABOVE ? above : select(left, above, aboveLeft));
    }
  }
  return out;
}

/** One 8-bit plane (a result's alpha) as the VP8L stream of an ALPH chunk: the plane in green, no transforms. */
export function encodeAlphaPlane(plane: Uint8Array, width: number, height: number): Uint8Array {
  if (plane.length !== width * height) throw new Error(`plane of ${plane.length} bytes is not ${width}×${height}`);
  const pixels = new Uint32Array(plane.length);
  for (let p = 0; p < plane.length; p++) pixels[p] = plane[p] << 8;
  const out = new BitWriter(Math.max(1 << 16, plane.length >> 3));
  out.write(0, 1); // no transform
  writeEntropyCodedImage(out, pixels, width, true);
  return out.finish();
}

export function encodeLosslessWebp(rgba: Uint8Array, width: number, height: number): Uint8Array<ArrayBuffer> {
  if (width > WEBP_MAX_SIDE || height > WEBP_MAX_SIDE) throw new RangeError(`WebP holds at most ${WEBP_MAX_SIDE} pixels a side; this image is ${width}×${height}`);
  if (rgba.length !== width * height * 4) throw new Error(`${rgba.length} bytes are not ${width}×${height} RGBA`);
  let translucent = false;
  for (let i = 3; i < rgba.length && !translucent; i += 4) translucent = rgba[i] !== 255;
  const { pixels, ...spans } = argbMinusGreen(rgba, width, height);
  const { modes, tilesWide } = chooseModes(pixels, width, height, spans);
  const out = new BitWriter(Math.max(1 << 16, width * height >> 4));
  out.write(SIGNATURE, 8);
  out.write(width - 1, 14);
  out.write(height - 1, 14);
  out.write(translucent ? 1 : 0, 1);
  out.write(0, 3); // version
  // The decoder undoes the transforms in the reverse order of these: the predictor, then subtract-green.
  out.write(1, 1);
  out.write(TRANSFORM_SUBTRACT_GREEN, 2);
  out.write(1, 1);
  out.write(TRANSFORM_PREDICTOR, 2);
  out.write(TILE_BITS - 2, 3);
  writeEntropyCodedImage(out, modes, tilesWide, false);
  out.write(0, 1); // no more transforms
  writeEntropyCodedImage(out, residuals(pixels, width, height, spans, modes, tilesWide), width, true);
  return webpFile([['VP8L', out.finish()]]);
}
