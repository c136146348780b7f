import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from './blobs/s3Store';
import { createInklift } from './app';
import { loadConfig } from './config';
import { API_POLICY, appPolicy, CSP_REPORT_PATH, storedFileOrigins } from './plugins/contentSecurityPolicy';
import { documentPhoto, fileBlob, multipart } from './testing/fixtures';
import type { TestServer } from './testing/harness';
import { startTestS3, type TestS3 } from './testing/s3rver';
import { startWebAppServer } from './testing/webBuild';

const directive = (policy: string | null, name: string) =>
  (policy ?? '').split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name)?.slice(1) ?? null;

describe('the web app and the API behind the policy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebAppServer();
  });
  afterAll(() => server?.close());

  it('sends the app policy with the page, a client-side route and the scripts', async () => {
    for (const pathname of ['/', '/gallery', '/settings/account', '/assets/index-abc.js']) {
      const response = await server.request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-security-policy'), pathname).toBe(appPolicy());
    }
    const policy = appPolicy();
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'"]);
    expect(directive(policy, 'worker-src')).toEqual(["'self'"]);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'blob:']);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(policy, 'report-uri')).toEqual([CSP_REPORT_PATH]);
    expect(policy).not.toMatch(/unsafe-inline|'unsafe-eval'/);
  });

  it('locks JSON answers down, errors included, and they stay JSON', async () => {
    const health = await server.request('/api/health');
    expect(health.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    const missing = await server.request('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(API_POLICY);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const files = await server.request('/api/files');
    expect(files.status).toBe(401);
    expect(files.headers.get('content-security-policy')).toBe(API_POLICY);
  });

  it('allows the API reference page its own inline stylesheet, by hash, and nothing else', async () => {
    const docs = await server.request('/api/docs');
    const html = await docs.text();
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(css.length).toBeGreaterThan(0);
    const policy = docs.headers.get('content-security-policy');
    expect(directive(policy, 'default-src')).toEqual(["'none'"]);
    expect(directive(policy, 'style-src')).toEqual([`'sha256-${crypto.createHash('sha256').update(css).digest('base64')}'`]);
  });

  it('takes violation reports (report-uri and Reporting API shapes) and refuses anything else', async () => {
    const report = { 'csp-report': { 'document-uri': 'http://localhost/', 'effective-directive': 'script-src', 'blocked-uri': 'eval', 'source-file': 'http://localhost/assets/x.js', 'line-number': 3 } };
    const sent = await server.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify(report) });
    expect(sent.status).toBe(204);
    const reportingApi = [{ type: 'csp-violation', url: 'http://localhost/', body: { documentURL: 'http://localhost/', effectiveDirective: 'img-src', blockedURL: 'https://elsewhere.example/x.png' } }];
    const batch = await server.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/reports+json' }, body: JSON.stringify(reportingApi) });
    expect(batch.status).toBe(204);
    const garbage = await server.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: '{"not":"a report"}' });
    expect(garbage.status).toBe(400);
    const malformed = await server.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: '{' });
    expect(malformed.status).toBe(400);
    const huge = await server.request(CSP_REPORT_PATH, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: JSON.stringify({ 'csp-report': { sample: 'x'.repeat(100_000) } }) });
    expect(huge.status).toBe(413);
  });
});

describe('a reported violation', () => {
  it('is logged as a warning with what was refused and where; the unbuilt placeholder page has the policy too', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-csp-log-'));
    const inklift = await createInklift({ ...loadConfig({}), dataDir, logLevel: 'warn', webRoot: path.join(dataDir, 'no-web-build') }, { logStream: sink });
    try {
      const placeholder = await inklift.app.inject({ method: 'GET', url: '/' });
      expect(placeholder.headers['content-security-policy']).toBe(appPolicy());
      const report = { 'csp-report': { 'document-uri': 'http://localhost/assets/processor-1.js', 'effective-directive': 'script-src', 'blocked-uri': 'wasm-eval', 'source-file': 'http://localhost/ort/ort-wasm-simd-threaded.mjs', 'line-number': 12 } };
      const sent = await inklift.app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': 'application/csp-report' }, payload: JSON.stringify(report) });
      expect(sent.statusCode).toBe(204);
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; cspViolation?: unknown }).find((entry) => entry.cspViolation);
      expect(logged).toMatchObject({
        level: 40,
        msg: 'Content-Security-Policy violation',
        cspViolation: { directive: 'script-src', blocked: 'wasm-eval', document: 'http://localhost/assets/processor-1.js', source: 'http://localhost/ort/ort-wasm-simd-threaded.mjs', line: 12 },
      });
    } finally {
      await inklift.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('stored files from another origin', () => {
  it('takes the origin the S3 client signs for: the endpoint path-style, the bucket host virtual-hosted; and the public URL', async () => {
    const settings = { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'inklift-files', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', prefix: 'results/' };
    const virtualHosted = createS3Store({ ...settings, forcePathStyle: false });
    const pathStyle = createS3Store({ ...settings, endpoint: 'http://minio.internal:9000', forcePathStyle: true });
    expect(await storedFileOrigins(null, (key) => virtualHosted.presignedUrl(key, 60))).toEqual(['https://inklift-files.s3.eu-west-1.amazonaws.com']);
    expect(await storedFileOrigins('https://ink.example.com/base', (key) => pathStyle.presignedUrl(key, 60))).toEqual(['https://ink.example.com', 'http://minio.internal:9000']);
    expect(await storedFileOrigins(null, null)).toEqual([]);
    const policy = appPolicy(['https://ink.example.com', 'http://minio.internal:9000']);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'blob:', 'https://ink.example.com', 'http://minio.internal:9000']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://ink.example.com', 'http://minio.internal:9000', 'https:', 'http:']);
  });

  describe('with downloads redirected to presigned S3 URLs', () => {
    let s3: TestS3;
    let server: TestServer;
    beforeAll(async () => {
      s3 = await startTestS3();
      server = await startWebAppServer({ s3: s3.settings(`inklift-csp-${crypto.randomBytes(4).toString('hex')}`), s3Presign: true });
    });
    afterAll(async () => {
      await server?.close();
      await s3?.stop();
    });

    it('lets the page show and fetch a stored file where the download redirects', async () => {
      const { key } = await server.account();
      const cleaned = await server.request('/api/clean', { method: 'POST', key, body: multipart({ file: fileBlob(await documentPhoto(300, 200)) }) });
      expect(cleaned.status).toBe(200);
      const { uuid } = (await cleaned.json()) as { uuid: string };
      const download = await server.request(`/api/file/${uuid}`, { redirect: 'manual' });
      expect(download.status).toBe(302);
      const storedAt = new URL(download.headers.get('location')!).origin;
      expect(storedAt).not.toBe(new URL(server.baseUrl).origin);
      const policy = (await server.request('/')).headers.get('content-security-policy');
      expect(directive(policy, 'img-src')).toContain(storedAt);
      expect(directive(policy, 'connect-src')).toContain(storedAt);
    });
  });
});
