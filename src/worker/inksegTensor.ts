/**
 * The ink model's tensor contract, as the worker assumes it (see models/README.md when present):
 * input  float32 NCHW [1, C, h, w], values 0..1 — C = 4: flattened R, G, B and ink alpha
 *        (C = 3: R, G, B; C = 1: ink alpha), h and w multiples of 16, long side ≤ MODEL_MAX_SIDE;
 * output float32 logits [1, K, h, w] (argmax over K = the InkClass id) or integer labels [1, h, w].
 * The class map stays at the model's resolution; src/core scales it to the image.
 */
import type { ClassMap, EngineInput } from '../core';

export const MODEL_MAX_SIDE = 512;
const STRIDE = 16;

export interface TensorSize { width: number; height: number }

function roundToStride(value: number): number {
  return Math.max(STRIDE, Math.round(value / STRIDE) * STRIDE);
}

/** The model resolution for an image: long side ≤ MODEL_MAX_SIDE, multiples of 16, or the model's fixed size. */
export function modelSize(width: number, height: number, fixed?: TensorSize): TensorSize {
  if (fixed) return fixed;
  const scale = Math.min(1, MODEL_MAX_SIDE / Math.max(width, height));
  return { width: roundToStride(width * scale), height: roundToStride(height * scale) };
}

/** Area-averaged NCHW planes of the flattened page and the ink alpha. */
export function toModelInput(input: EngineInput, size: TensorSize, channels: number): Float32Array {
  const { flattened, inkAlpha } = input;
  const { width: sw, height: sh, data } = flattened;
  const { width: tw, height: th } = size;
  const plane = tw * th;
  const out = new Float32Array(plane * channels);
  for (let ty = 0; ty < th; ty++) {
    const y0 = Math.floor((ty * sh) / th);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * sh) / th));
    for (let tx = 0; tx < tw; tx++) {
      const x0 = Math.floor((tx * sw) / tw);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * sw) / tw));
      let r = 0, g = 0, b = 0, a = 0, n = 0;
      for (let y = y0; y < y1 && y < sh; y++) {
        for (let x = x0; x < x1 && x < sw; x++) {
          const p = y * sw + x;
          r += data[p * 4];
          g += data[p * 4 + 1];
          b += data[p * 4 + 2];
          a += inkAlpha[p];
          n++;
        }
      }
      const k = ty * tw + tx;
      const scale = n > 0 ? 1 / (255 * n) : 0;
      if (channels === 1) {
        out[k] = a * scale;
      } else {
        out[k] = r * scale;
        out[plane + k] = g * scale;
        out[2 * plane + k] = b * scale;
        if (channels >= 4) out[3 * plane + k] = a * scale;
      }
    }
  }
  return out;
}

/** Logits [1, K, h, w] → argmax labels, or integer labels [1, h, w] as they are. */
export function toClassMap(values: ArrayLike<number | bigint>, dims: readonly number[]): ClassMap {
  if (dims.length === 3 || (dims.length === 4 && dims[1] === 1 && typeof values[0] === 'bigint')) {
    const height = dims[dims.length - 2];
    const width = dims[dims.length - 1];
    const classes = new Uint8Array(width * height);
    for (let i = 0; i < classes.length; i++) classes[i] = Number(values[i]);
    return { width, height, classes };
  }
  const [, classCount, height, width] = dims;
  const plane = width * height;
  const classes = new Uint8Array(plane);
  for (let p = 0; p < plane; p++) {
    let best = 0;
    let bestValue = -Infinity;
    for (let c = 0; c < classCount; c++) {
      const v = Number(values[c * plane + p]);
      if (v > bestValue) {
        bestValue = v;
        best = c;
      }
    }
    classes[p] = best;
  }
  return { width, height, classes };
}

/** Share of equal labels between two class maps of the same size (the WebGPU self-check). */
export function agreement(a: ClassMap, b: ClassMap): number {
  if (a.width !== b.width || a.height !== b.height) return 0;
  let same = 0;
  for (let i = 0; i < a.classes.length; i++) if (a.classes[i] === b.classes[i]) same++;
  return same / Math.max(1, a.classes.length);
}
