/// <reference lib="webworker" />
/**
 * Inklift's service worker (built to /sw.js by vite.config.ts, which replaces the two
 * placeholders below with the precache list and the build version).
 *
 * - install: precache the app shell, the hashed bundles, the WASM, pdf.js data and the model;
 *   the new version waits until the page asks it to take over ("Update available").
 * - fetch: navigations and precached files cache-first (offline works after one visit);
 *   stored results (/api/file/*), the WebGPU WASM and pdf.js's CMaps cache-first at runtime; the rest
 *   of /api network-only.
 * - Web Share Target: POST /share-target keeps the shared files in a cache and redirects to /?shared=1.
 */
const sw = self as unknown as ServiceWorkerGlobalScope;

const PRECACHE_URLS: string[] = '__PRECACHE_URLS__' as unknown as string[];
const VERSION = '__PRECACHE_VERSION__';
const PRECACHE = `inklift-precache-${VERSION}`;
const RUNTIME = 'inklift-runtime';
/** Also named in src/app/features/pwa/sharedFiles.ts. */
const SHARED_CACHE = 'inklift-shared';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: 'reload' })));
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('inklift-precache-') && n !== PRECACHE).map((n) => caches.delete(n)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'skip-waiting') void sw.skipWaiting();
  if (data?.type === 'version') event.source?.postMessage({ type: 'version', version: VERSION });
});

async function receiveShare(request: Request): Promise<Response> {
  try {
    const form = await request.formData();
    const cache = await caches.open(SHARED_CACHE);
    let index = 0;
    for (const value of form.getAll('files')) {
      if (typeof value === 'string') continue;
      const headers = { 'content-type': value.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(value.name) };
      await cache.put(`/shared/${Date.now()}-${index++}`, new Response(value, { headers }));
    }
  } catch {
    // A malformed share still opens the app.
  }
  return Response.redirect('/?shared=1', 303);
}

async function cacheFirst(request: Request, cacheName: string): Promise<Response> {
  const cached = await caches.match(request, { ignoreSearch: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(cacheName);
    await cache.put(request, response.clone());
  }
  return response;
}

async function appShell(request: Request): Promise<Response> {
  const cache = await caches.open(PRECACHE);
  const shell = await cache.match('/');
  if (shell) return shell;
  return fetch(request);
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share-target') {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith('/api/file/')) {
    event.respondWith(cacheFirst(request, RUNTIME));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(appShell(request));
    return;
  }
  if (PRECACHE_URLS.includes(url.pathname) || url.pathname.startsWith('/ort/') || url.pathname.startsWith('/models/') || url.pathname.startsWith('/pdfjs/')) {
    event.respondWith(cacheFirst(request, RUNTIME));
  }
});
