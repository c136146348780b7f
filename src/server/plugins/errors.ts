import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorCode, ErrorResponse } from '../../shared/api';
import { ApiError } from '../errors';

export function sendError(reply: FastifyReply, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
  const body: ErrorResponse = { status: 'error', error: { code, message, charged: false } };
  return reply.code(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Maps Fastify's and plugins' own errors onto our codes, so every error has the one JSON shape. */
function classify(error: FastifyError): { status: number; code: ErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, code: 'file_too_large', message: 'The request is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'Send multipart/form-data, application/json or application/x-www-form-urlencoded.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 400, code: 'invalid_parameter', message: 'The request body is malformed.' };
  }
  if (error.validation) return { status: 422, code: 'invalid_parameter', message: error.message };
  if (error.statusCode === 429) return { status: 429, code: 'rate_limited', message: 'Too many requests; slow down.' };
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    return { status: error.statusCode && error.statusCode !== 500 ? error.statusCode : 400, code: 'invalid_parameter', message: 'The request is malformed.' };
  }
  return { status: 500, code: 'internal_error', message: 'Something went wrong on our side; nothing was charged.' };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return sendError(reply, error.statusCode, error.code, error.message, error.headers);
    }
    const { status, code, message } = classify(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, status, code, message);
  });
}
