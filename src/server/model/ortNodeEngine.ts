/**
 * The ink model on the server, through onnxruntime-node: loads the committed models/inkseg.onnx and
 * implements Engine with src/core/classes/model's pre/post-processing. When the model cannot load (missing
 * file, broken file, runtime unavailable) the classical engine takes over and the reason is logged.
 * The ink-separation and sheet models (models/inksep.onnx, models/sheet.onnx) are optional: without
 * one the engine does without it, and the log says why.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InferenceSession } from 'onnxruntime-node';
import { classicalEngine, type Engine } from '../../core';
import { separateInkWithModel } from '../../core/paper/inkSeparation';
import { createModelEngine, type ModelRun } from '../../core/classes/model';

export const DEFAULT_MODEL_PATH = fileURLToPath(new URL('../../../models/inkseg.onnx', import.meta.url));
/** The ink-separation model: the learned ink/paper decision (without it colour-to-alpha decides). */
export const DEFAULT_SEPARATION_MODEL_PATH = fileURLToPath(new URL('../../../models/inksep.onnx', import.meta.url));
/** The edge network: decides again a flat page's least sure edge pixels, and the stray-ink step runs after it (without it the ink-separation model's decision stands alone). */
export const DEFAULT_EDGE_MODEL_PATH = fileURLToPath(new URL('../../../models/inkedge.onnx', import.meta.url));
/** The sheet model: finds the sheet in a photo (without it the classical sheet finder looks). */
export const DEFAULT_SHEET_MODEL_PATH = fileURLToPath(new URL('../../../models/sheet.onnx', import.meta.url));

export interface ModelEngineLoadOptions {
  /** The .onnx file; default the committed models/inkseg.onnx (env INKLIFT_MODEL_PATH in the caller's config). */
  modelPath?: string;
  /** The ink-separation .onnx; default the committed models/inksep.onnx (env INKLIFT_SEPARATION_MODEL_PATH). */
  separationModelPath?: string;
  /** The edge network's .onnx; default the committed models/inkedge.onnx (env INKLIFT_EDGE_MODEL_PATH). */
  edgeModelPath?: string;
  /** The sheet .onnx; default the committed models/sheet.onnx (env INKLIFT_SHEET_MODEL_PATH). */
  sheetModelPath?: string;
  /** Threads for one inference. Processing already runs one job per worker thread, so keep this small. */
  threads?: number;
  /** Where the fallback reason goes; default console.warn. */
  log?: (message: string) => void;
  /** Wraps each loaded model's run (the bench times session.run with it); default the run as is. */
  wrapRun?: (model: ModelRole, run: ModelRun) => ModelRun;
}

/** The engine's models: the ink-class model and the optional ones. */
export type ModelRole = 'classes' | 'separation' | 'edge' | 'sheet';

export interface LoadedEngine {
  engine: Engine;
  /** 'model' when the ONNX session loaded, else 'classical' with the reason. */
  kind: 'model' | 'classical';
  reason?: string;
}

/** An ONNX session's run as src/core/classes/model expects it. */
export function ortRun(ort: typeof import('onnxruntime-node'), session: InferenceSession): ModelRun {
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  return async (data, dims) => {
    const tensor = new ort.Tensor('float32', data, dims);
    const outputs = await session.run({ [inputName]: tensor });
    const output = outputs[outputName];
    return { data: output.data as Float32Array, dims: output.dims };
  };
}

export async function createOrtNodeSession(modelPath: string, threads: number): Promise<{ ort: typeof import('onnxruntime-node'); session: InferenceSession }> {
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(modelPath, {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
  });
  return { ort, session };
}

/** The model engine, or the classical engine with the logged reason why the model is not used. */
export async function loadModelEngine(options: ModelEngineLoadOptions = {}): Promise<LoadedEngine> {
  const modelPath = options.modelPath ?? DEFAULT_MODEL_PATH;
  const log = options.log ?? ((message: string) => console.warn(message));
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const fallback = (reason: string): LoadedEngine => {
    log(`inklift: ink model not used, classical engine instead: ${reason}`);
    return { engine: classicalEngine, kind: 'classical', reason };
  };
  if (!existsSync(modelPath)) return fallback(`no model file at ${modelPath}`);
  try {
    const { ort, session } = await createOrtNodeSession(modelPath, threads);
    const separationRun = await loadOptionalRun(
      options.separationModelPath ?? process.env.INKLIFT_SEPARATION_MODEL_PATH ?? DEFAULT_SEPARATION_MODEL_PATH,
      'ink-separation model not used, colour-to-alpha decides what is ink',
      threads,
      log,
    );
    const edgeRun = separationRun && (await loadOptionalRun(
      options.edgeModelPath ?? process.env.INKLIFT_EDGE_MODEL_PATH ?? DEFAULT_EDGE_MODEL_PATH,
      'edge network not used, the ink-separation model alone places the strokes\' edges (and no stray pieces are cleared)',
      threads,
      log,
    ));
    const sheetRun = await loadOptionalRun(
      options.sheetModelPath ?? process.env.INKLIFT_SHEET_MODEL_PATH ?? DEFAULT_SHEET_MODEL_PATH,
      'sheet model not used, the classical sheet finder looks',
      threads,
      log,
    );
    const wrap = options.wrapRun ?? ((_model, run) => run);
    const engine = createModelEngine(wrap('classes', ortRun(ort, session)), {
      separationRun: separationRun && wrap('separation', separationRun),
      edgeRun: edgeRun && wrap('edge', edgeRun),
      sheetRun: sheetRun && wrap('sheet', sheetRun),
    });
    return { engine, kind: 'model' };
  } catch (error) {
    return fallback(`${modelPath} did not load in onnxruntime-node (${(error as Error).message})`);
  }
}

/** The learned ink/paper decision of an exported file on one thread, for tools that label or prepare pages as the pipeline sees them. */
export async function loadInkSeparation(modelPath: string): Promise<NonNullable<Engine['separateInk']>> {
  const { ort, session } = await createOrtNodeSession(modelPath, 1);
  const run = ortRun(ort, session);
  return (flattened) => separateInkWithModel(run, flattened);
}

/** An optional model's run, or undefined (logged with what happens instead) when it cannot load. */
async function loadOptionalRun(path: string, instead: string, threads: number, log: (message: string) => void): Promise<ModelRun | undefined> {
  if (!existsSync(path)) {
    log(`inklift: ${instead}: no model file at ${path}`);
    return undefined;
  }
  try {
    const { ort, session } = await createOrtNodeSession(path, threads);
    return ortRun(ort, session);
  } catch (error) {
    log(`inklift: ${instead}: ${path} did not load (${(error as Error).message})`);
    return undefined;
  }
}
