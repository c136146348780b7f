/**
 * npm run load [-- --seconds 60 --warmup 10 --phases files,rename,clean --connections 50]
 *
 * A bounded load test of the real server on loopback. Starts the server as its own process (so its
 * RSS can be sampled), then runs each phase: GET /api/files, POST /api/files/rename, and
 * POST /api/clean with mixed 2-megapixel inputs at the concurrency the machine can hold.
 * The database is created by a first start and the server restarted on it, as in service. Each
 * phase first runs `--warmup` seconds of the same load that are not counted (JIT, processing
 * threads, model sessions, allocator pools), the clean phase `--warmup-cleans` completed requests
 * instead (its pace depends on the machine), then `--seconds` measured seconds. RSS is sampled every
 * second of the measured part; its growth is last sample against the first one. The load average
 * is printed before and after, since the machine may be shared. Exits 1 on any 5xx or socket error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildPdf, documentPhoto } from '../server/testing/fixtures';
import { freePort } from '../server/testing/freePort';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    phases: { type: 'string', default: 'files,rename,clean' },
    files: { type: 'string', default: '20' },
    'warmup-cleans': { type: 'string', default: '40' },
  },
});
const seconds = Number(values.seconds);
const warmupSeconds = Number(values.warmup);
const connections = Number(values.connections);
const phases = new Set(values.phases.split(','));
const seedFiles = Number(values.files);
const warmupCleans = Number(values['warmup-cleans']);
const KEY = 'ik_load_test_key_000000000000000000';

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

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
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  statuses: string;
  'RSS MB': string;
  'RSS growth': string;
  fiveHundreds: number;
}

function statusCounts(result: autocannon.Result): { text: string; fiveHundreds: number } {
  const stats = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
  const codes = Object.entries(stats).map(([code, s]) => [code, s.count] as const);
  const fiveHundreds = codes.filter(([code]) => code.startsWith('5')).reduce((sum, [, count]) => sum + count, 0);
  const extra = [result.errors ? `errors:${result.errors}` : '', result.timeouts ? `timeouts:${result.timeouts}` : ''].filter(Boolean);
  return { text: [...codes.map(([code, count]) => `${code}:${count}`), ...extra].join(' '), fiveHundreds };
}

/** Warm-up by time, or for slow phases by completed requests (their rate depends on the machine's load). */
async function runPhase(phase: string, pid: number, options: autocannon.Options, warmupRequests = 0): Promise<PhaseReport> {
  if (warmupSeconds > 0 || warmupRequests > 0) {
    const started = Date.now();
    const warm = await autocannon(warmupRequests > 0 ? { ...options, amount: warmupRequests } : { ...options, duration: warmupSeconds });
    const { text } = statusCounts(warm);
    console.log(`${phase}: warm-up ${Math.round((Date.now() - started) / 1000)}s (${text}), RSS ${Math.round(rssMb(pid))} MB`);
  }
  const samples: number[] = [rssMb(pid)];
  const sampler = setInterval(() => samples.push(rssMb(pid)), 1000);
  const result = await autocannon({ ...options, duration: seconds });
  clearInterval(sampler);
  samples.push(rssMb(pid));
  const { text, fiveHundreds } = statusCounts(result);
  const first = samples[0];
  const last = samples[samples.length - 1];
  const report: PhaseReport = {
    phase,
    connections: options.connections ?? 1,
    requests: result.requests.total,
    'req/s': Number((result.requests.total / seconds).toPrecision(3)),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    statuses: text,
    'RSS MB': `${Math.round(first)}→${Math.round(last)} (max ${Math.round(Math.max(...samples))})`,
    'RSS growth': `${(((last - first) / first) * 100).toFixed(1)}%`,
    fiveHundreds: fiveHundreds + result.errors,
  };
  const every10s = samples.filter((_, i) => i % 10 === 0 || i === samples.length - 1).map(Math.round);
  console.log(`${phase}: RSS every 10 s (MB): ${every10s.join(' ')}`);
  console.log(`${phase}: ${report['req/s']} req/s, p50 ${report['p50 ms']} ms, p99 ${report['p99 ms']} ms, ${text}, RSS ${report['RSS MB']} MB, growth ${report['RSS growth']}; load average ${loadAverage()}`);
  return report;
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', INKLIFT_DATA_DIR: dataDir, INKLIFT_DEMO_KEY: KEY, INKLIFT_DEMO_LIMIT: '100000000', INKLIFT_RATE_LIMIT_PER_MINUTE: '100000000', INKLIFT_QUEUE: '64', LOG_LEVEL: 'warn', DATABASE_URL: process.env.DATABASE_URL ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function untilHealthy(base: string) {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stopServer = (server: ChildProcess) =>
  new Promise((resolve) => {
    if (server.exitCode !== null) return resolve(server.exitCode);
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });

async function main() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-load-'));
  const base = `http://127.0.0.1:${port}`;
  // The first start of a new data folder creates the database (initdb), which leaves a few hundred
  // MB of garbage in the server's heap until a major GC happens to run, possibly mid-measurement.
  // A server in service runs on an existing folder: create it, stop, and measure a restarted server.
  let server = startServer(port, dataDir);
  try {
    await untilHealthy(base);
    await stopServer(server);
    server = startServer(port, dataDir);
    await untilHealthy(base);
    const auth = { authorization: `Bearer ${KEY}` };
    const boundary = 'inkliftloadboundary';
    const inputs = [
      multipartBody(boundary, await documentPhoto(1633, 1225, 'jpeg'), { type: 'json' }),
      multipartBody(boundary, await documentPhoto(1633, 1225, 'png'), { type: 'png', mode: 'basic' }),
      multipartBody(boundary, buildPdf([{ widthPt: 588, heightPt: 441, content: 'BT /F1 24 Tf 50 380 Td (Invoice 2026-11) Tj ET 0.1 0.1 0.7 RG 3 w 60 80 m 200 200 300 40 500 150 c S' }]), { extract: 'signature' }),
    ];
    // Seed files so list and rename have real rows to work on.
    const seeded: string[] = [];
    for (let i = 0; i < seedFiles; i++) {
      const response = await fetch(`${base}/api/clean`, { method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: new Uint8Array(inputs[0]) });
      if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
      seeded.push(((await response.json()) as { uuid: string }).uuid);
    }
    const cores = os.availableParallelism();
    const reports: PhaseReport[] = [];
    console.log(`load: ${warmupSeconds}s warm-up + ${seconds}s measured per phase against ${base} (server pid ${server.pid}, ${cores} cores, ${seedFiles} files listed); load average ${loadAverage()}`);
    if (phases.has('files')) reports.push(await runPhase('GET /api/files', server.pid!, { url: `${base}/api/files`, connections, headers: auth }));
    if (phases.has('rename')) {
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
    }
    if (phases.has('clean')) {
      reports.push(
        await runPhase('POST /api/clean (2 MP mixed)', server.pid!, {
          url: `${base}/api/clean`,
          connections: cores * 2,
          method: 'POST',
          timeout: 120,
          requests: inputs.map((body) => ({ method: 'POST', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, body })),
        }, warmupCleans),
      );
    }
    console.table(reports.map(({ fiveHundreds: _, ...row }) => row));
    console.log(`load average at the end: ${loadAverage()} (1, 5, 15 min)`);
    const failures = reports.filter((r) => r.fiveHundreds > 0);
    if (failures.length) {
      console.error(`5xx responses or socket errors in: ${failures.map((f) => f.phase).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
