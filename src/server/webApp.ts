import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './plugins/errors';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Inklift</title></head>
<body><h1>Inklift</h1><p>The web app has not been built: run <code>npm run build:web</code>. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/** Serves the built SPA from webRoot with a fallback to index.html for client-side routes. */
export async function registerWebApp(app: FastifyInstance, webRoot: string) {
  const index = path.join(webRoot, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Our own Cache-Control below: with its default on, @fastify/static writes `public, max-age=0` over it.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; the shell, manifest and service worker must revalidate.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || request.method !== 'GET') {
      return sendError(reply, 404, 'not_found', `No route ${request.method} ${pathname}.`);
    }
    if (built) {
      const candidate = path.join(webRoot, path.normalize(pathname).replace(/^([/\\])+/, ''));
      if (candidate.startsWith(webRoot) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return reply.sendFile(path.relative(webRoot, candidate));
      }
      if (path.extname(pathname)) return sendError(reply, 404, 'not_found', `No file ${pathname}.`);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
  });
}
