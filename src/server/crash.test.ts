import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import { freePort } from './testing/freePort';

/** The real server as its own process, killed with SIGKILL in the middle of cleans, then restarted. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-crash-'));
const KEY = 'ik_crash_test_key_0123456789abcdef';
const LIMIT = 40;
let child: ChildProcess | null = null;

async function startServer(port: number, env: Record<string, string> = {}): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', INKLIFT_DATA_DIR: dataDir, INKLIFT_DEMO_KEY: KEY, INKLIFT_DEMO_LIMIT: String(LIMIT), LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function stopServer(signal: NodeJS.Signals) {
  const proc = child!;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill(signal);
  await exited;
  child = null;
}

afterAll(async () => {
  if (child) await stopServer('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('after SIGKILL during cleans and a restart: every charge has its file, every file its record, no orphan blob', { timeout: 180_000 }, async () => {
    const photo = fileBlob(await documentPhoto(1600, 1200));
    const port = await freePort();
    for (const delay of [150, 400, 900]) {
      await startServer(port);
      const inflight = Array.from({ length: 4 }, () =>
        fetch(`http://127.0.0.1:${port}/api/clean`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: multipart({ file: photo }) }).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, delay));
      await stopServer('SIGKILL');
      await Promise.all(inflight);
    }
    // The restart runs the start-up sweep; then stop cleanly and inspect the state directly.
    await startServer(port);
    const listed = (await (await fetch(`http://127.0.0.1:${port}/api/files`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as { files: { uuid: string }[] };
    await stopServer('SIGTERM');

    const sql = await openDatabase({ dataDir, databaseUrl: null });
    try {
      const { rows: accounts } = await sql.query<{ balance_limit: number; remaining: number }>('SELECT balance_limit, remaining FROM accounts');
      const { rows: files } = await sql.query<{ uuid: string; blob_key: string }>('SELECT uuid, blob_key FROM files');
      expect(accounts).toHaveLength(1);
      expect(Number(accounts[0].balance_limit) - Number(accounts[0].remaining)).toBe(files.length);
      expect(listed.files.map((f) => f.uuid).sort()).toEqual(files.map((f) => f.uuid).sort());
      const blobs = fs.readdirSync(path.join(dataDir, 'blobs')).sort();
      expect(blobs).toEqual(files.map((f) => f.blob_key).sort());
    } finally {
      await sql.close();
    }
  });

  it('files killed while awaiting their WebP get it at the restart, without a download', { timeout: 120_000 }, async () => {
    const photo = fileBlob(await documentPhoto(1600, 1200));
    const port = await freePort();
    // No background encodes: the json and png cleans leave their files recorded with the PNG, as a kill right after the response does.
    await startServer(port, { INKLIFT_BACKGROUND_ENCODES: '0' });
    const uuids: string[] = [];
    for (const type of ['json', 'png']) {
      const response = await fetch(`http://127.0.0.1:${port}/api/clean`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: multipart({ file: photo, type }) });
      expect(response.status).toBe(200);
      uuids.push(response.headers.get('x-file-uuid')!);
    }
    const blobsDir = path.join(dataDir, 'blobs');
    for (const uuid of uuids) expect(fs.existsSync(path.join(blobsDir, `${uuid}.png`))).toBe(true);
    await stopServer('SIGKILL');

    await startServer(port);
    const deadline = Date.now() + 60_000;
    while (uuids.some((uuid) => fs.existsSync(path.join(blobsDir, `${uuid}.png`))) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    for (const uuid of uuids) {
      const download = await fetch(`http://127.0.0.1:${port}/api/file/${uuid}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/webp');
      await download.arrayBuffer();
    }
    await stopServer('SIGTERM');

    const sql = await openDatabase({ dataDir, databaseUrl: null });
    try {
      const { rows: files } = await sql.query<{ uuid: string; blob_key: string }>('SELECT uuid, blob_key FROM files WHERE uuid = ANY($1::uuid[])', [uuids]);
      expect(files).toHaveLength(2);
      for (const file of files) expect(file.blob_key).toMatch(new RegExp(`^${file.uuid}\\.[0-9a-f]{12}\\.webp$`));
      const { rows: all } = await sql.query<{ blob_key: string }>('SELECT blob_key FROM files');
      expect(fs.readdirSync(blobsDir).sort()).toEqual(all.map((f) => f.blob_key).sort());
    } finally {
      await sql.close();
    }
  });
});
