import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesResponseSchema } from '../shared/api';
import { createInklift, type Inklift } from './app';
import { contentEtag } from './blobs/resultKeys';
import { loadConfig, type ServerConfig } from './config';
import { addApiKey, createAccount, newApiKey } from './db/accounts';
import { sweepExpired } from './maintenance';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { startTestS3, type TestS3 } from './testing/s3rver';
import { dropTestDatabase } from './testing/testDatabase';

/**
 * Two server instances sharing one PostgreSQL database and one S3-compatible bucket, on
 * different ports. Needs a PostgreSQL: INKLIFT_TEST_POSTGRES_URL or DATABASE_URL (.ci/run sets it).
 */
const adminUrl = process.env.INKLIFT_TEST_POSTGRES_URL || process.env.DATABASE_URL;
if (!adminUrl) console.log('scale-out suite skipped: it needs PostgreSQL (set INKLIFT_TEST_POSTGRES_URL)');

// Skipped only without a PostgreSQL (a developer's bare `npm test`); .ci/run always provides one, so CI runs it.
describe.skipIf(!adminUrl)('several instances on PostgreSQL + S3', () => {
  const dbName = `inklift_scale_${crypto.randomBytes(5).toString('hex')}`;
  let s3: TestS3;
  let configOf: (dir: string) => ServerConfig;
  const instances: { inklift: Inklift; base: string; dir: string }[] = [];
  let photo: Buffer;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    s3 = await startTestS3();
    const bucket = `inklift-${crypto.randomBytes(4).toString('hex')}`;
    configOf = (dir) => ({ ...loadConfig({}), dataDir: dir, databaseUrl: url.href, s3: s3.settings(bucket), host: '127.0.0.1', port: 0, webRoot: dir, orphanGraceMs: 600_000, processingWorkers: 1 });
    // Both start at once: migrations must take turns under their advisory lock.
    const started = await Promise.all(
      [0, 1].map(async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-scale-'));
        const inklift = await createInklift(configOf(dir), { logger: false });
        await inklift.app.listen({ host: '127.0.0.1', port: 0 });
        const address = inklift.app.server.address() as { port: number };
        return { inklift, base: `http://127.0.0.1:${address.port}`, dir };
      }),
    );
    instances.push(...started);
    photo = await documentPhoto(300, 200);
  });

  afterAll(async () => {
    for (const instance of instances) {
      await instance.inklift.close();
      fs.rmSync(instance.dir, { recursive: true, force: true });
    }
    await s3?.stop();
    await dropTestDatabase(adminUrl!, dbName);
  });

  async function account(limit: number) {
    const key = newApiKey();
    const created = await createAccount(instances[0].inklift.sql, 'scale', limit);
    await addApiKey(instances[0].inklift.sql, created.id, key);
    return key;
  }

  const call = (i: number, pathname: string, key: string, init: RequestInit = {}) =>
    fetch(instances[i].base + pathname, { ...init, headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });

  it('a file cleaned on A is listed, downloaded, renamed and deleted through B', async () => {
    const key = await account(5);
    const created = await call(0, '/api/clean', key, { method: 'POST', body: multipart({ file: fileBlob(photo), name: 'from A' }) });
    expect(created.status).toBe(200);
    const { uuid } = (await created.json()) as { uuid: string };
    const list = FilesResponseSchema.parse(await (await call(1, '/api/files', key)).json());
    expect(list.files.map((f) => [f.uuid, f.name])).toEqual([[uuid, 'from A']]);
    const download = await fetch(`${instances[1].base}/api/file/${uuid}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(8, 12).toString()).toBe('WEBP');
    const json = { 'content-type': 'application/json' };
    expect((await call(1, '/api/files/rename', key, { method: 'POST', headers: json, body: JSON.stringify({ uuid, name: 'renamed on B' }) })).status).toBe(200);
    expect(FilesResponseSchema.parse(await (await call(0, '/api/files', key)).json()).files[0].name).toBe('renamed on B');
    expect((await call(1, '/api/files/delete', key, { method: 'POST', headers: json, body: JSON.stringify({ uuid }) })).status).toBe(200);
    expect((await fetch(`${instances[0].base}/api/file/${uuid}`)).status).toBe(404);
    const { rows } = await instances[0].inklift.sql.query('SELECT 1 FROM files WHERE uuid = $1', [uuid]);
    expect(rows).toHaveLength(0);
    await Promise.all(instances.map(({ inklift }) => inklift.webpFinisher.idle()));
    const left = (await instances[0].inklift.blobs.listOlderThan(new Date(Date.now() + 60_000))).filter((key) => key.startsWith(uuid));
    expect(left).toEqual([]);
  });

  it('a file awaiting its WebP on the instance that cleaned it is downloaded as WebP through the other, which swaps it in', async () => {
    // An instance that makes no background encodes: its json cleans stay recorded with their PNG.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-scale-'));
    const cleaner = await createInklift({ ...configOf(dir), backgroundEncodes: 0 }, { logger: false });
    try {
      await cleaner.app.listen({ host: '127.0.0.1', port: 0 });
      const key = await account(2);
      const created = await fetch(`http://127.0.0.1:${(cleaner.app.server.address() as { port: number }).port}/api/clean`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
        body: multipart({ file: fileBlob(photo) }),
      });
      expect(created.status).toBe(200);
      const { uuid } = (await created.json()) as { uuid: string };
      const blobKeyOf = async () => (await cleaner.sql.query<{ blob_key: string }>('SELECT blob_key FROM files WHERE uuid = $1', [uuid])).rows[0].blob_key;
      expect(await blobKeyOf()).toBe(`${uuid}.png`);

      const [first, second] = await Promise.all(instances.map(({ base }) => fetch(`${base}/api/file/${uuid}`)));
      const bodies = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
      for (const [i, response] of [first, second].entries()) {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        expect(response.headers.get('etag')).toBe(contentEtag(bodies[i]));
      }
      const stored = await blobKeyOf();
      expect(stored).toMatch(/\.webp$/);
      const blobs = (await cleaner.blobs.listOlderThan(new Date(Date.now() + 60_000))).filter((k) => k.startsWith(uuid));
      expect(blobs).toEqual([stored]);
      expect(bodies[0].equals(bodies[1])).toBe(true);
    } finally {
      await cleaner.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('2 × N parallel cleans split across both instances against a balance of K: exactly K succeed', async () => {
    const K = 4;
    const N = 5;
    const key = await account(K);
    const responses = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) => call(i % 2, '/api/clean', key, { method: 'POST', body: multipart({ file: fileBlob(photo) }) })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(K);
    expect(statuses.filter((s) => s === 402)).toHaveLength(2 * N - K);
    expect(FilesResponseSchema.parse(await (await call(1, '/api/files', key)).json()).files).toHaveLength(K);
  });

  it('expiry sweeps on both instances remove each expired file exactly once', async () => {
    const key = await account(6);
    const uuids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await call(i % 2, '/api/clean', key, { method: 'POST', body: multipart({ file: fileBlob(photo) }) });
      uuids.push(((await response.json()) as { uuid: string }).uuid);
    }
    await instances[0].inklift.sql.query("UPDATE files SET expires_at = now() - interval '1 second' WHERE uuid = ANY($1::uuid[])", [uuids]);
    const removed = await Promise.all(instances.map(({ inklift }) => sweepExpired(inklift.sql, inklift.blobs)));
    expect(removed[0] + removed[1]).toBe(6);
    // Background encodes still under way lose their swap and remove their WebP.
    await Promise.all(instances.map(({ inklift }) => inklift.webpFinisher.idle()));
    const left = await instances[1].inklift.blobs.listOlderThan(new Date(Date.now() + 60_000));
    expect(left.filter((blobKey) => uuids.some((uuid) => blobKey.startsWith(uuid)))).toEqual([]);
  });
});
