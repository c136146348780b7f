/**
 * Chooses and keeps the worker's ink engine: the model on WebGPU or WASM, or none (src/core's
 * classical analysis) when no model is deployed or it fails to load — with a note saying which and why.
 */
import type { Engine } from '../core';
import { EDGE_MODEL_FILE, fetchModel, ModelMissingError, SEPARATION_MODEL_FILE, SHEET_MODEL_FILE } from './modelSource';
import { MODEL_NAME } from '../core/classes/model';
import { createSession, findGpuAdapter, gpuPassesSelfCheck, OrtInkEngine, type Backend } from './ortEngine';
import type { EngineSettings, EngineStatus, ProgressCallback } from './protocol';


export interface PreparedEngine {
  engine?: Engine;
  status: EngineStatus;
}

let modelBytes: Promise<Uint8Array> | null = null;
function loadModelBytes(onProgress?: ProgressCallback): Promise<Uint8Array> {
  modelBytes ??= fetchModel(onProgress).catch((error) => {
    modelBytes = null;
    throw error;
  });
  return modelBytes;
}

type Session = Awaited<ReturnType<typeof createSession>>;
const optionalSessions = new Map<string, Promise<Session | undefined>>();
/** An optional small model on WASM (loaded once), or undefined when none is deployed or it fails: `instead` says what then happens. */
function loadOptionalSession(file: string, instead: string): Promise<Session | undefined> {
  let session = optionalSessions.get(file);
  if (!session) {
    session = fetchModel(undefined, file)
      .then((bytes) => createSession(bytes, 'wasm'))
      .catch((error) => {
        console.warn(`inklift: ${instead} (${(error as Error).message})`);
        return undefined;
      });
    optionalSessions.set(file, session);
  }
  return session;
}

async function modelEngine(backend: Backend, settings: EngineSettings, onProgress?: ProgressCallback): Promise<OrtInkEngine> {
  const bytes = await loadModelBytes(onProgress);
  const helpers = {
    separation: await loadOptionalSession(SEPARATION_MODEL_FILE, 'ink-separation model not used, colour-to-alpha decides what is ink'),
    edge: await loadOptionalSession(EDGE_MODEL_FILE, "edge network not used, the ink-separation model alone places the strokes' edges (and no stray pieces are cleared)"),
    sheet: await loadOptionalSession(SHEET_MODEL_FILE, 'sheet model not used, the classical sheet finder looks'),
  };
  if (backend === 'webgpu') {
    const found = await findGpuAdapter(settings);
    if (!('adapter' in found)) throw new Error(`WebGPU unavailable: ${found.reason}`);
    const { ort, session } = await createSession(bytes, 'webgpu', found.adapter);
    return new OrtInkEngine(ort, session, 'webgpu', helpers);
  }
  const { ort, session } = await createSession(bytes, 'wasm');
  return new OrtInkEngine(ort, session, 'wasm', helpers);
}

async function choose(settings: EngineSettings, onProgress?: ProgressCallback): Promise<PreparedEngine> {
  try {
    await loadModelBytes(onProgress);
  } catch (error) {
    const missing = error instanceof ModelMissingError;
    return {
      status: {
        kind: 'classical',
        reason: missing ? 'no-model' : 'load-failed',
        note: missing ? 'No ink model is deployed: the classical engine labels the ink.' : `The ink model failed to load (${(error as Error).message}): the classical engine labels the ink.`,
      },
    };
  }
  try {
    const wasm = await modelEngine('wasm', settings, onProgress);
    const found = await findGpuAdapter(settings);
    if ('adapter' in found) {
      try {
        const gpu = await modelEngine('webgpu', settings, onProgress);
        if (await gpuPassesSelfCheck(gpu, wasm)) {
          void wasm.release();
          const kind = found.fallback ? 'a software WebGPU adapter (test mode)' : 'WebGPU';
          return { engine: gpu, status: { kind: 'model', backend: 'webgpu', threads: 1, modelName: MODEL_NAME, note: `Model on ${kind}, self-check passed.` } };
        }
        void gpu.release();
        return { engine: wasm, status: wasmStatus('WebGPU failed the self-check') };
      } catch (error) {
        return { engine: wasm, status: wasmStatus(`WebGPU failed (${(error as Error).message})`) };
      }
    }
    return { engine: wasm, status: wasmStatus(found.reason) };
  } catch (error) {
    return { status: { kind: 'classical', reason: 'load-failed', note: `The ink model failed to load (${(error as Error).message}): the classical engine labels the ink.` } };
  }
}

function wasmStatus(why: string): EngineStatus {
  const threads = self.crossOriginIsolated ? Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1)) : 1;
  return { kind: 'model', backend: 'wasm', threads, modelName: MODEL_NAME, note: `Model on WASM (${threads} thread${threads > 1 ? 's' : ''}); ${why}.` };
}

let prepared: { key: string; promise: Promise<PreparedEngine> } | null = null;

/** One engine per worker lifetime and settings; the choice (and the self-check) runs once. */
export function prepareEngine(settings: EngineSettings, onProgress?: ProgressCallback): Promise<PreparedEngine> {
  const key = JSON.stringify(settings);
  if (!prepared || prepared.key !== key) prepared = { key, promise: choose(settings, onProgress) };
  return prepared.promise;
}

const backendEngines = new Map<Backend, Promise<OrtInkEngine>>();
export function engineOn(backend: Backend, settings: EngineSettings): Promise<OrtInkEngine> {
  let engine = backendEngines.get(backend);
  if (!engine) {
    engine = modelEngine(backend, settings);
    backendEngines.set(backend, engine);
  }
  return engine;
}
