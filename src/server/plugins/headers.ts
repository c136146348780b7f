import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response, cross-origin isolation for the web app (multi-threaded
 * WASM needs it), and CORS only for the configured origins.
 */
export function registerSecurityHeaders(app: FastifyInstance, corsOrigins: string[]) {
  const allowed = new Set(corsOrigins);
  app.addHook('onRequest', async (request, reply) => {
    reply.headers({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'same-origin',
    });
    const origin = request.headers.origin;
    if (origin && (allowed.has(origin) || allowed.has('*'))) {
      reply.headers({
        'access-control-allow-origin': origin,
        vary: 'Origin',
        'access-control-expose-headers': 'X-File-Uuid, X-Remaining, X-Limit, X-Credits-Charged, X-Inklift-Engine, X-Inklift-Source-Size, X-Inklift-Crop, X-Inklift-Found-Items, X-Inklift-Kept-Ink-Share, Server-Timing, Retry-After',
        'cross-origin-resource-policy': 'cross-origin',
      });
      if (request.method === 'OPTIONS') {
        return reply
          .code(204)
          .headers({ 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'Authorization, Content-Type', 'access-control-max-age': '600' })
          .send();
      }
    }
  });
}
