/**
 * The app's Content-Security-Policy: sent with the page and the scripts its workers run, and the app
 * works under it (device and server processing, a PDF, the service worker, the gallery's stored
 * files) without one violation, in the page or in any worker. The last test shows the watch sees a
 * violation wherever it happens, so the others could fail.
 */
import { expect, test, type Page, type Worker } from '@playwright/test';
import { watchCspViolations } from './support/contentSecurityPolicy';
import { inkPdf, inkPhoto } from './support/documents';
import { chooseWhere, dropFiles, finishedResult, gallery, openApp } from './support/app';
import { modelDeployed } from './support/model';

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

test('the app page, its client-side routes and the scripts its workers run carry the policy; JSON answers a locked one', async ({ request }) => {
  const page = await request.get('/');
  const policy = page.headers()['content-security-policy'] ?? '';
  const parsed = directives(policy);
  expect(parsed.get('default-src')).toEqual(["'self'"]);
  expect(parsed.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(parsed.get('style-src')).toEqual(["'self'"]);
  expect(parsed.get('worker-src')).toEqual(["'self'"]);
  expect(parsed.get('object-src')).toEqual(["'none'"]);
  expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain("'unsafe-eval'");

  const html = await page.text();
  // Nothing inline for the policy to refuse: every script and stylesheet is a file of our origin.
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);

  for (const path of ['/gallery', '/sw.js', '/ort/ort-wasm-simd-threaded.mjs', ...scripts]) {
    expect((await request.get(path)).headers()['content-security-policy'], path).toBe(policy);
  }
  expect((await request.get('/api/health')).headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
});

async function waitForOfflineReady(page: Page) {
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 120_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Reports are POSTed after the fact; a violation during the steps before is in by now. */
const REPORT_SETTLE_MS = 1500;

test('processing on this device (a photo and a PDF) and on the server, with the service worker and the gallery, raises no violation', async ({ page }) => {
  const csp = await watchCspViolations(page);
  await openApp(page);
  await waitForOfflineReady(page);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  await chooseWhere(page, 'This device');
  await dropFiles(page, [await inkPhoto('csp-device.jpg', 640, 480)]);
  const device = await finishedResult(page, 'csp-device.jpg');
  await expect(device).toContainText('on this device');
  // The model on multi-threaded WASM: onnxruntime's threads are workers started from the processor.
  if (modelDeployed()) await expect(device).toContainText(/WASM, \d threads/);
  await expect(device.getByRole('img', { name: 'Transparent ink of csp-device.jpg' })).toHaveJSProperty('complete', true);

  await page.getByLabel('Choose files').setInputFiles([inkPdf('csp-contract.pdf')]);
  await expect(await finishedResult(page, 'csp-contract.pdf')).toContainText('on this device');

  await chooseWhere(page, 'Server');
  const onServer = `csp-server-${Date.now().toString(36)}.jpg`;
  await dropFiles(page, [await inkPhoto(onServer, 640, 480)]);
  await expect(await finishedResult(page, onServer)).toContainText('on the server');

  // The stored file's thumbnail comes from GET /api/file/{uuid}, through the service worker.
  const stored = gallery(page).getByRole('listitem').filter({ hasText: onServer }).filter({ hasText: 'on the server' });
  const thumbnail = stored.locator('img');
  await thumbnail.scrollIntoViewIfNeeded(); // loading="lazy"
  await expect(thumbnail).toHaveJSProperty('complete', true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.waitForTimeout(REPORT_SETTLE_MS);
  expect(csp.list(), csp.describe()).toEqual([]);
});

/** Runs `new Function` in a worker from a timer: as the worker's own code, not inside DevTools' evaluation, which may be exempt. */
function evalInWorker(worker: Worker) {
  return worker.evaluate(() => {
    setTimeout(() => {
      try {
        new Function('return 1')();
      } catch {
        // refused: the policy reports it
      }
    }, 0);
  });
}

test('the watch sees a violation in the page, the service worker, the processing worker and a worker it starts (as onnxruntime starts its threads)', async ({ page, context }) => {
  const csp = await watchCspViolations(page);
  await openApp(page);
  await waitForOfflineReady(page);
  await chooseWhere(page, 'This device');
  await dropFiles(page, [await inkPhoto('csp-probe.jpg', 400, 300)]);
  await finishedResult(page, 'csp-probe.jpg');
  expect(csp.list(), csp.describe()).toEqual([]);

  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
  });
  await expect.poll(() => csp.list().filter((v) => v.via === 'page event' && v.directive === 'script-src-elem' && v.blocked === 'inline')).toHaveLength(1);
  expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);

  const serviceWorker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
  expect(serviceWorker).toBeDefined();
  await evalInWorker(serviceWorker!);
  await expect.poll(() => csp.list().filter((v) => v.via === 'report' && v.blocked === 'eval' && v.document.endsWith('/sw.js'))).toHaveLength(1);

  const processor = page.workers().find((w) => w.url().includes('/assets/processor-'));
  expect(processor, page.workers().map((w) => w.url()).join('\n')).toBeDefined();
  await evalInWorker(processor!);
  await expect.poll(() => csp.list().filter((v) => v.via === 'report' && v.directive === 'script-src' && v.blocked === 'eval' && v.document.includes('/assets/processor-'))).toHaveLength(1);

  // onnxruntime's threads wait in Atomics.wait between jobs, where DevTools cannot run code: a worker
  // of their script, started from the processor as they are but left idle, stands in for them.
  const nestedStarted = page.waitForEvent('worker', (w) => w.url().endsWith('/ort/ort-wasm-simd-threaded.mjs') && w !== processor);
  await processor!.evaluate(() => {
    (self as unknown as { cspProbe: unknown }).cspProbe = new Worker('/ort/ort-wasm-simd-threaded.mjs', { type: 'module', name: 'csp-probe' });
  });
  const nested = await nestedStarted;
  await evalInWorker(nested);
  await expect.poll(() => csp.list().filter((v) => v.via === 'report' && v.blocked === 'eval' && v.document.endsWith('/ort/ort-wasm-simd-threaded.mjs'))).toHaveLength(1);
});
