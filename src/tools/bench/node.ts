/**
 * The Node target: the server's own adapters around src/core — decodeDocument (sharp, EXIF), the
 * pipeline's stages (result.timings), encodePng/encodeWebp — and, when models/inkseg.onnx exists, the
 * same pipeline with the ONNX model engine (onnxruntime-node) so its inference time shows as a row.
 */
import { classicalEngine, cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import { encodePng, encodeWebp } from '../../server/imaging/encode';
import { decodeDocument } from '../../server/processing/processDocument';
import { loadModel, modelFile } from '../engines';
import { repeat } from './stats';
import type { BenchInput, BenchMeasurement, BenchResult, BenchSettings, BenchTarget } from './types';

const OPTIONS: CleanOptions = { mode: 'advanced', extract: 'signature', aggressive: true, crop: false };
const LIMITS = { maxPixels: 100_000_000, pdfDpi: 200 };

async function measure(input: BenchInput, settings: BenchSettings, engine: Engine, label: string, full: boolean): Promise<Record<string, number>> {
  return repeat(settings, async (samples) => {
    const t0 = performance.now();
    const { image } = await decodeDocument(input.bytes, LIMITS);
    const t1 = performance.now();
    const result = await cleanImage(image as RgbaImage, OPTIONS, engine);
    const t2 = performance.now();
    if (!full) {
      samples?.addAll(result.timings, `${label} `);
      return;
    }
    await encodePng(result.image);
    const t3 = performance.now();
    await encodeWebp(result.image);
    const t4 = performance.now();
    if (!samples) return;
    samples.add('decode', t1 - t0);
    samples.addAll(result.timings, `${label} `);
    samples.add('clean (wall)', t2 - t1);
    samples.add('encode PNG', t3 - t2);
    samples.add('encode WebP', t4 - t3);
    samples.add('end to end (decode → clean → PNG)', t3 - t0);
  });
}

export const nodeTarget: BenchTarget = {
  name: 'node',
  available: async () => true,
  async run(inputs: readonly BenchInput[], settings: BenchSettings): Promise<BenchResult> {
    const notes: string[] = [];
    const model = await loadModel(settings.threads);
    const file = modelFile();
    if (model.engine && file) notes.push(`model ${file.path}: ${(file.bytes / 1e6).toFixed(2)} MB, onnxruntime-node ${settings.threads} thread(s)`);
    else notes.push(`model: not measured (${model.reason ?? 'unavailable'})`);
    const measurements: BenchMeasurement[] = [];
    for (const input of inputs) {
      const stages = await measure(input, settings, classicalEngine, 'classical', true);
      if (model.engine) Object.assign(stages, await measure(input, settings, model.engine, 'model', false));
      measurements.push({ megapixels: input.megapixels, stages, peakRss: process.resourceUsage().maxRSS * 1024 });
    }
    return { target: 'node', measurements, notes };
  },
};
