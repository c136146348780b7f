import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './testing/harness';
import { startWebAppServer } from './testing/webBuild';

describe('the built web app\'s caching', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startWebAppServer();
  });
  afterAll(() => server?.close());

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
