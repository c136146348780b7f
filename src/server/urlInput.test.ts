import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '../shared/api';
import { documentPhoto, multipart } from './testing/fixtures';
import { startTestServer, type TestServer } from './testing/harness';

/**
 * URL input against servers this test starts: the allowed host is 127.0.0.1; the "forbidden"
 * one listens on 127.0.0.2 (loopback, not allow-listed) and counts every connection it gets.
 */
let server: TestServer;
let key: string;
let allowed: http.Server;
let forbidden: http.Server;
let allowedBase: string;
let forbiddenPort: number;
let forbiddenConnections = 0;
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  const photo = await documentPhoto(300, 200);
  server = await startTestServer({ urlAllowHosts: ['127.0.0.1'], urlTimeoutMs: 2_000, maxUploadBytes: 2 * 1024 * 1024 });
  key = (await server.account(20)).key;
  forbidden = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo));
  forbidden.on('connection', () => forbiddenConnections++);
  await new Promise<void>((resolve) => forbidden.listen(0, '127.0.0.2', resolve));
  forbiddenPort = (forbidden.address() as AddressInfo).port;
  allowed = http.createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (url === '/to-private') return res.writeHead(302, { location: `http://127.0.0.2:${forbiddenPort}/photo.jpg` }).end();
    if (url === '/to-localhost') return res.writeHead(301, { location: `http://localhost:${forbiddenPort}/photo.jpg` }).end();
    if (url === '/to-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url === '/to-ten') return res.writeHead(302, { location: 'http://10.1.2.3/x.png' }).end();
    if (url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
    if (url === '/trickle') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const timer = setInterval(() => res.write(Buffer.from([0xff])), 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url === '/endless') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(64 * 1024, 7);
      const pump = () => {
        while (res.write(chunk)) { /* until the socket pushes back */ }
      };
      res.on('drain', pump);
      pump();
      return;
    }
    res.writeHead(404).end();
  });
  allowed.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => allowed.listen(0, '127.0.0.1', resolve));
  allowedBase = `http://127.0.0.1:${(allowed.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  allowed?.close();
  forbidden?.close();
  await server?.close();
});

async function cleanUrl(url: string) {
  const started = Date.now();
  const response = await server.request('/api/clean', { method: 'POST', key, body: multipart({ url }) });
  const body = await response.json();
  return { status: response.status, body, ms: Date.now() - started };
}

describe('url input', () => {
  it('fetches from an allow-listed host', async () => {
    expect((await cleanUrl(`${allowedBase}/photo.jpg`)).status).toBe(200);
  });

  it.each([
    ['a redirect to another loopback address', '/to-private'],
    ['a redirect to a name resolving to loopback', '/to-localhost'],
    ['a redirect to the metadata address', '/to-metadata'],
    ['a redirect to a private address', '/to-ten'],
  ])('refuses %s before any byte is fetched from it', async (_label, path) => {
    const before = forbiddenConnections;
    const { status, body } = await cleanUrl(`${allowedBase}${path}`);
    expect(status).toBe(400);
    expect(ErrorResponseSchema.parse(body).error.code).toBe('url_forbidden');
    expect(forbiddenConnections).toBe(before);
  });

  it('refuses direct private addresses and names that resolve to them, without connecting', async () => {
    const before = forbiddenConnections;
    for (const url of [`http://127.0.0.2:${forbiddenPort}/photo.jpg`, `http://localhost:${forbiddenPort}/photo.jpg`, `http://[::ffff:127.0.0.2]:${forbiddenPort}/photo.jpg`, 'http://0.0.0.0/', 'http://192.168.1.1/a.png']) {
      const { status, body } = await cleanUrl(url);
      expect(status, url).toBe(400);
      expect(ErrorResponseSchema.parse(body).error.code).toBe('url_forbidden');
    }
    expect(forbiddenConnections).toBe(before);
  });

  it('stops a redirect loop, a trickle, an endless body and a non-image, charging nothing', async () => {
    const loop = await cleanUrl(`${allowedBase}/loop`);
    expect([loop.status, loop.body.error.code]).toEqual([502, 'url_fetch_failed']);
    const trickle = await cleanUrl(`${allowedBase}/trickle`);
    expect([trickle.status, trickle.body.error.code]).toEqual([504, 'url_timeout']);
    expect(trickle.ms).toBeLessThan(5_000);
    const endless = await cleanUrl(`${allowedBase}/endless`);
    expect([endless.status, endless.body.error.code]).toEqual([413, 'file_too_large']);
    const html = await cleanUrl(`${allowedBase}/html`);
    expect([html.status, html.body.error.code]).toEqual([415, 'unsupported_media_type']);
    const files = (await (await server.request('/api/files', { key })).json()) as { files: unknown[] };
    expect(files.files).toHaveLength(1);
  });
});
