/**
 * The Node target: the server's own adapters around src/core — decodeDocument (sharp, EXIF), the
 * pipeline's stages (result.timings), encodePng/encodeWebp — end to end with the classical engine
 * and, when models/inkseg.onnx exists, with the ONNX model engine (onnxruntime-node, as the
 * server's processing threads run it), whose session.run shows as its own row.
 */
import { existsSync } from 'node:fs';
import { classicalEngine, cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import { createModelEngine, type ModelRun } from '../../core/model';
import { encodePng, encodeWebp } from '../../server/imaging/encode';
import { createOrtNodeSession, DEFAULT_SEPARATION_MODEL_PATH, ortRun } from '../../server/model/ortNodeEngine';
import { decodeDocument } from '../../server/processing/processDocument';
import { modelFile } from '../engines';
import { repeat } from './stats';
import type { BenchInput, BenchMeasurement, BenchResult, BenchSettings, BenchTarget } from './types';

const OPTIONS: CleanOptions = { mode: 'advanced', extract: 'signature', aggressive: true, crop: false };
const LIMITS = { maxPixels: 100_000_000, pdfDpi: 200 };

/** A session's run with its last call timed (the inference alone, without pre/post-processing). */
function timedRun(run: ModelRun): { run: ModelRun; lastMs: () => number } {
  let last = NaN;
  return {
    run: async (data, dims) => {
      const t = performance.now();
      const output = await run(data, dims);
      last = performance.now() - t;
      return output;
    },
    lastMs: () => last,
  };
}

/** The model engine (with the ink-separation model when its file exists) and its session.run times. */
async function timedModelEngine(path: string, threads: number): Promise<{ engine: Engine; inferenceMs: () => Record<string, number> }> {
  const { ort, session } = await createOrtNodeSession(path, threads);
  const classes = timedRun(ortRun(ort, session));
  const separationPath = process.env.INKLIFT_SEPARATION_MODEL_PATH ?? DEFAULT_SEPARATION_MODEL_PATH;
  const separation = existsSync(separationPath) ? timedRun(ortRun(ort, (await createOrtNodeSession(separationPath, threads)).session)) : null;
  return {
    engine: createModelEngine(classes.run, { separationRun: separation?.run }),
    inferenceMs: () => ({ 'inference (session.run)': classes.lastMs(), ...(separation ? { 'separation inference (session.run)': separation.lastMs() } : {}) }),
  };
}

/** decode → clean → PNG (and WebP once, for the classical engine: encoding does not depend on the engine). */
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
    if (!samples) return;
    if (webp) samples.add('decode', t1 - t0);
    samples.addAll(result.timings, `${label} `);
    if (inferenceMs) for (const [stage, ms] of Object.entries(inferenceMs())) samples.add(`${label} ${stage}`, ms);
    if (webp) {
      samples.add('encode PNG', t3 - t2);
      samples.add('encode WebP', t4 - t3);
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
    let model: Awaited<ReturnType<typeof timedModelEngine>> | null = null;
    if (file) {
      try {
        model = await timedModelEngine(file.path, settings.threads);
        notes.push(`model ${file.path}: ${(file.bytes / 1e6).toFixed(2)} MB, onnxruntime-node ${settings.threads} thread(s)`);
      } catch (error) {
        notes.push(`model: not measured (${file.path} did not load: ${(error as Error).message})`);
      }
    } else notes.push('model: not measured (no model file)');
    const measurements: BenchMeasurement[] = [];
    for (const input of inputs) {
      const stages = await measure(input, settings, classicalEngine, 'classical');
      if (model) Object.assign(stages, await measure(input, settings, model.engine, 'model', model.inferenceMs));
      measurements.push({ megapixels: input.megapixels, stages, peakRss: process.resourceUsage().maxRSS * 1024 });
    }
    return { target: 'node', measurements, notes };
  },
};
