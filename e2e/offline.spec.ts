/** The PWA: manifest, service worker, offline reload and processing, and the outbox replayed when online again. */
import { expect, test, type Page } from '@playwright/test';
import { inkPhoto } from './support/documents';
import { serverFile, storeOnServer } from './support/api';
import { dropFiles, finishedResult, gallery, openApp } from './support/app';
import { E2E_DEMO_KEY } from '../playwright.config';

async function waitForOfflineReady(page: Page) {
  await expect(page.getByText('Ready to work offline')).toBeVisible({ timeout: 120_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

test('loads without console errors, has a manifest and registers the service worker', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp(page);
  await waitForOfflineReady(page);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest.name).toContain('Inklift');
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.share_target.method).toBe('POST');
  for (const icon of manifest.icons as { src: string }[]) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  const registration = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(registration).toMatch(/\/sw\.js$/);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(errors).toEqual([]);
});

test('offline: reload, process on this device, rename in the gallery; the rename reaches the server when online', async ({ page, context, request }) => {
  const name = `offline-${Date.now().toString(36)}`;
  const stored = await storeOnServer(request, await inkPhoto('o.jpg', 400, 300), name);
  await openApp(page);
  await waitForOfflineReady(page);
  await expect(gallery(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inklift' })).toBeVisible();
  await expect(page.getByText('Offline — processing on this device')).toBeVisible();

  const photo = `${name}-photo.jpg`;
  await dropFiles(page, [await inkPhoto(photo, 600, 400)]);
  const result = await finishedResult(page, photo);
  await expect(result).toContainText('on this device');
  await expect(result).toContainText('Auto: offline');

  const item = gallery(page).getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'on the server' });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByRole('textbox').fill(`${name}-renamed-offline`);
  await item.getByRole('textbox').press('Enter');
  await expect(page.getByText('will be sent when the connection returns')).toBeVisible();
  await expect(gallery(page).getByRole('listitem').filter({ hasText: `${name}-renamed-offline` })).toBeVisible();
  // The device result is in the gallery too, kept in IndexedDB.
  await expect(gallery(page).getByRole('listitem').filter({ hasText: photo })).toContainText('on this device');

  // Still queued after a reload while offline: nothing is lost.
  await page.reload();
  await expect(gallery(page).getByRole('listitem').filter({ hasText: `${name}-renamed-offline` })).toBeVisible();
  expect((await serverFile(request, stored.uuid))?.name).toBe(name);

  await context.setOffline(false);
  await expect.poll(async () => (await serverFile(request, stored.uuid))?.name, { timeout: 30_000 }).toBe(`${name}-renamed-offline`);
  await page.reload();
  await expect(gallery(page).getByRole('listitem').filter({ hasText: photo })).toContainText('on this device');
});

test('an offline change the server refuses on replay (the file was deleted meanwhile) is reported, not dropped silently', async ({ page, context, request }) => {
  const name = `refused-${Date.now().toString(36)}`;
  const stored = await storeOnServer(request, await inkPhoto('gone.jpg', 300, 200), name);
  await openApp(page);
  const item = gallery(page).getByRole('listitem').filter({ hasText: name });
  await expect(item).toBeVisible();

  await context.setOffline(true);
  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByRole('textbox').fill(`${name}-offline`);
  await item.getByRole('textbox').press('Enter');
  await expect(page.getByText('will be sent when the connection returns')).toBeVisible();
  // Another client deletes the file while this one is offline: the queued rename will get 404.
  const deleted = await request.post('/api/files/delete', { headers: { authorization: `Bearer ${E2E_DEMO_KEY}` }, data: { uuid: stored.uuid } });
  expect(deleted.status()).toBe(200);

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'made offline' });
  await expect(alert).toContainText(`Renaming “${name}” to “${name}-offline” (made offline) could not be applied`);
  await expect(alert).toContainText('not_found');
  await expect(gallery(page).getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});
