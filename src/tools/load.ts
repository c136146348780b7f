/**
 * npm run load [-- --seconds 20]: a bounded load test of the real server on loopback.
 * Starts the server as its own process (so its RSS can be sampled), then runs three phases of
 * `--seconds` each: GET /api/files, POST /api/files/rename, and POST /api/clean with mixed
 * 2-megapixel inputs at the concurrency the machine can hold. Prints a table per phase.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildPdf, documentPhoto } from '../server/testing/fixtures';
import { freePort } from '../server/testing/freePort';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, connections: { type: 'string', default: '50' } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const KEY = 'ik_load_test_key_000000000000000000';

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function multipartBody(boundary: string, file: Buffer, fields: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="doc"\r\nContent-Type: application/octet-stream\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

interface PhaseReport {
  phase: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: string;
  rss: string;
}

async function runPhase(phase: string, pid: number, options: autocannon.Options): Promise<PhaseReport> {
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
  const result = await autocannon({ ...options, duration: seconds });
  clearInterval(sampler);
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${code}:${(s as { count: number }).count}`).join(' ');
  // Growth after warm-up: the first quarter of the run is warm-up.
  const warm = samples.slice(Math.floor(samples.length / 4));
  const rss = warm.length ? `${Math.round(warm[0])}→${Math.round(warm[warm.length - 1])} MB (max ${Math.round(Math.max(...warm))}, growth ${(((warm[warm.length - 1] - warm[0]) / warm[0]) * 100).toFixed(1)}%)` : 'n/a';
  return {
    phase,
    connections: options.connections ?? 1,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: `${statuses}${result.non2xx ? '' : ''}${result.errors ? ` errors:${result.errors}` : ''}${result.timeouts ? ` timeouts:${result.timeouts}` : ''}`,
    rss,
  };
}

async function main() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-load-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', INKLIFT_DATA_DIR: dataDir, INKLIFT_DEMO_KEY: KEY, INKLIFT_DEMO_LIMIT: '100000000', INKLIFT_RATE_LIMIT_PER_MINUTE: '100000000', INKLIFT_QUEUE: '64', LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const auth = { authorization: `Bearer ${KEY}` };
    const boundary = 'inkliftloadboundary';
    const inputs = [
      multipartBody(boundary, await documentPhoto(1633, 1225, 'jpeg'), { type: 'json' }),
      multipartBody(boundary, await documentPhoto(1633, 1225, 'png'), { type: 'png', mode: 'basic' }),
      multipartBody(boundary, buildPdf([{ widthPt: 588, heightPt: 441, content: 'BT /F1 24 Tf 50 380 Td (Invoice 2026-11) Tj ET 0.1 0.1 0.7 RG 3 w 60 80 m 200 200 300 40 500 150 c S' }]), { extract: 'signature' }),
    ];
    // Seed files so list and rename have real rows to work on.
    const seeded: string[] = [];
    for (let i = 0; i < 20; i++) {
      const response = await fetch(`${base}/api/clean`, { method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(inputs[0]) });
      seeded.push(((await response.json()) as { uuid: string }).uuid);
    }
    const cores = os.availableParallelism();
    const reports: PhaseReport[] = [];
    console.log(`load: ${seconds}s per phase against ${base} (server pid ${server.pid}, ${cores} cores)`);
    reports.push(await runPhase('GET /api/files', server.pid!, { url: `${base}/api/files`, connections, headers: auth }));
    let n = 0;
    reports.push(
      await runPhase('POST /api/files/rename', server.pid!, {
        url: `${base}/api/files/rename`,
        connections,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        setupClient: (client) => {
          client.setBody(JSON.stringify({ uuid: seeded[n % seeded.length], name: `load ${n++}` }));
        },
      }),
    );
    reports.push(
      await runPhase('POST /api/clean (2 MP mixed)', server.pid!, {
        url: `${base}/api/clean`,
        connections: cores * 2,
        method: 'POST',
        timeout: 120,
        requests: inputs.map((body) => ({ method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, body })),
      }),
    );
    console.table(reports);
    const failures = reports.filter((r) => /\b5\d\d:/.test(r.statuses));
    if (failures.length) {
      console.error(`5xx responses in: ${failures.map((f) => f.phase).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
