/**
 * The API target: the real server (src/server/main.ts, as `npm start` runs it) in its own process on
 * loopback, on the embedded default database in a temporary data folder (created by a first start,
 * then measured on a restarted server, as in service), with its default engine (the ink model when
 * models/inkseg.onnx loads). Each bench input is uploaded as multipart to POST /api/clean with the
 * default options, for type=json, png and webp; the round trip is timed from sending the request to
 * the last byte of the response. The server's own split (its `Server-Timing` header: upload, queue,
 * decode, clean, encode, store, db) is reported as medians under each type's round trip.
 * Those requests go back to back, so a json or png clean runs beside the previous one's stored-WebP
 * encode (made after the response). A last sequence is one user's: type=json, then GET /api/file of
 * the result (which waits for its WebP), then the next clean.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseServerTiming } from '../../server/routes/serverTiming';
import { freePort } from '../../server/testing/freePort';
import { StageSamples } from './stats';
import type { BenchInput, BenchResult, BenchSettings, BenchTarget } from './types';

const KEY = 'ik_bench_api_key_0000000000000000000';
const TYPES = ['json', 'png', 'webp'] as const;
const WARM_UP_JOBS_PER_THREAD = 6;

function startServer(port: number, dataDir: string): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      INKLIFT_DATA_DIR: dataDir,
      INKLIFT_WEB_ROOT: path.join(dataDir, 'no-web-build'),
      INKLIFT_DEMO_KEY: KEY,
      INKLIFT_DEMO_LIMIT: '1000000',
      INKLIFT_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return { child, stderr: () => stderr };
}

async function untilHealthy(base: string, server: { child: ChildProcess; stderr: () => string }): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}): ${server.stderr()}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start within 120 s: ${server.stderr()}`);
}

const stopServer = (child: ChildProcess) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

interface RoundTrip {
  ms: number;
  serverTiming: Record<string, number>;
  engine: string;
  bytes: number;
  uuid: string;
}

async function cleanOnce(base: string, input: BenchInput, type: (typeof TYPES)[number]): Promise<RoundTrip> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([input.bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'photo.jpg');
  const t0 = performance.now();
  const response = await fetch(`${base}/api/clean`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: form });
  const body = await response.arrayBuffer();
  const ms = performance.now() - t0;
  if (!response.ok) throw new Error(`POST /api/clean type=${type}: ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  return {
    ms,
    serverTiming: parseServerTiming(response.headers.get('server-timing')),
    engine: response.headers.get('x-inklift-engine') ?? '?',
    bytes: body.byteLength,
    uuid: response.headers.get('x-file-uuid') ?? '',
  };
}

/** Milliseconds to the last byte of the stored file (the WebP; waits for it when it is still being made). */
async function downloadOnce(base: string, uuid: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(`${base}/api/file/${uuid}`);
  const body = await response.arrayBuffer();
  if (!response.ok || response.headers.get('content-type') !== 'image/webp') throw new Error(`GET /api/file/${uuid}: ${response.status} ${response.headers.get('content-type')}`);
  if (body.byteLength === 0) throw new Error(`GET /api/file/${uuid}: empty`);
  return performance.now() - t0;
}

export const apiTarget: BenchTarget = {
  name: 'api',
  available: async () => true,
  async run(inputs: readonly BenchInput[], settings: BenchSettings): Promise<BenchResult> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-bench-api-'));
    const notes: string[] = [];
    // The first start creates the database (initdb) and leaves garbage in the server's heap: measure a restarted server.
    let server = startServer(port, dataDir);
    try {
      await untilHealthy(base, server);
      await stopServer(server.child);
      server = startServer(port, dataDir);
      await untilHealthy(base, server);
      const measurements = [];
      for (const input of inputs) {
        const samples = new StageSamples();
        let engine = '?';
        const sizes: string[] = [];
        // A fresh server runs its first 12-MP jobs slower (JIT, model sessions, the heaps and malloc
        // arenas growing: docs/reliability.md, "Load"); without this the type measured first paid for it (png
        // measured first: 1.60–1.69 s, against 0.99–1.19 s measured after json).
        for (let i = 0; i < WARM_UP_JOBS_PER_THREAD * os.availableParallelism(); i++) await downloadOnce(base, (await cleanOnce(base, input, 'json')).uuid);
        for (const type of TYPES) {
          for (let i = 0; i < settings.warmup + settings.runs; i++) {
            const trip = await cleanOnce(base, input, type);
            engine = trip.engine;
            if (i < settings.warmup) continue;
            samples.add(`POST /api/clean type=${type} round trip`, trip.ms);
            for (const [stage, ms] of Object.entries(trip.serverTiming)) samples.add(`  type=${type} server ${stage}`, ms);
            if (i === settings.warmup) sizes.push(`${type} ${(trip.bytes / 1024).toFixed(0)} KiB`);
          }
        }
        for (let i = 0; i < settings.warmup + settings.runs; i++) {
          const trip = await cleanOnce(base, input, 'json');
          const download = await downloadOnce(base, trip.uuid);
          if (i < settings.warmup) continue;
          samples.add('POST type=json, its file downloaded before the next: round trip', trip.ms);
          samples.add('  then GET /api/file (waits for its WebP)', download);
        }
        notes.push(`${input.width}×${input.height} (${(input.bytes.length / 1e6).toFixed(2)} MB JPEG): engine ${engine}, default options; response ${sizes.join(', ')}`);
        const rss = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
        measurements.push({ megapixels: input.megapixels, stages: samples.medians(), peakRss: rss || undefined });
      }
      notes.push(`server: its own process on loopback, embedded database, ${os.availableParallelism()} processing threads (one per core), GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES ?? '(unset)'}; peak RSS is the server's; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end`);
      return { target: 'api', measurements, notes };
    } finally {
      await stopServer(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
