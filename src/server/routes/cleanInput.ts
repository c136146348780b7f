import type { FastifyRequest } from 'fastify';
import type { CleanOptions } from '../../core';
import { CleanParamsSchema, type CleanParams } from '../../shared/api';
import { ApiError, badParameter } from '../errors';

export interface CleanInput {
  params: CleanParams;
  options: CleanOptions;
  file: Buffer | null;
}

const KNOWN_FIELDS = new Set(['url', 'type', 'extract', 'aggressive', 'mode', 'name', 'crop', 'flatten', 'ink']);

/**
 * Gathers the parameters of /api/clean from a multipart form (fields and the `file` part, in any
 * order), a JSON body or a urlencoded form; query-string parameters fill in what the body lacks.
 */
export async function readCleanInput(request: FastifyRequest, maxBytes: number): Promise<CleanInput> {
  const fields: Record<string, unknown> = {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) if (KNOWN_FIELDS.has(key)) fields[key] = value;

  let file: Buffer | null = null;
  if (request.isMultipart()) {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badParameter(`Unexpected file field "${part.fieldname}": send the document as "file".`);
        }
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
      } else if (KNOWN_FIELDS.has(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } else if (request.body && typeof request.body === 'object') {
    for (const [key, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (KNOWN_FIELDS.has(key)) fields[key] = typeof value === 'number' ? String(value) : value;
    }
  }

  const parsed = CleanParamsSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badParameter(`${issue.path.join('.') || 'parameters'}: ${issue.message}`);
  }
  const params = parsed.data;
  if (file && params.url) throw badParameter('Send either file or url, not both.');
  if (!file && !params.url) throw new ApiError(400, 'missing_input', 'Send the document as a multipart "file" or give its "url".');
  if (file && file.length === 0) throw new ApiError(400, 'invalid_image', 'The uploaded file is empty.');

  return { params, options: cleanOptionsFrom(params), file };
}

/** The pipeline's options for validated parameters (also the local command line's, src/server/cli/inklift.ts). */
export function cleanOptionsFrom(params: Pick<CleanParams, 'mode' | 'extract' | 'aggressive' | 'crop' | 'flatten' | 'ink'>): CleanOptions {
  // extract and aggressive are advanced-mode choices: asking for them selects advanced (docs/api.md).
  const wantsAdvanced = params.extract !== '' || params.aggressive;
  const mode = wantsAdvanced ? 'advanced' : (params.mode ?? 'standard');
  return { mode, extract: params.extract, aggressive: params.aggressive, crop: params.crop, flatten: params.flatten, ink: params.ink };
}

export const tooLarge = (maxBytes: number) =>
  new ApiError(413, 'file_too_large', `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`);
