/**
 * Inference time of the committed model in onnxruntime-node for a 4-MP page (A4 portrait,
 * 1680×2376 ≈ 4.0 MP): scale normalisation, session.run, argmax — medians over repeated runs after
 * warm-up. Usage: tsx models/bench.ts [--threads N] [--runs N] [--model FILE]
 */
import { statSync } from 'node:fs';
import { modelGeometry, toClassMap, toModelInput } from '../src/core/classes/model';
import { createOrtNodeSession, DEFAULT_MODEL_PATH } from '../src/server/model/ortNodeEngine';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const threads = Number(arg('threads', '2'));
const runs = Number(arg('runs', '15'));
const modelPath = arg('model', DEFAULT_MODEL_PATH);
const width = 1680;
const height = 2376;

const data = new Uint8ClampedArray(width * height * 4).fill(255);
const inkAlpha = new Uint8Array(width * height);
for (let y = 0; y < height; y++) {
  for (let x = 0; x < width; x++) {
    if ((y % 40 < 3 && x % 97 < 80) || Math.abs(y - 1800 - 60 * Math.sin(x / 50)) < 3) {
      const p = y * width + x;
      inkAlpha[p] = 230;
      data.set([30, 40, 120, 255], p * 4);
    }
  }
}
const input = { flattened: { width, height, data }, inkAlpha };
const { ort, session } = await createOrtNodeSession(modelPath, threads);
const geometry = modelGeometry(width, height);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const t = { pre: [] as number[], run: [] as number[], post: [] as number[] };
for (let i = 0; i < runs + 3; i++) {
  const a = performance.now();
  const tensor = toModelInput(input, geometry);
  const b = performance.now();
  const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', tensor, [1, 4, geometry.inputHeight, geometry.inputWidth]) });
  const c = performance.now();
  const logits = out[session.outputNames[0]];
  toClassMap(logits.data as Float32Array, logits.dims, geometry);
  const d = performance.now();
  if (i < 3) continue;
  t.pre.push(b - a);
  t.run.push(c - b);
  t.post.push(d - c);
}
const kb = (statSync(modelPath).size / 1024).toFixed(0);
console.log(
  `inkseg bench: ${width}×${height} page (${((width * height) / 1e6).toFixed(1)} MP) → input ${geometry.inputWidth}×${geometry.inputHeight}, ` +
    `${threads} thread(s), ${runs} runs, model ${kb} KiB\n` +
    `  median ms: scale ${median(t.pre).toFixed(1)}, session.run ${median(t.run).toFixed(1)}, argmax ${median(t.post).toFixed(1)}, ` +
    `total ${(median(t.pre) + median(t.run) + median(t.post)).toFixed(1)}`,
);
