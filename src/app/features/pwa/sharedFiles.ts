/** Files shared to the installed app (Web Share Target): the service worker parks them in a cache; the page takes them once. */
const SHARED_CACHE = 'inklift-shared'; // Also named in src/worker/sw.ts.

export async function takeSharedFiles(): Promise<File[]> {
  if (!('caches' in window)) return [];
  const cache = await caches.open(SHARED_CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) {
      const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared');
      files.push(new File([await response.blob()], name, { type: response.headers.get('content-type') ?? '' }));
    }
    await cache.delete(request);
  }
  return files;
}
