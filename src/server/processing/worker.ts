import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import type { Engine } from '../../core';
import { classicalEngine } from '../../core';
import { ApiError } from '../errors';
import { loadModelEngine } from '../model/ortNodeEngine';
import { runTask, type WorkerTask } from './tasks';

export interface WorkerSettings {
  /** 'model' loads the ONNX model (falling back to the classical engine if it cannot); 'classical' skips it. */
  engine: 'model' | 'classical';
  modelPath?: string;
}

const settings = workerData as WorkerSettings;
// Every document is new: libvips' operation cache (by default up to 50 MB and 100 operations,
// process-wide) would only hold memory.
sharp.cache(false);
// One engine per thread, loaded once; a model that fails to load says why and the classical engine takes over.
const engineReady: Promise<Engine> =
  settings.engine === 'classical'
    ? Promise.resolve(classicalEngine)
    : loadModelEngine({ modelPath: settings.modelPath, threads: 1, log: (m) => console.warn(m) }).then((l) => l.engine);
// The pool waits for this before it may terminate the thread (never in the middle of creating a session).
void engineReady.then(() => parentPort!.postMessage({ ready: true }));

/** One processing job at a time, in its own thread, so the HTTP loop never waits on pixels. */
parentPort!.on('message', async (message: { id: number; task: WorkerTask } | { exit: true }) => {
  // Set aside by the pool (its job ran past twice the time limit): end when nothing is left to run.
  if ('exit' in message) return parentPort!.close();
  try {
    const result = await runTask(message.task, await engineReady);
    parentPort!.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    parentPort!.postMessage({
      id: message.id,
      ok: false,
      error: apiError
        ? { statusCode: apiError.statusCode, code: apiError.code, message: apiError.message }
        : { statusCode: 500, code: 'internal_error', message: String((error as Error)?.stack ?? error) },
    });
  }
});
