import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { createInklift, type Inklift } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { addApiKey, createAccount, newApiKey } from '../db/accounts';
import { startTestS3 } from './s3rver';
import { dropTestDatabase } from './testDatabase';

export interface TestServer {
  inklift: Inklift;
  baseUrl: string;
  dataDir: string;
  /** Creates an account with a fresh key; returns the key and the account id. */
  account(limit?: number): Promise<{ key: string; id: string }>;
  request(pathname: string, init?: RequestInit & { key?: string }): Promise<Response>;
  /** Closes the server and starts it again on the same database and blobs (a restart in service); `inklift` and `baseUrl` change. */
  restart(overrides?: Partial<ServerConfig>): Promise<void>;
  close(): Promise<void>;
}

/** A test's server stops within a hook's time: a WebP encode still running after this is left to the PNG. */
const TEST_WEBP_WAIT_MS = 15_000;
const SLOW_CLOSE_REPORT_MS = 20_000;

/**
 * Runs a teardown step and, when it takes long, says on stderr where it is (`where()`): the test
 * servers run without a logger, so the service's own shutdown warnings are not seen, and a hook once
 * hung after the server itself had closed.
 */
async function reportIfSlow(where: () => string, run: () => Promise<void>): Promise<void> {
  const started = Date.now();
  const watchdog = setInterval(() => {
    console.error(`test server: ${where()} after ${Math.round((Date.now() - started) / 1000)} s`);
  }, SLOW_CLOSE_REPORT_MS);
  try {
    await run();
  } finally {
    clearInterval(watchdog);
  }
}

/** Closes a test server, saying on stderr which shutdown step it is stuck in when that takes long. */
async function closeWatched(inklift: Inklift): Promise<void> {
  let step = 'start';
  await reportIfSlow(
    () => `shutdown still in step "${step}"`,
    () => inklift.close({ webpWaitMs: TEST_WEBP_WAIT_MS, onStep: (next) => (step = next) }),
  );
}

async function listening(config: ServerConfig): Promise<{ inklift: Inklift; baseUrl: string }> {
  const inklift = await createInklift(config, { logger: false });
  await inklift.app.listen({ host: '127.0.0.1', port: 0 });
  const address = inklift.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { inklift, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * The real server on loopback with the real database: the embedded one in a temporary folder, or a
 * fresh database on the PostgreSQL of DATABASE_URL when that is set (the suite runs both ways).
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-test-'));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `inklift_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = () => dropTestDatabase(adminUrl, name);
  }
  // With INKLIFT_TEST_S3=1 the blobs go to a real S3-compatible server (the scale-out configuration).
  let stopS3 = async () => {};
  let s3: ServerConfig['s3'] = null;
  if (process.env.INKLIFT_TEST_S3 === '1' && overrides.s3 === undefined) {
    const testS3 = await startTestS3();
    s3 = testS3.settings(`inklift-${crypto.randomBytes(4).toString('hex')}`);
    stopS3 = testS3.stop;
  }
  const config: ServerConfig = {
    ...loadConfig({}),
    dataDir,
    databaseUrl,
    host: '127.0.0.1',
    port: 0,
    logLevel: 'warn',
    processingWorkers: 2,
    urlAllowHosts: ['127.0.0.1'],
    webRoot: path.join(dataDir, 'no-web-build'),
    s3,
    ...overrides,
  };
  const server: TestServer = {
    ...(await listening(config)),
    dataDir,
    async account(limit = 100) {
      const key = newApiKey();
      const account = await createAccount(server.inklift.sql, 'test', limit);
      await addApiKey(server.inklift.sql, account.id, key);
      return { key, id: account.id };
    },
    request(pathname, init = {}) {
      const { key, headers, ...rest } = init;
      return fetch(server.baseUrl + pathname, {
        ...rest,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(headers as Record<string, string> | undefined) },
      });
    },
    async restart(restartOverrides = {}) {
      await closeWatched(server.inklift);
      Object.assign(server, await listening({ ...config, ...restartOverrides }));
    },
    async close() {
      await closeWatched(server.inklift);
      await reportIfSlow(() => 'teardown still dropping the test database', dropDatabase);
      await reportIfSlow(() => 'teardown still stopping the S3 server', stopS3);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
