/**
 * The service worker's life after the first visit: a new deployment is offered as "Update available"
 * and taken with "Reload to update", and files shared to the installed app (Web Share Target) arrive.
 *
 * A deployment is simulated without touching dist/web (one build serves the whole suite): the first
 * install of /sw.js is answered through `context.route` with the built worker whose app-shell revision
 * is changed (an older build's precache list), then the route is removed. The browser's update check
 * is not routable (Chromium fetches it outside the page and the worker, with `max-age=0`), so it gets
 * the server's real /sw.js: a different precache list, hence a new version. `page.route` does not see
 * service worker script requests at all; `context.route` sees the install fetch only.
 */
import { expect, test, type BrowserContext, type Page, type Route } from '@playwright/test';
import { inkPhoto } from './support/documents';
import { finishedResult, openApp } from './support/app';
import { modelDeployed } from './support/model';

const SW_SCRIPT = /\/sw\.js$/;
const APP_SHELL_ENTRY = /\{"revision":"([0-9a-f]+)","url":"\/"\}/;

async function waitForOfflineReady(page: Page) {
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 120_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The version (hash of the precache list) of the worker controlling the page. */
async function controllerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const container = navigator.serviceWorker;
        const onMessage = (event: MessageEvent) => {
          if (event.data?.type !== 'version') return;
          container.removeEventListener('message', onMessage);
          resolve(event.data.version);
        };
        container.addEventListener('message', onMessage);
        container.controller!.postMessage({ type: 'version' });
      }),
  );
}

/** Each `inklift-precache-*` cache with the paths it holds, sorted. */
async function precaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('inklift-precache-'));
    const byName: Record<string, string[]> = {};
    for (const name of names) byName[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort();
    return byName;
  });
}

/** Until removed, /sw.js is the built worker as an older build: the same files, the app shell at another revision. */
async function serveOlderWorker(context: BrowserContext): Promise<{ served: () => number; remove: () => Promise<void> }> {
  let served = 0;
  const handler = async (route: Route) => {
    const response = await route.fetch();
    const script = await response.text();
    const entry = script.match(APP_SHELL_ENTRY);
    if (!entry) throw new Error('The built /sw.js has no precache entry for the app shell "/".');
    const older = script.replace(entry[0], entry[0].replace(entry[1], '0'.repeat(entry[1].length)));
    served++;
    await route.fulfill({ response, body: older });
  };
  await context.route(SW_SCRIPT, handler);
  return { served: () => served, remove: () => context.unroute(SW_SCRIPT, handler) };
}

test('a new deployment shows "Update available"; "Reload to update" runs it and keeps only its precache', async ({ page, context }) => {
  const olderWorker = await serveOlderWorker(context);
  await openApp(page);
  await waitForOfflineReady(page);
  await olderWorker.remove();
  expect(olderWorker.served()).toBe(1);
  const installed = await controllerVersion(page);
  const before = await precaches(page);
  expect(Object.keys(before)).toEqual([`inklift-precache-${installed}`]);
  const precached = before[`inklift-precache-${installed}`];
  expect(precached).toEqual(expect.arrayContaining(['/', '/ort/ort-wasm-simd-threaded.wasm', ...(modelDeployed() ? ['/models/inkseg.onnx'] : [])]));
  // Cached on first use, not on install: WebGPU's WASM and pdf.js's CMaps.
  expect(precached.filter((path) => path.includes('asyncify') || path.startsWith('/pdfjs/cmaps/'))).toEqual([]);
  await expect(page.getByText('Update available')).toHaveCount(0);

  // The next visit's update check finds the deployed /sw.js, which differs from the installed one.
  await page.reload();
  await expect(page.getByText('Update available')).toBeVisible({ timeout: 120_000 });
  expect(await controllerVersion(page)).toBe(installed); // it waits for the user: the old version still controls the page
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload to update' }).click()]);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const updated = await controllerVersion(page);
  expect(updated).not.toBe(installed);
  await expect.poll(async () => Object.keys(await precaches(page))).toEqual([`inklift-precache-${updated}`]);
  expect((await precaches(page))[`inklift-precache-${updated}`]).toEqual(precached);
  await expect(page.getByText('Update available')).toHaveCount(0);
});

test('files shared to the app (POST /share-target) open it at /?shared=1 and are processed, then the share is cleared', async ({ page }) => {
  await openApp(page);
  await waitForOfflineReady(page);
  const photo = await inkPhoto(`shared photo é-${Date.now().toString(36)}.jpg`, 500, 350);
  // The system share sheet navigates to the manifest's share_target with a multipart POST; a form does the same.
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.action = '/share-target';
    form.method = 'POST';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'files';
    form.append(input);
    document.body.append(form);
  });
  const form = page.locator('form[action="/share-target"]');
  await form.locator('input[name="files"]').setInputFiles({ name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer });
  // Only the service worker answers this POST (the server has no such route): a 303 to /?shared=1.
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/' && url.search === '?shared=1', { waitUntil: 'commit', timeout: 30_000 }),
    form.evaluate((element: HTMLFormElement) => element.submit()),
  ]);
  await finishedResult(page, photo.name);
  await expect.poll(() => new URL(page.url()).search).toBe('');
  expect(await page.evaluate(async () => (await (await caches.open('inklift-shared')).keys()).length)).toBe(0);
});
