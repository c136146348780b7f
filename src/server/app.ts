import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { createFolderStore } from './blobs/folderStore';
import { createS3Store } from './blobs/s3Store';
import type { BlobStore } from './blobs/store';
import type { ServerConfig } from './config';
import { ensureDemoAccount } from './db/accounts';
import { openDatabase } from './db/open';
import type { Sql } from './db/sql';
import { DOCS_STYLE, renderDocsPage } from './docsPage';
import { sweepExpired, sweepOrphanBlobs } from './maintenance';
import { buildOpenApi } from './openapi';
import { bearerKey } from './plugins/auth';
import { registerErrorHandling, sendError } from './plugins/errors';
import { appPolicy, inlineStylePagePolicy, registerContentSecurityPolicy, registerCspReportRoute, storedFileOrigins } from './plugins/contentSecurityPolicy';
import { registerSecurityHeaders } from './plugins/headers';
import { ProcessingPool } from './processing/pool';
import { WebpFinisher } from './processing/webpFinisher';
import { registerAccountRoutes } from './routes/account';
import { registerCleanRoute } from './routes/clean';
import { registerFileRoutes } from './routes/files';
import { KeyCache } from './plugins/keyCache';
import type { Services } from './services';
import { publicOrigin } from './routes/urls';
import { registerWebApp } from './webApp';

export interface Inklift {
  app: FastifyInstance;
  sql: Sql;
  blobs: BlobStore;
  pool: ProcessingPool;
  webpFinisher: WebpFinisher;
  config: ServerConfig;
  close(options?: CloseOptions): Promise<void>;
}

export interface CloseOptions {
  /** How long to wait for background WebP encodes under way (default: twice the processing timeout). */
  webpWaitMs?: number;
  /** Told each shutdown step as it starts, so a caller can say which one a slow shutdown is stuck in. */
  onStep?: (step: 'http' | 'webp' | 'threads' | 'database') => void;
}

/** Builds the whole service: database (migrated), blob store, processing threads and routes. */
export async function createInklift(
  config: ServerConfig,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<Inklift> {
  const sql = await openDatabase(config);
  let blobs: BlobStore;
  let presignedUrl: ((key: string) => Promise<string>) | null = null;
  if (config.s3) {
    const s3 = createS3Store(config.s3);
    await s3.ensureBucket();
    blobs = s3;
    if (config.s3Presign) presignedUrl = (key) => s3.presignedUrl(key, 60);
  } else {
    blobs = createFolderStore(path.join(config.dataDir, 'blobs'));
  }
  const pool = new ProcessingPool({
    workers: config.processingWorkers,
    queue: config.processingQueue,
    timeoutMs: config.processingTimeoutMs,
    settings: { engine: config.engine, modelPath: config.modelPath ?? undefined },
  });

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization'], ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    requestTimeout: config.processingTimeoutMs + config.urlTimeoutMs + 30_000,
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app, config.corsOrigins);
  registerContentSecurityPolicy(app, appPolicy(await storedFileOrigins(config.publicUrl, presignedUrl)));

  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 1 } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // Per key when one is sent (hashed: the key itself is never kept), else per address.
    keyGenerator: (request) => {
      const key = bearerKey(request);
      return key ? `k:${crypto.createHash('sha256').update(key).digest('base64url')}` : `ip:${request.ip}`;
    },
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/account/'),
    errorResponseBuilder: (_request, context) => {
      const error = new Error('rate limited') as Error & { statusCode: number };
      error.statusCode = 429;
      void context;
      return error;
    },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
    return payload;
  });

  // On the embedded database no other process can write (folder lock), so the only revocations are
  // this process's own, which clear the cache: a revoked key is refused at once either way.
  const keyCacheMs = config.keyCacheMs ?? (sql.kind === 'pglite' ? 1000 : 0);
  const webpFinisher = new WebpFinisher(sql, blobs, pool, config.backgroundEncodes, app.log);
  const services: Services = { config, sql, blobs, pool, keys: new KeyCache(keyCacheMs), webpFinisher };
  registerCleanRoute(app, services);
  registerFileRoutes(app, services);
  registerAccountRoutes(app, services);
  await registerCspReportRoute(app);

  app.get('/api/health', async () => ({ status: 'ok', database: sql.kind, processing: pool.stats }));
  app.get('/api/openapi.json', async (request) => buildOpenApi(publicOrigin(request, config.publicUrl)));
  const docsPolicy = inlineStylePagePolicy(DOCS_STYLE);
  app.get('/api/docs', async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', docsPolicy)
      .send(renderDocsPage(buildOpenApi(publicOrigin(request, config.publicUrl)))),
  );
  // The demo key is offered to the local web app only when the operator runs with a demo account.
  app.get('/api/app-config', async () => ({ demoKey: config.demoKey && process.env.INKLIFT_OFFER_DEMO_KEY !== '0' ? config.demoKey : null }));
  app.all('/account/*', async (request, reply) => sendError(reply, 404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));
  app.all('/api/*', async (request, reply) => sendError(reply, 404, 'not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));

  await registerWebApp(app, config.webRoot);

  if (config.demoKey) await ensureDemoAccount(sql, config.demoKey, config.demoLimit);
  // Blobs without records come from a crash; the grace period spares other instances' requests in flight.
  await sweepOrphanBlobs(sql, blobs, config.orphanGraceMs);
  await sweepExpired(sql, blobs);
  // Files left with their PNG by a crash or a shutdown get their WebP; the grace period spares other
  // instances' background encodes in flight.
  const recoverAwaitingWebp = (graceMs: number) =>
    webpFinisher.recover(new Date(Date.now() - graceMs)).catch((error) => app.log.error({ err: error }, 'WebP recovery failed'));
  await recoverAwaitingWebp(config.orphanGraceMs);
  const sweeper = setInterval(() => {
    sweepExpired(sql, blobs)
      .then(() => sweepOrphanBlobs(sql, blobs, Math.max(config.orphanGraceMs, 10 * 60_000)))
      .then(() => recoverAwaitingWebp(Math.max(config.orphanGraceMs, 10 * 60_000)))
      .catch((error) => app.log.error({ err: error }, 'sweep failed'));
  }, config.sweepIntervalMs);
  sweeper.unref();

  return {
    app,
    sql,
    blobs,
    pool,
    webpFinisher,
    config,
    async close({ webpWaitMs = 2 * config.processingTimeoutMs, onStep }: CloseOptions = {}) {
      clearInterval(sweeper);
      onStep?.('http');
      await app.close();
      onStep?.('webp');
      await webpFinisher.close(webpWaitMs);
      onStep?.('threads');
      await pool.close();
      onStep?.('database');
      await sql.close();
    },
  };
}
