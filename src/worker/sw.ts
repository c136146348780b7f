/// <reference lib="webworker" />
/**
 * Inklift's service worker, built to /sw.js by vite-plugin-pwa (injectManifest, see vite.config.ts),
 * which puts the precache list in place of `self.__WB_MANIFEST`.
 *
 * - install: precache the app shell, the hashed bundles, the WASM, pdf.js data and the model;
 *   the new version waits until the page asks it to take over ("Update available").
 * - fetch: navigations and precached files cache-first (offline works after one visit);
 *   stored results (/api/file/*), the WebGPU WASM and pdf.js's CMaps cache-first at runtime; the rest
 *   of /api network-only.
 * - Web Share Target: POST /share-target keeps the shared files in a cache and redirects to /?shared=1.
 */
const sw = self as unknown as ServiceWorkerGlobalScope;

/** A precached file: its path ("/" is the app shell) and a hash of its content (null for Vite's hashed /assets/ files). */
interface PrecacheEntry { url: string; revision: string | null }
const PRECACHE_MANIFEST = (self as unknown as { __WB_MANIFEST: PrecacheEntry[] }).__WB_MANIFEST;
const PRECACHE_URLS = PRECACHE_MANIFEST.map((entry) => entry.url);
/** The build's version: a hash of the precache list, so any changed file (a bundle, a model) gets a fresh precache. */
const VERSION: Promise<string> = crypto.subtle
  .digest('SHA-256', new TextEncoder().encode(PRECACHE_MANIFEST.map((entry) => `${entry.url} ${entry.revision ?? ''}`).join('\n')))
  .then((digest) => [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('').slice(0, 12));
const PRECACHE: Promise<string> = VERSION.then((version) => `inklift-precache-${version}`);
const RUNTIME = 'inklift-runtime';
/** Also named in src/app/features/pwa/sharedFiles.ts. */
const SHARED_CACHE = 'inklift-shared';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(await PRECACHE);
      await cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: 'reload' })));
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const [names, current] = await Promise.all([caches.keys(), PRECACHE]);
      await Promise.all(names.filter((n) => n.startsWith('inklift-precache-') && n !== current).map((n) => caches.delete(n)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'skip-waiting') void sw.skipWaiting();
  if (data?.type === 'version') event.waitUntil(VERSION.then((version) => event.source?.postMessage({ type: 'version', version })));
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
  const cache = await caches.open(await PRECACHE);
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
