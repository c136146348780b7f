import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { startTestServer, type TestServer } from './harness';

/** A built web app as vite leaves it: the page, a hashed script and the service worker, in a fresh temporary folder. */
export function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inklift-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

/** A test server serving a fresh fake web build; closing it also removes the build. */
export async function startWebAppServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const webRoot = fakeWebBuild();
  const server = await startTestServer({ webRoot, ...overrides });
  const closeServer = server.close;
  server.close = async () => {
    await closeServer();
    fs.rmSync(webRoot, { recursive: true, force: true });
  };
  return server;
}
