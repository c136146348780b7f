import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';
import { fakeWebBuild } from './testing/webBuild';

describe('the built web app\'s caching', () => {
  let server: TestServer;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fakeWebBuild();
    server = await startTestServer({ webRoot });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('keeps hashed assets for a year and makes the page, its routes and the service worker revalidate', async () => {
    const asset = await server.request('/assets/index-abc.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const pathname of ['/', '/gallery', '/sw.js']) {
      const response = await server.request(pathname);
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });
});
