import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from './blobs/s3Store';

/** Every setting of the server, read once from the environment. docs/configuration.md documents each variable. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Public origin used in `url` fields; derived from the request when unset. */
  publicUrl: string | null;
  retentionDays: number;
  sweepIntervalMs: number;
  maxUploadBytes: number;
  maxPixels: number;
  pdfDpi: number;
  urlAllowHosts: string[];
  urlTimeoutMs: number;
  urlMaxRedirects: number;
  processingWorkers: number;
  processingQueue: number;
  processingTimeoutMs: number;
  /**
   * Stored WebPs encoded at once in the background after a json/png clean (they wait behind every
   * request job). 0 makes none: each file's WebP is then made by its first download.
   */
  backgroundEncodes: number;
  rateLimitPerMinute: number;
  /**
   * How long a resolved API key is trusted before it is looked up again (0: every request); null
   * (the default) means 1 s on the embedded database, where this process is the only writer and its
   * own revocations clear the cache, and 0 with DATABASE_URL, where other instances revoke too.
   */
  keyCacheMs: number | null;
  corsOrigins: string[];
  demoKey: string | null;
  demoLimit: number;
  webRoot: string;
  logLevel: string;
  /** S3-compatible blob storage; null keeps blobs in the data folder. */
  s3: S3Settings | null;
  /** Redirect downloads to presigned S3 URLs instead of streaming them through the server. */
  s3Presign: boolean;
  /** Ink-class engine: the learned model (default, falls back to classical if it cannot load) or the classical analysis. */
  engine: 'model' | 'classical';
  modelPath: string | null;
  /** Processings a new self-service account starts with. */
  freeLimit: number;
  /** Blobs younger than this are spared by the orphan sweep (requests in flight on other instances). */
  orphanGraceMs: number;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

function list(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.INKLIFT_DATA_DIR || './data');
  const cores = os.availableParallelism();
  const processingWorkers = Math.max(1, int(env, 'INKLIFT_WORKERS', cores));
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl: env.INKLIFT_PUBLIC_URL ? env.INKLIFT_PUBLIC_URL.replace(/\/+$/, '') : null,
    retentionDays: int(env, 'INKLIFT_RETENTION_DAYS', 30),
    sweepIntervalMs: int(env, 'INKLIFT_SWEEP_INTERVAL_SECONDS', 3600) * 1000,
    maxUploadBytes: int(env, 'INKLIFT_MAX_UPLOAD_MB', 25) * 1024 * 1024,
    maxPixels: int(env, 'INKLIFT_MAX_MEGAPIXELS', 50) * 1_000_000,
    pdfDpi: int(env, 'INKLIFT_PDF_DPI', 200),
    urlAllowHosts: list(env, 'INKLIFT_URL_ALLOW_HOSTS').map((h) => h.toLowerCase()),
    urlTimeoutMs: int(env, 'INKLIFT_URL_TIMEOUT_SECONDS', 15) * 1000,
    urlMaxRedirects: 5,
    processingWorkers,
    processingQueue: int(env, 'INKLIFT_QUEUE', 16),
    processingTimeoutMs: int(env, 'INKLIFT_PROCESSING_TIMEOUT_SECONDS', 60) * 1000,
    // One thread is kept for requests whenever there are two or more.
    backgroundEncodes: int(env, 'INKLIFT_BACKGROUND_ENCODES', Math.max(1, processingWorkers - 1)),
    rateLimitPerMinute: int(env, 'INKLIFT_RATE_LIMIT_PER_MINUTE', 600),
    keyCacheMs: env.INKLIFT_KEY_CACHE_MS ? int(env, 'INKLIFT_KEY_CACHE_MS', 0) : null,
    corsOrigins: list(env, 'INKLIFT_CORS_ORIGINS'),
    demoKey: env.INKLIFT_DEMO_KEY || null,
    demoLimit: int(env, 'INKLIFT_DEMO_LIMIT', 1000),
    webRoot: path.resolve(env.INKLIFT_WEB_ROOT || './dist/web'),
    logLevel: env.LOG_LEVEL || 'info',
    s3: env.INKLIFT_S3_ENDPOINT || env.INKLIFT_S3_BUCKET ? s3Settings(env) : null,
    s3Presign: env.INKLIFT_S3_PRESIGN === '1',
    freeLimit: int(env, 'INKLIFT_FREE_LIMIT', 50),
    engine: env.INKLIFT_ENGINE === 'classical' ? 'classical' : 'model',
    modelPath: env.INKLIFT_MODEL_PATH || null,
    orphanGraceMs: int(env, 'INKLIFT_ORPHAN_GRACE_SECONDS', env.DATABASE_URL ? 600 : 0) * 1000,
  };
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  if (!env.INKLIFT_S3_BUCKET) throw new Error('INKLIFT_S3_BUCKET is required with INKLIFT_S3_ENDPOINT');
  return {
    endpoint: env.INKLIFT_S3_ENDPOINT || 'https://s3.amazonaws.com',
    bucket: env.INKLIFT_S3_BUCKET,
    region: env.INKLIFT_S3_REGION || 'us-east-1',
    accessKeyId: env.INKLIFT_S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || '',
    secretAccessKey: env.INKLIFT_S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || '',
    forcePathStyle: env.INKLIFT_S3_FORCE_PATH_STYLE !== '0',
    prefix: env.INKLIFT_S3_PREFIX ?? 'results/',
  };
}
