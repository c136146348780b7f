import type { ErrorCode } from '../shared/api';

/** An error the client caused or must know about: it becomes one coded JSON response. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badParameter = (message: string) => new ApiError(422, 'invalid_parameter', message);
export const notFound = (what = 'File') => new ApiError(404, 'not_found', `${what} not found.`);
export const unauthorized = (message = 'A valid API key is required: send "Authorization: Bearer <API_KEY>".') =>
  new ApiError(401, 'unauthorized', message);
export const invalidImage = (message: string) => new ApiError(400, 'invalid_image', message);
export const unsupportedMedia = (message = 'The file is not a PNG, JPG or PDF.') => new ApiError(415, 'unsupported_media_type', message);
export const imageTooLarge = (message: string) => new ApiError(413, 'image_too_large', message);
