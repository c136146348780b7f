/** The engines the eval and the bench compare: classical (src/core) and the ONNX model (src/server/model). */
import { existsSync, statSync } from 'node:fs';
import { classicalEngine, type Engine } from '../core';
import { DEFAULT_MODEL_PATH, loadModelEngine } from '../server/model/ortNodeEngine';

export type EngineChoice = 'classical' | 'model' | 'both';

export interface EngineSlot {
  label: 'classical' | 'model';
  engine: Engine | null;
  /** Why the engine is unavailable (model file missing or failed to load). */
  reason?: string;
}

export function isEngineChoice(value: string): value is EngineChoice {
  return value === 'classical' || value === 'model' || value === 'both';
}

export function modelFile(path = process.env.INKLIFT_MODEL_PATH ?? DEFAULT_MODEL_PATH): { path: string; bytes: number } | null {
  return existsSync(path) ? { path, bytes: statSync(path).size } : null;
}

export async function loadModel(threads: number): Promise<EngineSlot> {
  const file = modelFile();
  if (!file) return { label: 'model', engine: null, reason: `no model at ${process.env.INKLIFT_MODEL_PATH ?? DEFAULT_MODEL_PATH}` };
  let reason: string | undefined;
  const loaded = await loadModelEngine({ modelPath: file.path, threads, log: (m) => (reason = m) });
  return loaded.kind === 'model' ? { label: 'model', engine: loaded.engine } : { label: 'model', engine: null, reason: loaded.reason ?? reason };
}

export async function loadEngines(choice: EngineChoice, threads: number): Promise<EngineSlot[]> {
  const slots: EngineSlot[] = [];
  if (choice !== 'model') slots.push({ label: 'classical', engine: classicalEngine });
  if (choice !== 'classical') slots.push(await loadModel(threads));
  return slots;
}
