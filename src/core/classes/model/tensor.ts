import { giveBack, pooledFloat32 } from '../../shared/bufferPool';
import { InkClass, type ClassMap, type EngineInput } from '../../shared/types';
import { rgbaWords } from '../../shared/pixelWords';
import { sourceSpans } from '../../shared/sourceSpans';
import { MODEL_CHANNELS, type ModelGeometry } from './geometry';

/**
 * The model's input tensor, float32 NCHW [1, 4, inputHeight, inputWidth], values 0..1: the
 * flattened page's ink deficit per channel (1 − R, 1 − G, 1 − B) and the ink alpha, area-averaged to
 * the model's scale. Paper is 0 in every channel, so the padding and the convolutions' own zero
 * padding at the borders are both plain paper without ink.
 */
export function toModelInput(input: EngineInput, geometry: ModelGeometry): Float32Array {
  const { flattened, inkAlpha } = input;
  const { width: sw, height: sh, data } = flattened;
  if (sw !== geometry.sourceWidth || sh !== geometry.sourceHeight) throw new RangeError('geometry does not match the page');
  const { scaledWidth: tw, scaledHeight: th, inputWidth: iw, inputHeight: ih } = geometry;
  const plane = iw * ih;
  const out = pooledFloat32(plane * MODEL_CHANNELS);
  const xs = sourceSpans(sw, tw);
  const ys = sourceSpans(sh, th);
  // When enlarging, a model column repeats one source column.
  const enlarging = tw > sw;
  const words = rgbaWords(data, sw * sh);
  // Raw channel sums per model column; the deficit is 255·count − sum, the same integers as summing 255 − value.
  const sums = new Int32Array(tw * 4);
  for (let ty = 0; ty < th; ty++) {
    sums.fill(0);
    const y0 = ys.start[ty];
    const y1 = ys.end[ty];
    for (let y = y0; y < y1; y++) addRowSums(words, data, inkAlpha, y * sw, xs, enlarging, sums);
    writeModelRow(out, plane, ty * iw, sums, xs, y1 - y0, enlarging);
  }
  return out;
}

/*
 * OSR_NOTE: why page-wide loops call a function per row (or per cell). A loop nest in a function run
 * once per page is optimised only by on-stack replacement, and Chromium's (Maglev) drops that code at
 * every exit from an inner loop and goes back to the interpreter: the first pages, and every few
 * pages after, ran such loops three to ten times slower (`--js-flags=--trace-deopt`: "exit from
 * OSR'd inner loop", thousands per page). A function called per row is optimised as a whole within
 * the first page and stays so. Node's V8 did not show it.
 */

/** One source row's R, G, B and ink alpha added to the sums of the model columns it spans. */
function addRowSums(
  words: Uint32Array | null,
  data: Uint8ClampedArray | Uint8Array,
  inkAlpha: Uint8Array,
  row: number,
  xs: ReturnType<typeof sourceSpans>,
  enlarging: boolean,
  sums: Int32Array,
): void {
  const tw = xs.start.length;
  for (let tx = 0, s = 0; tx < tw; tx++, s += 4) {
    const p0 = row + xs.start[tx];
    const p1 = enlarging ? p0 + 1 : row + xs.end[tx];
    let r = 0;
    let g = 0;
    let b = 0;
    let a = 0;
    if (words) {
      for (let p = p0; p < p1; p++) {
        const v = words[p];
        r += v & 255;
        g += (v >>> 8) & 255;
        b += (v >>> 16) & 255;
        a += inkAlpha[p];
      }
    } else {
      for (let p = p0, i = p0 * 4; p < p1; p++, i += 4) {
        r += data[i];
        g += data[i + 1];
        b += data[i + 2];
        a += inkAlpha[p];
      }
    }
    sums[s] += r;
    sums[s + 1] += g;
    sums[s + 2] += b;
    sums[s + 3] += a;
  }
}

/** One model row from its columns' sums over `rows` source rows: deficits per channel and the mean alpha, 0..1. */
function writeModelRow(out: Float32Array, plane: number, rowOut: number, sums: Int32Array, xs: ReturnType<typeof sourceSpans>, rows: number, enlarging: boolean): void {
  const tw = xs.start.length;
  for (let tx = 0; tx < tw; tx++) {
    const count = rows * (enlarging ? 1 : xs.end[tx] - xs.start[tx]);
    const full = 255 * count;
    const scale = 1 / full;
    const k = rowOut + tx;
    const s = tx * 4;
    out[k] = (full - sums[s]) * scale;
    out[plane + k] = (full - sums[s + 1]) * scale;
    out[2 * plane + k] = (full - sums[s + 2]) * scale;
    out[3 * plane + k] = sums[s + 3] * scale;
  }
}

/**
 * The model's output → the class map over the page: logits [1, K, h, w] by argmax over K (the
 * InkClass id), or labels [1, h, w] / [1, 1, h, w] as they are; the padding's cells are cut off.
 * With the model's input tensor, paper is decided by the ink alpha, not by the model (the class map
 * only labels ink): cells without ink are paper, cells with ink take the best ink class (noise
 * included, so the model can still drop specks).
 */
export function toClassMap(values: ArrayLike<number>, dims: readonly number[], geometry: ModelGeometry, input?: Float32Array): ClassMap {
  const { mapWidth, mapHeight } = geometry;
  const labels = dims.length === 3 || (dims.length === 4 && dims[1] === 1);
  const outHeight = dims[dims.length - 2];
  const outWidth = dims[dims.length - 1];
  if (outWidth < mapWidth || outHeight < mapHeight) {
    throw new RangeError(`model output ${outWidth}×${outHeight} is smaller than the class map ${mapWidth}×${mapHeight}`);
  }
  const classes = new Uint8Array(mapWidth * mapHeight);
  const plane = outWidth * outHeight;
  const classCount = labels ? 1 : dims[1];
  const inked = input ? inkedCells(input, geometry) : null;
  const first = inked ? 1 : 0;
  for (let y = 0; y < mapHeight; y++) {
    for (let x = 0; x < mapWidth; x++) {
      const p = y * outWidth + x;
      let best: number = InkClass.paper;
      if (inked && inked[y * mapWidth + x] === 0) {
        // no ink here: paper, whatever the model says
      } else if (labels) {
        best = Number(values[p]);
      } else {
        best = first;
        let bestValue = values[first * plane + p];
        for (let c = first + 1; c < classCount; c++) {
          const v = values[c * plane + p];
          if (v > bestValue) {
            bestValue = v;
            best = c;
          }
        }
      }
      classes[y * mapWidth + x] = best;
    }
  }
  return { width: mapWidth, height: mapHeight, classes };
}

/** 1 for each class-map cell whose outputStride² block of the input holds any ink alpha. */
export function inkedCells(input: Float32Array, geometry: ModelGeometry): Uint8Array {
  const sums = cellAlphaSums(input, geometry);
  const inked = new Uint8Array(sums.length);
  for (let k = 0; k < sums.length; k++) inked[k] = sums[k] > 0 ? 1 : 0;
  giveBack(sums);
  return inked;
}

/** Per class-map cell, the sum of the input's ink alpha (0..1 per pixel) over its outputStride² block; pooled, given back by the caller. */
export function cellAlphaSums(input: Float32Array, geometry: ModelGeometry): Float32Array {
  const { inputWidth: iw, inputHeight: ih, mapWidth, mapHeight, outputStride: stride } = geometry;
  const alpha = input.subarray(3 * iw * ih, 4 * iw * ih);
  const sums = pooledFloat32(mapWidth * mapHeight);
  for (let y = 0; y < mapHeight * stride; y++) addAlphaRow(alpha, y * iw, ((y / stride) | 0) * mapWidth, mapWidth * stride, stride, sums);
  return sums;
}

/** One input row's alpha into its cells' sums (a function of its own, optimised per call: see OSR_NOTE). */
function addAlphaRow(alpha: Float32Array, row: number, cellRow: number, columns: number, stride: number, sums: Float32Array): void {
  for (let x = 0; x < columns; x++) sums[cellRow + ((x / stride) | 0)] += alpha[row + x];
}

/** The winning ink class's share of the ink classes' softmax at one cell (a function of its own, optimised per call: see OSR_NOTE). */
function winningInkShare(values: ArrayLike<number>, plane: number, p: number, classCount: number): number {
  let top = -Infinity;
  for (let c = 1; c < classCount; c++) top = Math.max(top, values[c * plane + p]);
  let sum = 0;
  for (let c = 1; c < classCount; c++) sum += Math.exp(values[c * plane + p] - top);
  return 1 / sum;
}

/**
 * How sure the model is of its reading: over the class-map cells that hold ink, the mean share the
 * winning ink class takes of the ink classes' softmax (paper left out: those cells are ink whatever
 * the model says). 1 when every inked cell is one class beyond doubt; NaN for a model that answers
 * labels, not scores, or for a page without ink.
 */
export function inkedCellConfidence(values: ArrayLike<number>, dims: readonly number[], geometry: ModelGeometry, input: Float32Array): number {
  if (dims.length !== 4 || dims[1] < 3) return NaN;
  const { mapWidth, mapHeight } = geometry;
  const classCount = dims[1];
  const outWidth = dims[3];
  const plane = dims[2] * outWidth;
  const inked = inkedCells(input, geometry);
  let total = 0;
  let cells = 0;
  for (let y = 0; y < mapHeight; y++) {
    for (let x = 0; x < mapWidth; x++) {
      if (inked[y * mapWidth + x] === 0) continue;
      total += winningInkShare(values, plane, y * outWidth + x, classCount);
      cells++;
    }
  }
  return cells > 0 ? total / cells : NaN;
}
