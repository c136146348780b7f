/** The typed API client: every shape comes from src/shared/api.ts and responses are validated with it. */
import type { z } from 'zod';
import {
  BalanceResponseSchema,
  CleanHeaders,
  parseCropPlacement,
  parseFoundHeaders,
  type CropPlacement,
  DeleteResponseSchema,
  ErrorResponseSchema,
  FilesResponseSchema,
  RenameResponseSchema,
  type CleanParamsInput,
  type DeleteRequest,
  type ErrorCode,
  type FileRecord,
  type RenameRequest,
  type RenameResponse,
} from '../../shared/api';
import { reportNetworkFailure, reportNetworkSuccess } from '../platform/connectivity';

export interface Balance {
  remaining: number;
  limit: number;
}

/** The server answered with its error shape (or an unexpected status). No processing was charged. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'unexpected_response',
    message: string,
    /** From Retry-After on 429/503: how long to wait before trying again. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super(`The server could not be reached (${cause instanceof Error ? cause.message : String(cause)}).`);
    this.name = 'NetworkError';
  }
}

export async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    reportNetworkFailure();
    throw new NetworkError(error);
  }
  reportNetworkSuccess();
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  const parsed = ErrorResponseSchema.safeParse(body);
  const retryAfter = Number(response.headers.get('retry-after'));
  const wait = response.headers.has('retry-after') && Number.isFinite(retryAfter) ? retryAfter : null;
  if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, wait);
  throw new ApiError(response.status, 'unexpected_response', `The server answered ${response.status} ${response.statusText}.`);
}

export async function json<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new ApiError(response.status, 'unexpected_response', 'The server sent a response this app does not understand.');
  return parsed.data;
}

const auth = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

export interface ServerCleanRequest {
  apiKey: string;
  file?: Blob;
  fileName?: string;
  params: Omit<CleanParamsInput, 'type'> & { type: 'png' | 'webp' };
  signal?: AbortSignal;
}

export interface ServerCleanResult {
  blob: Blob;
  uuid: string | null;
  balance: Balance | null;
  engine: string | null;
  /** With crop=1: where the server cropped, in the decoded input. */
  crop: CropPlacement | null;
  /** What the result holds (X-Inklift-Found-Items, X-Inklift-Kept-Ink-Share); null from a server that does not say. */
  found: { items: number; keptInkShare: number } | null;
  /** X-Credits-Charged: 1, or 0 when an extraction found nothing; null when absent. */
  charged: number | null;
  /** X-Inklift-Flattened with flatten=1: whether the result was straightened to the photo's sheet; null when not asked or not said. */
  flattened: boolean | null;
}

function balanceFrom(headers: Headers): Balance | null {
  const remaining = Number(headers.get(CleanHeaders.remaining));
  const limit = Number(headers.get(CleanHeaders.limit));
  return headers.has(CleanHeaders.remaining) && Number.isFinite(remaining) && Number.isFinite(limit) ? { remaining, limit } : null;
}

/** POST /api/clean with a binary result type: the image itself, its stored uuid and the balance from the headers. */
export async function cleanOnServer(request: ServerCleanRequest): Promise<ServerCleanResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(request.params)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  if (request.file) form.append('file', request.file, request.fileName ?? 'document');
  const response = await send('/api/clean', { method: 'POST', headers: auth(request.apiKey), body: form, signal: request.signal });
  return {
    blob: await response.blob(),
    uuid: response.headers.get(CleanHeaders.fileUuid),
    balance: balanceFrom(response.headers),
    engine: response.headers.get(CleanHeaders.engine),
    // A straightened result's crop lies in the sheet, not in the input: it cannot be placed over the original.
    crop: response.headers.get(CleanHeaders.flattened) === '1' ? null : parseCropPlacement(response.headers.get(CleanHeaders.crop), response.headers.get(CleanHeaders.sourceSize)),
    found: parseFoundHeaders(response.headers.get(CleanHeaders.foundItems), response.headers.get(CleanHeaders.keptInkShare)),
    flattened: /^[01]$/.test(response.headers.get(CleanHeaders.flattened) ?? '') ? response.headers.get(CleanHeaders.flattened) === '1' : null,
    charged: /^[01]$/.test(response.headers.get(CleanHeaders.charged) ?? '') ? Number(response.headers.get(CleanHeaders.charged)) : null,
  };
}

/** GET /api/account: the key's balance without spending a processing. */
export async function fetchBalance(apiKey: string, signal?: AbortSignal): Promise<Balance> {
  const response = await send('/api/account', { headers: auth(apiKey), signal });
  const { remaining, limit } = await json(response, BalanceResponseSchema);
  return { remaining, limit };
}

export async function listFiles(apiKey: string, signal?: AbortSignal): Promise<FileRecord[]> {
  const response = await send('/api/files', { headers: auth(apiKey), signal });
  return (await json(response, FilesResponseSchema)).files;
}

export async function renameFile(apiKey: string, body: RenameRequest): Promise<RenameResponse> {
  const response = await send('/api/files/rename', { method: 'POST', headers: { ...auth(apiKey), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return json(response, RenameResponseSchema);
}

export async function deleteFile(apiKey: string, body: DeleteRequest): Promise<void> {
  const response = await send('/api/files/delete', { method: 'POST', headers: { ...auth(apiKey), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await json(response, DeleteResponseSchema);
}

export interface AppConfig {
  demoKey: string | null;
}

export async function fetchAppConfig(): Promise<AppConfig> {
  const response = await send('/api/app-config', {});
  const body = (await response.json()) as Partial<AppConfig>;
  return { demoKey: typeof body.demoKey === 'string' && body.demoKey ? body.demoKey : null };
}

/** A readable sentence for any error of the client. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (${error.code}; nothing was charged)`;
  if (error instanceof Error) return error.message;
  return String(error);
}
