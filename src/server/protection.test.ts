import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema, FilesResponseSchema } from '../shared/api';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer({ corsOrigins: ['https://app.example'] });
  photo = await documentPhoto(400, 300);
});
afterAll(async () => server?.close());

async function clean(key: string): Promise<string> {
  const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { uuid: string }).uuid;
}

const postJson = (pathname: string, key: string, body: unknown) =>
  server.request(pathname, { method: 'POST', key, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('races on one file', () => {
  it('parallel renames and deletes: exactly one delete wins, the file is gone, nothing duplicated', async () => {
    const { key } = await server.account();
    const uuid = await clean(key);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => postJson('/api/files/rename', key, { uuid, name: `name ${i}` })),
      ...Array.from({ length: 4 }, () => postJson('/api/files/delete', key, { uuid })),
    ]);
    const deletes = results.slice(6).map((r) => r.status);
    expect(deletes.filter((s) => s === 200)).toHaveLength(1);
    expect(deletes.filter((s) => s === 404)).toHaveLength(3);
    for (const r of results.slice(0, 6)) expect([200, 404]).toContain(r.status);
    const list = FilesResponseSchema.parse(await (await server.request('/api/files', { key })).json());
    expect(list.files).toEqual([]);
  });

  it('a download racing a delete gets either the whole file or a 404', async () => {
    const { key } = await server.account();
    const uuid = await clean(key);
    const downloads = Array.from({ length: 10 }, () => server.request(`/api/file/${uuid}`));
    const deletion = postJson('/api/files/delete', key, { uuid });
    const [deleted, ...got] = await Promise.all([deletion, ...downloads]);
    expect(deleted.status).toBe(200);
    for (const response of got) {
      expect([200, 404]).toContain(response.status);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status === 200) expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
    }
    expect((await server.request(`/api/file/${uuid}`)).status).toBe(404);
  });
});

describe('processing queue', () => {
  it('answers 503 with Retry-After when all threads are busy and the queue is full, charging nothing', async () => {
    const tight = await startTestServer({ processingWorkers: 1, processingQueue: 0 });
    try {
      const { key, id } = await tight.account(10);
      const big = fileBlob(await documentPhoto(2400, 1800));
      const responses = await Promise.all(Array.from({ length: 4 }, () => tight.request('/api/clean', { method: 'POST', key, body: multipart({ file: big }) })));
      const busy = responses.filter((r) => r.status === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(busy[0].headers.get('retry-after')).toMatch(/^\d+$/);
      expect(ErrorResponseSchema.parse(await busy[0].json()).error.code).toBe('busy');
      const succeeded = responses.filter((r) => r.status === 200).length;
      const { rows } = await tight.inklift.sql.query<{ remaining: number }>('SELECT remaining FROM accounts WHERE id = $1', [id]);
      expect(10 - Number(rows[0].remaining)).toBe(succeeded);
    } finally {
      await tight.close();
    }
  });
});

describe('processing time limit', () => {
  it('answers 422 at the limit, charging nothing; the thread is not killed in the middle of a native call (that can abort the whole process) and comes back', async () => {
    const limitMs = 1500;
    const slow = await startTestServer({ processingWorkers: 1, processingTimeoutMs: limitMs });
    try {
      const { key, id } = await slow.account(10);
      const big = fileBlob(await documentPhoto(2400, 1800));
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const response = await slow.request('/api/clean', { method: 'POST', key, body: multipart({ file: big }) });
        if (response.status === 200) continue; // a quiet machine may finish within the limit
        expect(response.status).toBe(422);
        expect(ErrorResponseSchema.parse(await response.json()).error.code).toBe('processing_timeout');
        // Queued behind the previous overdue job at most: never much past two limits.
        expect(Date.now() - started).toBeLessThan(2 * limitMs + 2000);
      }
      for (let i = 0; i < 600 && (await (await slow.request('/api/health')).json()).processing.busy > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await (await slow.request('/api/health')).json()).toMatchObject({ status: 'ok', processing: { busy: 0, waiting: 0, workers: 1 } });
      const { rows } = await slow.inklift.sql.query<{ remaining: number }>('SELECT remaining FROM accounts WHERE id = $1', [id]);
      const stored = FilesResponseSchema.parse(await (await slow.request('/api/files', { key })).json()).files.length;
      expect(10 - Number(rows[0].remaining)).toBe(stored);
    } finally {
      await slow.close();
    }
  });
});

describe('a thread twice past the time limit', () => {
  it('is set aside for a fresh thread and ends only when its job comes back: the server stays up, charges nothing for it and keeps serving', async () => {
    const limitMs = 250;
    const slow = await startTestServer({ processingWorkers: 1, processingTimeoutMs: limitMs });
    try {
      const { key, id } = await slow.account(10);
      // A 4-MP photo takes far longer than two limits here, much of it in sharp and onnxruntime-node.
      const response = await slow.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(await documentPhoto(2400, 1800)) }) });
      expect(response.status).toBe(422);
      let health = await (await slow.request('/api/health')).json();
      for (let i = 0; i < 50 && health.processing.setAside === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        health = await (await slow.request('/api/health')).json();
      }
      expect(health.processing).toMatchObject({ workers: 1, setAside: 1 });
      for (let i = 0; i < 600 && health.processing.setAside > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        health = await (await slow.request('/api/health')).json();
      }
      expect(health).toMatchObject({ status: 'ok', processing: { busy: 0, waiting: 0, workers: 1, setAside: 0 } });
      const { rows } = await slow.inklift.sql.query<{ remaining: number }>('SELECT remaining FROM accounts WHERE id = $1', [id]);
      expect(Number(rows[0].remaining)).toBe(10);
      // The fresh thread answers (within the limit or past it: either way a coded answer, never a dead server).
      const next = await slow.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(photo) }) });
      expect([200, 422]).toContain(next.status);
      // Closing waits two limits for a running job; let this one come back first (on its thread or set aside).
      const running = async () => {
        const { processing } = await (await slow.request('/api/health')).json();
        return processing.busy + processing.setAside > 0;
      };
      for (let i = 0; i < 600 && (await running()); i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await slow.close();
    }
  });
});

describe('headers', () => {
  it('sends security headers and CORS only to configured origins', async () => {
    const plain = await server.request('/api/health');
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    expect(plain.headers.get('x-frame-options')).toBe('DENY');
    expect(plain.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    const allowed = await server.request('/api/files', { method: 'OPTIONS', headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
    const other = await server.request('/api/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('logging', () => {
  it('never writes an API key to the log', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    // The server's own logger configuration, pointed at a sink we can read.
    const { createInklift } = await import('./app');
    const { loadConfig } = await import('./config');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-log-'));
    const inklift = await createInklift({ ...loadConfig({}), dataDir, logLevel: 'trace', webRoot: dataDir, demoKey: 'ik_secret_key_that_must_not_leak_42' }, { logStream: sink });
    try {
      await inklift.app.inject({ method: 'GET', url: '/api/files', headers: { authorization: 'Bearer ik_secret_key_that_must_not_leak_42' } });
      await inklift.app.inject({ method: 'GET', url: '/api/files', headers: { authorization: 'Bearer ik_wrong_key_also_secret_77' } });
      await inklift.app.inject({ method: 'POST', url: '/api/files/rename', headers: { authorization: 'Bearer ik_secret_key_that_must_not_leak_42' }, payload: { uuid: 'x' } });
      expect(lines.length).toBeGreaterThan(0);
      const log = lines.join('');
      expect(log).not.toContain('ik_secret_key_that_must_not_leak_42');
      expect(log).not.toContain('ik_wrong_key_also_secret_77');
    } finally {
      await inklift.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

