import { z } from 'zod';
import {
  BalanceResponseSchema,
  CleanParamsSchema,
  CleanResponseSchema,
  DeleteRequestSchema,
  DeleteResponseSchema,
  ErrorResponseSchema,
  FilesResponseSchema,
  RenameRequestSchema,
  RenameResponseSchema,
} from '../shared/api';
import { ChangePasswordSchema, CreatedKeySchema, CreateKeySchema, CredentialsSchema, KeysSchema, MeSchema, RevokeKeySchema, SignInSchema, UsageSchema } from '../shared/account';

const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [String(code), { description: ERROR_TEXT[code], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }]),
  );

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request, missing input, unreadable image, or a forbidden URL (invalid_parameter, missing_input, invalid_image, url_forbidden)',
  401: 'Missing, invalid or revoked API key (unauthorized)',
  402: 'The balance is exhausted (insufficient_balance); nothing was charged',
  403: 'Missing or wrong CSRF token (forbidden)',
  404: 'File not found, or it belongs to another account (not_found)',
  413: 'File larger than the upload limit, or image larger than the pixel limit or longer than 16 383 pixels a side, the most a stored WebP holds (file_too_large, image_too_large)',
  415: 'Not a PNG, JPG or PDF (unsupported_media_type)',
  422: 'A parameter is invalid (invalid_parameter), or processing hit its time limit (processing_timeout)',
  429: 'Rate limited (rate_limited); see Retry-After',
  502: 'The URL could not be fetched (url_fetch_failed)',
  503: 'Processing queue full (busy); see Retry-After',
  504: 'The URL did not answer in time (url_timeout)',
};

const bearer = [{ bearer: [] }];
const session = [{ session: [] }];
const ACCOUNT_TAG = ['Account (web app, beside the API)'];

const json = (s: z.ZodType) => ({ content: { 'application/json': { schema: schema(s, 'input') } } });
const accountOp = (summary: string, opts: { body?: z.ZodType; response?: z.ZodType; csrf?: boolean; signedIn?: boolean; errors?: number[] }) => ({
  tags: ACCOUNT_TAG,
  summary: opts.csrf ? `${summary} Requires the X-CSRF-Token header.` : summary,
  ...(opts.signedIn === false ? {} : { security: session }),
  ...(opts.body ? { requestBody: { required: true, ...json(opts.body) } } : {}),
  responses: {
    '200': { description: 'OK', ...(opts.response ? { content: { 'application/json': { schema: schema(opts.response) } } } : {}) },
    ...errors(...(opts.errors ?? [401])),
  },
});

/** The OpenAPI document, built from the same zod schemas that validate requests. */
export function buildOpenApi(serverUrl: string) {
  const cleanParams = schema(CleanParamsSchema, 'input') as { properties: Record<string, unknown> };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inklift API',
      version: '1',
      description:
        'Transparent ink from paper documents. Every error has the body {"status":"error","error":{"code","message","charged":false}}; a failed request is never charged.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'API key' },
        session: { type: 'apiKey', in: 'cookie', name: 'inklift_session', description: 'Web app session (HttpOnly, SameSite=Strict)' },
      },
      schemas: { Error: schema(ErrorResponseSchema) },
    },
    paths: {
      '/account/signup': { post: { ...accountOp('Create an account (the same 202 answer whether or not the email is taken).', { body: CredentialsSchema, signedIn: false, errors: [422] }), responses: { '202': { description: 'Accepted' }, ...errors(422) } } },
      '/account/signin': { post: accountOp('Sign in; sets the session cookie and returns the CSRF token.', { body: SignInSchema, signedIn: false, errors: [401, 422, 429] }) },
      '/account/signout': { post: accountOp('Sign out.', { csrf: true, errors: [401, 403] }) },
      '/account/password': { post: accountOp('Change the password; other sessions end.', { body: ChangePasswordSchema, csrf: true, errors: [401, 403, 422] }) },
      '/account/me': { get: accountOp('The signed-in account: email, limit, remaining, CSRF token.', { response: MeSchema }) },
      '/account/keys': {
        get: accountOp('The account’s API keys (name, prefix, created, last used, revoked).', { response: KeysSchema }),
        post: accountOp('Create a named key; its secret is shown only in this response.', { body: CreateKeySchema, response: CreatedKeySchema, csrf: true, errors: [401, 403, 422] }),
      },
      '/account/keys/revoke': { post: accountOp('Revoke a key: every API endpoint answers 401 for it at once.', { body: RevokeKeySchema, csrf: true, errors: [401, 403, 404, 422] }) },
      '/account/usage': { get: accountOp('Balance and the ledger of charged processings (sums to limit − remaining).', { response: UsageSchema }) },
      '/api/clean': {
        post: {
          summary:
            'Remove the paper (and optionally everything but the signature or stamp); costs 1 processing on success, none when extract=signature|stamp finds nothing (X-Inklift-Found-Items: 0, X-Credits-Charged: 0; still stored)',
          security: bearer,
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'PNG, JPG or PDF (page one)' }, ...cleanParams.properties } },
              },
              'application/json': { schema: cleanParams },
              'application/x-www-form-urlencoded': { schema: cleanParams },
            },
          },
          responses: {
            '200': {
              description:
                'The result. Headers X-File-Uuid, X-Remaining, X-Limit, X-Credits-Charged (1, or 0 when nothing was found), X-Inklift-Engine, X-Inklift-Source-Size, X-Inklift-Found-Items, X-Inklift-Kept-Ink-Share and X-Inklift-Sheet are set for every type; X-Inklift-Crop with crop=1 (in the straightened sheet when flattened); X-Inklift-Flattened with flatten=1; Server-Timing (upload, account, process = queue + decode + clean + webp/png, store, db, total; milliseconds) on every result. The JSON adds `found` to the specification’s fields.',
              headers: {
                'X-Credits-Charged': { description: '1; 0 when extract=signature|stamp found nothing (not charged)', schema: { type: 'string', enum: ['0', '1'] } },
                'X-Inklift-Sheet': {
                  description: 'The document sheet found in a photo: its corners in the input, x0,y0,x1,y1,x2,y2,x3,y3 clockwise from its top-left (may lie outside the frame); none for a flat scan or a tight crop. Off the sheet the result is transparent.',
                  schema: { type: 'string' },
                },
                'X-Inklift-Flattened': {
                  description: 'With flatten=1: 1 when the result was straightened to the sheet’s rectangle, 0 when no sheet was found (the result is then the unflattened one).',
                  schema: { type: 'string', enum: ['0', '1'] },
                },
                'X-Inklift-Found-Items': {
                  description: 'Items of kept ink in the result: groups of solid ink (alpha ≥ 128) at least 1.5% of the page’s long side across; specks and stray glyphs are not items. 0 with extract = nothing found.',
                  schema: { type: 'integer', minimum: 0 },
                },
                'X-Inklift-Kept-Ink-Share': {
                  description: 'Kept solid ink over all solid ink of the page, 0.0000–1.0000 (0 on a page without ink).',
                  schema: { type: 'string', pattern: '^[01]\\.\\d{4}$' },
                },
              },
              content: {
                'application/json': { schema: schema(CleanResponseSchema) },
                'image/webp': { schema: { type: 'string', format: 'binary' } },
                'image/png': { schema: { type: 'string', format: 'binary' } },
              },
            },
            ...errors(400, 401, 402, 413, 415, 422, 429, 502, 503, 504),
          },
        },
      },
      '/api/file/{uuid}': {
        get: {
          summary: 'Download a stored result (WebP). The uuid is an unguessable capability: no key needed.',
          parameters: [{ name: 'uuid', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
          responses: {
            '200': {
              description: 'The WebP file; ETag and immutable caching. Right after a json or png clean it may first wait for the WebP being made (about 0.1 s at 12 MP, up to 0.6 s when much of the image is kept).',
              content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
            },
            '304': { description: 'Not modified (If-None-Match)' },
            ...errors(404, 503),
          },
        },
      },
      '/api/files': {
        get: {
          summary: 'List the current account’s stored files, newest first',
          security: bearer,
          responses: { '200': { description: 'Files', content: { 'application/json': { schema: schema(FilesResponseSchema) } } }, ...errors(401, 429) },
        },
      },
      '/api/account': {
        get: {
          summary: 'Beyond the spec: the balance (remaining, limit) of the key’s account, free of charge',
          security: bearer,
          responses: { '200': { description: 'Balance', content: { 'application/json': { schema: schema(BalanceResponseSchema) } } }, ...errors(401, 429) },
        },
      },
      '/api/files/delete': {
        post: {
          summary: 'Delete a file permanently',
          security: bearer,
          requestBody: { required: true, content: { 'application/json': { schema: schema(DeleteRequestSchema, 'input') } } },
          responses: { '200': { description: 'Deleted', content: { 'application/json': { schema: schema(DeleteResponseSchema) } } }, ...errors(401, 404, 422, 429) },
        },
      },
      '/api/files/rename': {
        post: {
          summary: 'Rename a file (up to 255 characters)',
          security: bearer,
          requestBody: { required: true, content: { 'application/json': { schema: schema(RenameRequestSchema, 'input') } } },
          responses: { '200': { description: 'Renamed', content: { 'application/json': { schema: schema(RenameResponseSchema) } } }, ...errors(401, 404, 422, 429) },
        },
      },
    },
  };
}
