/** The processing worker: decode → src/core cleanImage (with the chosen ink engine) → encode. Exposed with comlink. */
import * as Comlink from 'comlink';
import { cleanImage, giveBack } from '../core';
import { decodeInput } from './decode';
import { encodeImage, encodePreview } from './encode';
import { engineInputOf } from './engineInput';
import { engineOn, prepareEngine } from './inkEngine';
import { OrtInkEngine } from './ortEngine';
import type { ProcessorApi, ProcessRequest, ProcessResult, ProgressCallback } from './protocol';

const api: ProcessorApi = {
  async prepareEngine(settings, onProgress) {
    return (await prepareEngine(settings, onProgress)).status;
  },

  async process(request: ProcessRequest, onProgress?: ProgressCallback): Promise<ProcessResult> {
    const timings: Record<string, number> = {};
    let mark = performance.now();
    const lap = (stage: string) => {
      const now = performance.now();
      timings[stage] = Math.round(now - mark);
      mark = now;
    };
    onProgress?.({ stage: 'engine' });
    const prepared = await prepareEngine(request.engine, onProgress);
    lap('engine');
    onProgress?.({ stage: 'decode' });
    const { image, kind } = await decodeInput(request.input);
    lap('decode');
    onProgress?.({ stage: 'clean' });
    const result = await cleanImage(image, request.options, prepared.engine);
    lap('clean');
    // The pipeline's own stages (paper, alpha, classify, compose…) and the model's session.run inside classify.
    for (const [stage, ms] of Object.entries(result.timings)) if (stage !== 'total') timings[`clean.${stage}`] = Math.round(ms);
    if (prepared.engine instanceof OrtInkEngine) {
      timings['clean.classify.inference'] = Math.round(prepared.engine.lastInferenceMs);
      if (prepared.engine.separateInk) timings['clean.alpha.inference'] = Math.round(prepared.engine.lastSeparationInferenceMs);
    }
    onProgress?.({ stage: 'encode' });
    const output = await encodeImage(result.image, request.format);
    const preview = kind === 'pdf' ? await encodePreview(image) : null;
    // Both rasters are dead once encoded; the next document's page-sized planes reuse their memory.
    giveBack(image.data, result.image.data);
    lap('encode');
    return {
      output,
      format: request.format,
      width: result.image.width,
      height: result.image.height,
      preview,
      crop: result.crop ?? null,
      sourceWidth: image.width,
      sourceHeight: image.height,
      found: result.found,
      flattened: result.flattened,
      engineName: result.engine,
      engineStatus: prepared.status,
      timings,
    };
  },

  async classMapOn(image, backend, settings, longSide) {
    const engine = await engineOn(backend, settings);
    const map = await engine.classifyAt(engineInputOf(image), longSide);
    return Comlink.transfer({ ...map, backend: engine.name }, [map.classes.buffer]);
  },

  async inkDecisionOn(image, settings) {
    const engine = await engineOn('wasm', settings);
    if (!engine.separateInk) return null;
    const { ink } = await engine.separateInk(engineInputOf(image).flattened);
    return Comlink.transfer({ ink, engine: engine.name }, [ink.buffer]);
  },

  async decodedOn(input) {
    const { image, way } = await decodeInput(input);
    return Comlink.transfer({ ...image, way }, [image.data.buffer]);
  },

  async sheetOn(image, settings) {
    const engine = await engineOn('wasm', settings);
    if (!engine.findSheet) return null;
    const { sheet, cover } = await engine.findSheet(image);
    return { corners: sheet ? [...sheet.corners] : null, cover: cover?.probability ?? null, engine: engine.name };
  },
};

Comlink.expose(api);
