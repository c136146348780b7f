import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, FilesResponseSchema } from '../shared/api';
import { sweepExpired } from './maintenance';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
let photo: Buffer;

async function clean(key: string, name?: string): Promise<string> {
  const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo), ...(name ? { name } : {}) }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { uuid: string }).uuid;
}

async function blobKeyOf(uuid: string): Promise<string> {
  const { rows } = await server.inklift.sql.query<{ blob_key: string }>('SELECT blob_key FROM files WHERE uuid = $1', [uuid]);
  return rows[0].blob_key;
}

const post = (pathname: string, key: string | undefined, body: unknown) =>
  server.request(pathname, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(ErrorResponseSchema.parse(await response.json()).error.code).toBe(code);
}

beforeAll(async () => {
  server = await startTestServer();
  photo = await documentPhoto(400, 300);
});
afterAll(async () => server?.close());

describe('GET /api/files', () => {
  it('lists the account’s files as §2.2 records, newest first, and nobody else’s', async () => {
    const alice = await server.account();
    const bob = await server.account();
    const first = await clean(alice.key, 'first');
    const second = await clean(alice.key);
    await clean(bob.key, 'bob’s');
    const response = await server.request('/api/files', { key: alice.key });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['files', 'status']);
    const parsed = FilesResponseSchema.parse(body);
    expect(parsed.files.map((f) => f.uuid)).toEqual([second, first]);
    const record = parsed.files[1];
    expect(Object.keys(record).sort()).toEqual(['created_at', 'expires_at', 'name', 'url', 'uuid']);
    expect(record.name).toBe('first');
    expect(parsed.files[0].name).toBeNull();
    expect(record.url).toBe(`${server.baseUrl}/api/file/${first}`);
    expect(record.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    // Default retention is 30 days.
    const days = (Date.parse(record.expires_at!) - Date.parse(record.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
  });

  it('needs a key', async () => {
    await expectError(await server.request('/api/files'), 401, 'unauthorized');
    await expectError(await server.request('/api/files', { key: 'wrong' }), 401, 'unauthorized');
  });
});

describe('GET /api/account (beyond the spec)', () => {
  it('reports the balance without charging, and needs a key', async () => {
    const { key } = await server.account(9);
    await clean(key);
    for (let i = 0; i < 2; i++) expect(await (await server.request('/api/account', { key })).json()).toEqual({ status: 'ok', remaining: 8, limit: 9 });
    expect((await server.request('/api/account')).status).toBe(401);
  });
});

describe('resolved keys are cached a moment (INKLIFT_KEY_CACHE_MS; on by default only on the embedded database)', () => {
  it('a revocation written behind the server’s back is honoured at once on PostgreSQL, within the cache time on the embedded database; the balance is always current', async () => {
    const { key, id } = await server.account(5);
    expect((await server.request('/api/files', { key })).status).toBe(200);
    // Straight in the database, as another instance would (the embedded database has no other writer:
    // its folder lock keeps the CLI out while the server runs).
    await server.inklift.sql.query('UPDATE accounts SET remaining = 3 WHERE id = $1', [id]);
    expect(await (await server.request('/api/account', { key })).json()).toEqual({ status: 'ok', remaining: 3, limit: 5 });
    await server.inklift.sql.query('UPDATE api_keys SET revoked_at = now() WHERE account_id = $1', [id]);
    if (server.inklift.sql.kind === 'pglite') await new Promise((resolve) => setTimeout(resolve, 1100));
    await expectError(await server.request('/api/files', { key }), 401, 'unauthorized');
  });

  it('an empty balance is refused with 402 at once, even while the key is cached', async () => {
    const { key, id } = await server.account(5);
    expect((await server.request('/api/files', { key })).status).toBe(200);
    await server.inklift.sql.query('UPDATE accounts SET remaining = 0 WHERE id = $1', [id]);
    await expectError(await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) }), 402, 'insufficient_balance');
  });
});

describe('GET /api/file/{uuid}', () => {
  it('serves the WebP without a key, with an ETag and immutable caching; 304 on a match; 404 when unknown', async () => {
    const { key } = await server.account();
    const uuid = await clean(key);
    const response = await server.request(`/api/file/${uuid}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
    const again = await server.request(`/api/file/${uuid}`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    await expectError(await server.request('/api/file/7d0b6c2e-0000-4000-8000-000000000000'), 404, 'not_found');
    await expectError(await server.request('/api/file/not-a-uuid'), 404, 'not_found');
  });
});

describe('POST /api/files/rename', () => {
  it('renames and returns {status, name}; the list shows it', async () => {
    const { key } = await server.account();
    const uuid = await clean(key, 'old');
    const name = 'Подпись директора ✍ '.padEnd(255, 'x');
    const response = await post('/api/files/rename', key, { uuid, name });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', name });
    const list = FilesResponseSchema.parse(await (await server.request('/api/files', { key })).json());
    expect(list.files[0].name).toBe(name);
  });

  it('answers 401, 422 and 404 as §7 says; another account’s file is not found', async () => {
    const owner = await server.account();
    const other = await server.account();
    const uuid = await clean(owner.key, 'mine');
    await expectError(await post('/api/files/rename', undefined, { uuid, name: 'x' }), 401, 'unauthorized');
    await expectError(await post('/api/files/rename', 'ik_bogus', { uuid, name: 'x' }), 401, 'unauthorized');
    await expectError(await post('/api/files/rename', owner.key, { name: 'x' }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid: 'nope', name: 'x' }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid, name: 'x'.repeat(256) }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid, name: 42 }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid, name: '' }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid, name: 'a\u0000b' }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/rename', owner.key, { uuid: crypto.randomUUID(), name: 'x' }), 404, 'not_found');
    await expectError(await post('/api/files/rename', other.key, { uuid, name: 'stolen' }), 404, 'not_found');
    const list = FilesResponseSchema.parse(await (await server.request('/api/files', { key: owner.key })).json());
    expect(list.files[0].name).toBe('mine');
  });

  it('refuses a malformed JSON body with a coded error', async () => {
    const { key } = await server.account();
    const response = await server.request('/api/files/rename', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: '{"uuid":' });
    expect(response.status).toBe(400);
    expect(ErrorResponseSchema.parse(await response.json()).error.code).toBe('invalid_parameter');
  });
});

describe('POST /api/files/delete', () => {
  it('deletes permanently: gone from the list, the download and the disk', async () => {
    const { key } = await server.account();
    const uuid = await clean(key);
    const blobs = server.inklift.blobs;
    expect((await server.request(`/api/file/${uuid}`)).status).toBe(200);
    const blobKey = await blobKeyOf(uuid);
    expect(await blobs.get(blobKey)).not.toBeNull();
    const response = await post('/api/files/delete', key, { uuid });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(FilesResponseSchema.parse(await (await server.request('/api/files', { key })).json()).files).toEqual([]);
    expect((await server.request(`/api/file/${uuid}`)).status).toBe(404);
    expect(await blobs.get(blobKey)).toBeNull();
    await expectError(await post('/api/files/delete', key, { uuid }), 404, 'not_found');
  });

  it('answers 401, 422 and 404; another account cannot delete', async () => {
    const owner = await server.account();
    const other = await server.account();
    const uuid = await clean(owner.key);
    await expectError(await post('/api/files/delete', undefined, { uuid }), 401, 'unauthorized');
    await expectError(await post('/api/files/delete', owner.key, {}), 422, 'invalid_parameter');
    await expectError(await post('/api/files/delete', owner.key, { uuid: '123' }), 422, 'invalid_parameter');
    await expectError(await post('/api/files/delete', other.key, { uuid }), 404, 'not_found');
    expect((await server.request(`/api/file/${uuid}`)).status).toBe(200);
  });
});

describe('retention', () => {
  it('sweeps expired files and their blobs', async () => {
    const { key } = await server.account();
    const uuid = await clean(key);
    await server.inklift.webpFinisher.idle();
    const blobKey = await blobKeyOf(uuid);
    await server.inklift.sql.query("UPDATE files SET expires_at = now() - interval '1 minute' WHERE uuid = $1", [uuid]);
    expect((await server.request(`/api/file/${uuid}`)).status).toBe(404);
    expect(await sweepExpired(server.inklift.sql, server.inklift.blobs)).toBeGreaterThanOrEqual(1);
    expect(await server.inklift.blobs.get(blobKey)).toBeNull();
    const { rows } = await server.inklift.sql.query('SELECT 1 FROM files WHERE uuid = $1', [uuid]);
    expect(rows).toHaveLength(0);
  });

  it('keeps files forever with INKLIFT_RETENTION_DAYS=0 (expires_at null)', async () => {
    const forever = await startTestServer({ retentionDays: 0 });
    try {
      const { key } = await forever.account();
      const response = await forever.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) });
      expect(response.status).toBe(200);
      const list = FilesResponseSchema.parse(await (await forever.request('/api/files', { key })).json());
      expect(list.files[0].expires_at).toBeNull();
    } finally {
      await forever.close();
    }
  });
});

describe('documentation', () => {
  it('serves an OpenAPI document generated from the schemas, and a readable reference', async () => {
    const doc = (await (await server.request('/api/openapi.json')).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/')).sort()).toEqual(['/api/account', '/api/clean', '/api/file/{uuid}', '/api/files', '/api/files/delete', '/api/files/rename']);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/account/'))).toContain('/account/signin');
    const page = await server.request('/api/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('/api/files/rename');
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    await expectError(await server.request('/api/nothing'), 404, 'not_found');
  });
});
