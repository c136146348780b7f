/**
 * The Node target: the server's own adapters around src/core — decodeDocument (sharp, EXIF), the
 * pipeline's stages (result.timings), encodePng/encodeWebp — end to end with the classical engine
 * and, when models/inkseg.onnx exists, with the ONNX model engine (onnxruntime-node, as the
 * server's processing threads run it), whose session.run shows as its own row.
 */
import { classicalEngine, cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import { createModelEngine, MODEL_NAME, type ModelRun } from '../../core/model';
import { encodePng, encodeWebp } from '../../server/imaging/encode';
import { createOrtNodeSession, ortRun } from '../../server/model/ortNodeEngine';
import { decodeDocument } from '../../server/processing/processDocument';
import { modelFile } from '../engines';
import { repeat } from './stats';
import type { BenchInput, BenchMeasurement, BenchResult, BenchSettings, BenchTarget } from './types';

const OPTIONS: CleanOptions = { mode: 'advanced', extract: 'signature', aggressive: true, crop: false };
const LIMITS = { maxPixels: 100_000_000, pdfDpi: 200 };

/** The model engine with its last session.run timed (the inference alone, without pre/post-processing). */
async function timedModelEngine(path: string, threads: number): Promise<{ engine: Engine; lastRunMs: () => number }> {
  const { ort, session } = await createOrtNodeSession(path, threads);
  const run = ortRun(ort, session);
  let last = NaN;
  const timed: ModelRun = async (data, dims) => {
    const t = performance.now();
    const output = await run(data, dims);
    last = performance.now() - t;
    return output;
  };
  return { engine: createModelEngine(timed, { name: `model:${MODEL_NAME}` }), lastRunMs: () => last };
}

/** decode → clean → PNG (and WebP once, for the classical engine: encoding does not depend on the engine). */
async function measure(input: BenchInput, settings: BenchSettings, engine: Engine, label: string, inferenceMs?: () => number): Promise<Record<string, number>> {
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
    if (inferenceMs) samples.add(`${label} inference (session.run)`, inferenceMs());
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
      if (model) Object.assign(stages, await measure(input, settings, model.engine, 'model', model.lastRunMs));
      measurements.push({ megapixels: input.megapixels, stages, peakRss: process.resourceUsage().maxRSS * 1024 });
    }
    return { target: 'node', measurements, notes };
  },
};
