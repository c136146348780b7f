import { describe, expect, it } from 'vitest';
import { InkClass, type EngineInput } from '../../shared/types';
import { cleanImage } from '../../pipeline';
import { createModelEngine, INPUT_MULTIPLE, MODEL_LONG_SIDE, modelGeometry, OUTPUT_STRIDE, outputStrideOf, toClassMap, toModelInput, withOutputStride } from './';

function page(width: number, height: number, ink: (x: number, y: number) => boolean): EngineInput {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const inkAlpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!ink(x, y)) continue;
      const p = y * width + x;
      data.set([40, 60, 200, 255], p * 4);
      inkAlpha[p] = 255;
    }
  }
  return { flattened: { width, height, data }, inkAlpha };
}

describe('modelGeometry', () => {
  it('brings every page to the same long side, whatever its pixel size', () => {
    for (const [w, h] of [[4961, 7016], [2480, 3508], [620, 877], [7016, 4961], [300, 200]]) {
      const g = modelGeometry(w, h);
      expect(Math.max(g.scaledWidth, g.scaledHeight)).toBe(MODEL_LONG_SIDE);
      expect(Math.abs(g.scaledWidth / g.scaledHeight - w / h)).toBeLessThan(0.01);
      expect(g.inputWidth % INPUT_MULTIPLE).toBe(0);
      expect(g.inputHeight % INPUT_MULTIPLE).toBe(0);
      expect(g.mapWidth * OUTPUT_STRIDE).toBe(g.scaledWidth);
      expect(g.mapHeight * OUTPUT_STRIDE).toBe(g.scaledHeight);
    }
  });

  it('refuses an empty page', () => {
    expect(() => modelGeometry(0, 10)).toThrow(RangeError);
  });

  it('tiles the same scaled page with cells of any output stride up to 4', () => {
    const g = modelGeometry(1000, 700);
    for (const stride of [1, 2, 4]) {
      const s = withOutputStride(g, stride);
      expect([s.scaledWidth, s.inputWidth, s.inputHeight]).toEqual([g.scaledWidth, g.inputWidth, g.inputHeight]);
      expect([s.mapWidth * stride, s.mapHeight * stride]).toEqual([g.scaledWidth, g.scaledHeight]);
    }
    expect(() => withOutputStride(g, 3)).toThrow(RangeError);
  });

  it("reads a model's output stride from its output size", () => {
    const g = modelGeometry(1000, 700);
    expect(outputStrideOf([1, 6, g.inputHeight / 2, g.inputWidth / 2], g)).toBe(2);
    expect(outputStrideOf([1, 6, g.inputHeight / 4, g.inputWidth / 4], g)).toBe(4);
    expect(() => outputStrideOf([1, 6, g.inputHeight / 8, g.inputWidth / 8], g)).toThrow(RangeError);
    expect(() => outputStrideOf([1, 6, g.inputHeight / 2, g.inputWidth / 4], g)).toThrow(RangeError);
  });
});

describe('toModelInput', () => {
  it('area-averages the ink deficit and alpha, paper and padding 0, NCHW', () => {
    // 2048×1024 → 1024×512: every 2×2 block becomes one pixel. Left half inked.
    const input = page(2048, 1024, (x) => x < 1024);
    const g = modelGeometry(2048, 1024);
    expect([g.scaledWidth, g.scaledHeight, g.inputWidth, g.inputHeight]).toEqual([1024, 512, 1024, 512]);
    const t = toModelInput(input, g);
    const plane = g.inputWidth * g.inputHeight;
    expect(t.length).toBe(4 * plane);
    const at = (c: number, x: number, y: number) => t[c * plane + y * g.inputWidth + x];
    expect(at(0, 10, 10)).toBeCloseTo(1 - 40 / 255, 5);
    expect(at(1, 10, 10)).toBeCloseTo(1 - 60 / 255, 5);
    expect(at(2, 10, 10)).toBeCloseTo(1 - 200 / 255, 5);
    expect(at(3, 10, 10)).toBeCloseTo(1, 5);
    expect(at(0, 700, 10)).toBe(0);
    expect(at(3, 700, 10)).toBe(0);
    // A column straddling the edge (source x 1022..1025 → model x 511, 512).
    expect(at(3, 511, 5)).toBeCloseTo(1, 5);
    expect(at(3, 512, 5)).toBe(0);
  });

  it('pads the short side with paper (0 in every channel)', () => {
    const input = page(1000, 700, () => true);
    const g = modelGeometry(1000, 700);
    const t = toModelInput(input, g);
    const plane = g.inputWidth * g.inputHeight;
    expect(g.inputHeight).toBeGreaterThan(g.scaledHeight);
    const k = (g.inputHeight - 1) * g.inputWidth + 3;
    expect([t[k], t[plane + k], t[2 * plane + k], t[3 * plane + k]]).toEqual([0, 0, 0, 0]);
    expect(t[3 * plane + (g.scaledHeight - 1) * g.inputWidth + 3]).toBeCloseTo(1, 5);
  });

  it('gives the same tensor for pixels that do not start on a 4-byte boundary', () => {
    const aligned = page(1500, 900, (x, y) => (x * 7 + y * 3) % 11 < 4);
    const bytes = new Uint8ClampedArray(new ArrayBuffer(aligned.flattened.data.length + 1), 1);
    bytes.set(aligned.flattened.data);
    const unaligned = { ...aligned, flattened: { ...aligned.flattened, data: bytes } };
    const g = modelGeometry(1500, 900);
    const expected = toModelInput(aligned, g);
    expect(expected[10 * g.inputWidth + 10]).toBeGreaterThan(0);
    expect(toModelInput(unaligned, g)).toEqual(expected);
  });
});

describe('toClassMap', () => {
  it('argmaxes logits per cell and cuts the padding off', () => {
    const g = modelGeometry(1000, 700); // map 512×360 in a 512×(inputHeight/2) output
    const h = g.inputHeight / OUTPUT_STRIDE;
    const w = g.inputWidth / OUTPUT_STRIDE;
    const logits = new Float32Array(6 * w * h);
    for (let p = 0; p < w * h; p++) logits[(p % 6) * w * h + p] = 5;
    const map = toClassMap(logits, [1, 6, h, w], g);
    expect([map.width, map.height]).toEqual([g.mapWidth, g.mapHeight]);
    expect(map.classes[0]).toBe(0);
    expect(map.classes[1]).toBe(1);
    expect(map.classes[g.mapWidth + 2]).toBe((w + 2) % 6);
  });

  it('with the input tensor, leaves paper to the ink alpha: inkless cells paper, inked cells their best ink class', () => {
    const input = page(64, 64, (x, y) => x < 32 && y < 32);
    const g = modelGeometry(64, 64, 64, 4); // 1:1, 16×16 cells of 4×4
    const tensor = toModelInput(input, g);
    const plane = 16 * 16;
    const logits = new Float32Array(6 * plane);
    for (let p = 0; p < plane; p++) {
      logits[InkClass.paper * plane + p] = 9; // the model says paper everywhere…
      logits[InkClass.stamp * plane + p] = 1; // …stamp second
    }
    const map = toClassMap(logits, [1, 6, 16, 16], g, tensor);
    expect(map.classes[0]).toBe(InkClass.stamp);
    expect(map.classes[7 * 16 + 7]).toBe(InkClass.stamp);
    expect(map.classes[7 * 16 + 8]).toBe(InkClass.paper);
    expect(map.classes[15 * 16 + 15]).toBe(InkClass.paper);
  });

  it('takes integer labels as they are', () => {
    const g = modelGeometry(64, 64);
    const [h, w] = [g.inputHeight / OUTPUT_STRIDE, g.inputWidth / OUTPUT_STRIDE];
    const labels = new Uint8Array(w * h).fill(InkClass.stamp);
    const map = toClassMap(labels, [1, h, w], g);
    expect(map.classes.every((c) => c === InkClass.stamp)).toBe(true);
  });

  it('refuses an output smaller than the page', () => {
    const g = modelGeometry(1000, 700);
    expect(() => toClassMap(new Float32Array(6 * 4), [1, 6, 2, 2], g)).toThrow(RangeError);
  });
});

describe('createModelEngine', () => {
  /** A fake model answering at `stride`: stamp where the stride×stride input cell holds ink, paper elsewhere. */
  const fakeModel = (stride: number, seen: number[][]) =>
    createModelEngine(async (data, dims) => {
      seen.push(dims);
      const [, , H, W] = dims;
      const h = H / stride;
      const w = W / stride;
      const out = new Float32Array(6 * h * w);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let ink = 0;
          for (let dy = 0; dy < stride; dy++) for (let dx = 0; dx < stride; dx++) ink += data[3 * H * W + (y * stride + dy) * W + x * stride + dx];
          out[(ink > 0 ? InkClass.stamp : InkClass.paper) * h * w + y * w + x] = 1;
        }
      }
      return { data: out, dims: [1, 6, h, w] };
    });

  it('runs the supplied session on the normalised tensor and returns a page-aligned class map at the stride the model answers in', async () => {
    const input = page(3000, 2000, (x, y) => x >= 1500 && y < 1000); // top-right quarter inked
    for (const stride of [2, 4]) {
      const seen: number[][] = [];
      const engine = fakeModel(stride, seen);
      expect(engine.name).toBe('model:inkseg-v17');
      const map = await engine.classify(input);
      expect(seen[0]).toEqual([1, 4, 704, 1024]);
      const [w, h] = [1024 / stride, Math.round(684 / stride)];
      expect([map.width, map.height]).toEqual([w, h]);
      expect(map.classes[3 * w + Math.round(0.8 * w)]).toBe(InkClass.stamp);
      expect(map.classes[3 * w + Math.round(0.1 * w)]).toBe(InkClass.paper);
      expect(map.classes[(h - 3) * w + Math.round(0.8 * w)]).toBe(InkClass.paper);
    }
  });
});

describe('classifyWithModel on an apparent close-up', () => {
  // 24-px strokes on a 2400-px frame: the stroke measure calls it a close-up and shrinks it.
  const thick = page(2400, 800, (x) => x % 90 < 24);
  /** A model answering `small` (class, logit margin) below 1024 px of input and `large` at 1024; every inked cell alike. */
  const scaleTelling = (seen: number[][], small: [number, number], large: [number, number]) =>
    createModelEngine(async (data, dims) => {
      seen.push(dims);
      const [, , H, W] = dims;
      const [h, w] = [H / 2, W / 2];
      const [cls, margin] = Math.max(H, W) >= MODEL_LONG_SIDE ? large : small;
      const out = new Float32Array(6 * h * w);
      for (let p = 0; p < h * w; p++) {
        for (let c = 1; c < 6; c++) out[c * h * w + p] = c === cls ? margin : 0;
      }
      return { data: out, dims: [1, 6, h, w] };
    });
  const longSides = (seen: number[][]) => seen.map((d) => Math.max(d[2], d[3]));
  const inkedClass = async (engine: ReturnType<typeof createModelEngine>, input: EngineInput) => {
    const map = await engine.classify(input);
    const cell = Math.floor((10 / 2400) * map.width); // inside the first stroke (x 0–23)
    return map.classes[Math.round(map.height / 2) * map.width + cell];
  };

  it('reads it at both scales and keeps the reading the model is surer of', async () => {
    const surerWhole: number[][] = [];
    expect(await inkedClass(scaleTelling(surerWhole, [InkClass.stamp, 1], [InkClass.handwriting, 8]), thick)).toBe(InkClass.handwriting);
    expect(longSides(surerWhole)[0]).toBeLessThan(512);
    expect(longSides(surerWhole)[1]).toBe(MODEL_LONG_SIDE);
    const surerShrunk: number[][] = [];
    expect(await inkedClass(scaleTelling(surerShrunk, [InkClass.stamp, 8], [InkClass.handwriting, 1]), thick)).toBe(InkClass.stamp);
    expect(surerShrunk).toHaveLength(2);
  });

  it('reads a page of thin strokes once, at the model\'s scale', async () => {
    const seen: number[][] = [];
    const thin = page(2400, 800, (x) => x % 90 < 2);
    await scaleTelling(seen, [InkClass.stamp, 8], [InkClass.handwriting, 1]).classify(thin);
    expect(longSides(seen)).toEqual([MODEL_LONG_SIDE]);
  });
});

describe('a page smaller than the model\'s class map', () => {
  it('is cleaned with every option at its own size (the map is brought down to its pixels)', async () => {
    // 390 × 300: read at the model's 1 024 px, the map at stride 2 has 512 × 392 cells, more than the page's pixels.
    const small = page(390, 300, (x, y) => (y % 30 === 0 && x > 20 && x < 370) || (x % 50 === 0 && y > 150 && y < 250));
    const engine = createModelEngine(async (data, dims) => {
      const [, , H, W] = dims;
      const [h, w] = [H / 2, W / 2];
      const out = new Float32Array(6 * h * w);
      for (let p = 0; p < h * w; p++) out[((p % w) < w / 2 ? InkClass.printed : InkClass.handwriting) * h * w + p] = 5;
      return { data: out, dims: [1, 6, h, w] };
    });
    const image = { width: 390, height: 300, data: small.flattened.data };
    for (const extract of ['', 'signature', 'stamp'] as const) {
      for (const aggressive of [false, true]) {
        const result = await cleanImage({ ...image, data: new Uint8ClampedArray(image.data) }, { mode: 'advanced', extract, aggressive, crop: false }, engine);
        expect([result.image.width, result.image.height]).toEqual([390, 300]);
      }
    }
    const signature = await cleanImage({ ...image, data: new Uint8ClampedArray(image.data) }, { mode: 'advanced', extract: 'signature', aggressive: true, crop: false }, engine);
    // The right half is the model's handwriting: a 1-px vertical stroke there is kept, the print rows on the left are not.
    expect(signature.image.data[(200 * 390 + 300) * 4 + 3]).toBeGreaterThanOrEqual(128);
    expect(signature.image.data[(60 * 390 + 60) * 4 + 3]).toBe(0);
  });
});

describe('toModelInput on pages smaller than the model scale', () => {
  it('repeats each source pixel (nearest) when enlarging', () => {
    // 256×128 → 1024×512: every source pixel becomes a 4×4 block; ink only in source column 0.
    const input = page(256, 128, (x) => x === 0);
    const g = modelGeometry(256, 128);
    const t = toModelInput(input, g);
    const plane = g.inputWidth * g.inputHeight;
    for (const x of [0, 3]) expect(t[3 * plane + 7 * g.inputWidth + x]).toBeCloseTo(1, 5);
    expect(t[3 * plane + 7 * g.inputWidth + 4]).toBe(0);
    expect(t[7 * g.inputWidth + 2]).toBeCloseTo(1 - 40 / 255, 5);
  });
});
