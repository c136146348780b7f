import { parentPort } from 'node:worker_threads';
import { ApiError } from '../errors';
import { processDocument, type ProcessRequest } from './processDocument';

/** One processing job at a time, in its own thread, so the HTTP loop never waits on pixels. */
parentPort!.on('message', async (message: { id: number; request: ProcessRequest }) => {
  try {
    const result = await processDocument(message.request);
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
