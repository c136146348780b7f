/** Fetches the ink models from our origin with download progress; tells "no model deployed" from "broken". */
import type { ProgressCallback } from './protocol';

export const MODEL_FILE = 'inkseg.onnx';
/** The ink-separation model (the learned ink/paper decision); optional: without it colour-to-alpha decides. */
export const SEPARATION_MODEL_FILE = 'inksep.onnx';
/** The edge network (decides again a flat page's least sure edge pixels); optional, used with the ink-separation model. */
export const EDGE_MODEL_FILE = 'inkedge.onnx';
/** The sheet model (finds the sheet in a photo); optional: without it the classical sheet finder looks. */
export const SHEET_MODEL_FILE = 'sheet.onnx';
/** Written by the build (vite.config.ts): which models are deployed. */
const MODEL_INDEX_URL = '/models/index.json';

export class ModelMissingError extends Error {}

/** ONNX files are protobuf ModelProto: the first field is ir_version (tag 0x08). */
function looksLikeOnnx(bytes: Uint8Array): boolean {
  return bytes.length > 16 && bytes[0] === 0x08;
}

async function modelListed(file: string): Promise<boolean> {
  try {
    const response = await fetch(MODEL_INDEX_URL);
    if (!response.ok) return true; // No index (older build): try the model itself.
    const index = (await response.json()) as { models?: string[] };
    return Array.isArray(index.models) ? index.models.includes(file) : true;
  } catch {
    return true;
  }
}

export async function fetchModel(onProgress?: ProgressCallback, file = MODEL_FILE): Promise<Uint8Array> {
  if (!(await modelListed(file))) throw new ModelMissingError('No model file is deployed.');
  let response: Response;
  try {
    response = await fetch(`/models/${file}`);
  } catch (error) {
    throw new ModelMissingError(`The model could not be fetched (${(error as Error).message}).`);
  }
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 404 || type.includes('text/html') || type.includes('json')) {
    throw new ModelMissingError('No model file is deployed.');
  }
  if (!response.ok || !response.body) throw new Error(`The model download failed (HTTP ${response.status}).`);
  const total = Number(response.headers.get('content-length')) || 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress?.({ stage: 'download', loaded, total, fraction: total ? loaded / total : undefined });
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  if (!looksLikeOnnx(bytes)) throw new Error('The model file is not an ONNX model.');
  return bytes;
}
