import type { Engine } from '../../core';
import { webpFromPng } from '../imaging/encode';
import { processDocument, type ProcessRequest, type ProcessResult } from './processDocument';

/** The jobs a processing thread runs: a whole clean, or the stored WebP made from a result's PNG. */
export type WorkerTask = { kind: 'clean'; request: ProcessRequest } | { kind: 'webpFromPng'; png: Uint8Array };

export type WorkerTaskResult = ProcessResult | Uint8Array;

export function runTask(task: WorkerTask, engine: Engine): Promise<WorkerTaskResult> {
  return task.kind === 'clean' ? processDocument(task.request, engine) : webpFromPng(task.png);
}
