/**
 * The Node target: the server's own adapters around src/core — decodeDocument (sharp, EXIF), the
 * pipeline's stages (result.timings), encodePng/encodeWebp — end to end with the classical engine
 * and, when models/inkseg.onnx exists, with the ONNX model engine (onnxruntime-node, as the
 * server's processing threads load and run it), each of whose models' session.run shows as its own row.
 */
import { classicalEngine, cleanImage, giveBack, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import type { ModelRun } from '../../core/classes/model';
import { encodePng, encodeWebp } from '../../server/imaging/encode';
import { loadModelEngine, type ModelRole } from '../../server/model/ortNodeEngine';
import { decodeDocument } from '../../server/processing/processDocument';
import { modelFile } from '../engines';
import { repeat } from './stats';
import type { BenchInput, BenchMeasurement, BenchResult, BenchSettings, BenchTarget } from './types';

const OPTIONS: CleanOptions = { mode: 'advanced', extract: 'signature', aggressive: true, crop: false };
const LIMITS = { maxPixels: 100_000_000, pdfDpi: 200 };

/** The bench's rows for each model's inference alone (session.run, without pre/post-processing), in this order. */
const INFERENCE_ROWS: Record<ModelRole, string> = {
  classes: 'inference (session.run)',
  separation: 'separation inference (session.run)',
  edge: 'edge inference (session.run)',
  sheet: 'sheet inference (session.run)',
};

/** The model engine as the server loads it, with each model's last session.run timed; null when it falls back to the classical engine. */
async function timedModelEngine(path: string, threads: number, log: (message: string) => void): Promise<{ engine: Engine; inferenceMs: () => Record<string, number> } | null> {
  const lastMs = new Map<ModelRole, number>();
  const wrapRun = (model: ModelRole, run: ModelRun): ModelRun => async (data, dims) => {
    const t = performance.now();
    const output = await run(data, dims);
    lastMs.set(model, performance.now() - t);
    return output;
  };
  const loaded = await loadModelEngine({ modelPath: path, threads, log, wrapRun });
  if (loaded.kind !== 'model') return null;
  const roles = Object.keys(INFERENCE_ROWS) as ModelRole[];
  return { engine: loaded.engine, inferenceMs: () => Object.fromEntries(roles.filter((m) => lastMs.has(m)).map((m) => [INFERENCE_ROWS[m], lastMs.get(m)!])) };
}

/** decode → clean → PNG (and WebP once, for the classical engine: encoding does not depend on the engine; and the WebP of the whole input, its worst case). */
async function measure(input: BenchInput, settings: BenchSettings, engine: Engine, label: string, inferenceMs?: () => Record<string, number>): Promise<Record<string, number>> {
  const webp = !inferenceMs;
  return repeat(settings, async (samples) => {
    const t0 = performance.now();
    const { image } = await decodeDocument(input.bytes, LIMITS);
    const t1 = performance.now();
    const result = await cleanImage(image as RgbaImage, OPTIONS, engine);
    const t2 = performance.now();
    await encodePng(result.image);
    const t3 = performance.now();
    if (webp) await encodeWebp(result.image);
    const t4 = performance.now();
    // The stored WebP's worst case: everything kept (a picture), as dense as the input photo itself.
    if (webp) await encodeWebp(image as RgbaImage);
    const t5 = performance.now();
    // As the server does once a result is encoded (processDocument.ts).
    giveBack(image.data, result.image.data);
    if (!samples) return;
    if (webp) samples.add('decode', t1 - t0);
    samples.addAll(result.timings, `${label} `);
    if (inferenceMs) for (const [stage, ms] of Object.entries(inferenceMs())) samples.add(`${label} ${stage}`, ms);
    if (webp) {
      samples.add('encode PNG', t3 - t2);
      samples.add('encode WebP', t4 - t3);
      samples.add('encode WebP, the whole photo kept', t5 - t4);
    }
    samples.add(`${label} end to end (decode → clean → PNG)`, t3 - t0);
  });
}

export const nodeTarget: BenchTarget = {
  name: 'node',
  available: async () => true,
  async run(inputs: readonly BenchInput[], settings: BenchSettings): Promise<BenchResult> {
    const notes: string[] = [];
    const file = modelFile();
    const model = file && (await timedModelEngine(file.path, settings.threads, (message) => notes.push(message)));
    if (file && model) notes.push(`${model.engine.name} ${file.path}: ${(file.bytes / 1e6).toFixed(2)} MB, onnxruntime-node ${settings.threads} thread(s)`);
    else notes.push(`model: not measured (${file ? 'it did not load' : 'no model file'})`);
    notes.push(`memory: GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? '(unset)'} (npm start and npm run bench set glibc.malloc.hugetlb=1: see models/README.md, "Speed: memory and the browser's optimiser")`);
    const measurements: BenchMeasurement[] = [];
    for (const input of inputs) {
      const stages = await measure(input, settings, classicalEngine, 'classical');
      if (model) Object.assign(stages, await measure(input, settings, model.engine, 'model', model.inferenceMs));
      measurements.push({ megapixels: input.megapixels, stages, peakRss: process.resourceUsage().maxRSS * 1024 });
    }
    return { target: 'node', measurements, notes };
  },
};
