import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { S3Settings } from '../blobs/s3Store';
import { freePort } from './freePort';

const require = createRequire(import.meta.url);

export interface TestS3 {
  settings(bucket: string): S3Settings;
  stop(): Promise<void>;
}

/** s3rver gets this long to stop after SIGTERM (it waits for open connections), then it is killed. */
const STOP_GRACE_MS = 5_000;

/** A real S3-compatible server (s3rver) on loopback, in its own process. */
export async function startTestS3(): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-s3-'));
  const port = await freePort();
  const bin = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin', 's3rver.js');
  // s3rver's signature code needs OpenSSL's legacy provider on Node 20 (ENVIRONMENT.md).
  const child: ChildProcess = spawn(process.execPath, ['--openssl-legacy-provider', bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--no-vhost-buckets'], { stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(endpoint).then(() => true, () => false);
    if (up) break;
    if (i > 100) throw new Error('s3rver did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    settings: (bucket) => ({ endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix: 'results/' }),
    async stop() {
      // A child that already exited (crashed under load) never emits 'exit' again: waiting for it hung a hook.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const killLater = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(killLater);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
