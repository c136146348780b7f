/** Server processing and the gallery, against the real server and database. */
import { expect, test } from '@playwright/test';
import { inkPhoto } from './support/documents';
import { serverFile, serverFiles, storeOnServer } from './support/api';
import { chooseWhere, dropFiles, finishedResult, gallery, openApp } from './support/app';
import { E2E_DEMO_KEY } from '../playwright.config';

const unique = (label: string) => `${label}-${Date.now().toString(36)}`;

async function balanceOf(page: import('@playwright/test').Page): Promise<{ remaining: number; limit: number }> {
  const text = (await page.getByText(/\d+ \/ \d+ remaining/).textContent()) ?? '';
  const [, remaining, limit] = /(\d+) \/ (\d+)/.exec(text) ?? [];
  return { remaining: Number(remaining), limit: Number(limit) };
}

test('forced Server processing charges the balance and the file appears in the Gallery', async ({ page, request }) => {
  await openApp(page);
  await chooseWhere(page, 'Server');
  const first = `${unique('server-a')}.jpg`;
  await dropFiles(page, [await inkPhoto(first)]);
  const firstItem = await finishedResult(page, first);
  await expect(firstItem).toContainText('on the server');
  await expect(firstItem).toContainText('you chose the server');
  const before = await balanceOf(page);
  expect(before.limit).toBe(1000);
  expect(before.remaining).toBeLessThan(1000);

  const second = `${unique('server-b')}.jpg`;
  await dropFiles(page, [await inkPhoto(second)]);
  await finishedResult(page, second);
  await expect.poll(async () => (await balanceOf(page)).remaining).toBe(before.remaining - 1);

  const item = gallery(page).getByRole('listitem').filter({ hasText: second });
  await expect(item).toBeVisible();
  await expect(item).toContainText('on the server');
  expect((await serverFiles(request)).some((f) => f.name === second)).toBe(true);
});

test('rename and delete round-trip through the API and survive a reload', async ({ page, request }) => {
  const original = unique('gallery-item');
  const stored = await storeOnServer(request, await inkPhoto('g.jpg', 400, 300), original);
  await openApp(page);
  const item = gallery(page).getByRole('listitem').filter({ hasText: original });
  await expect(item).toBeVisible();

  const renamed = `${original}-renamed`;
  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByRole('textbox').fill(renamed);
  await item.getByRole('textbox').press('Enter');
  const renamedItem = gallery(page).getByRole('listitem').filter({ hasText: renamed });
  await expect(renamedItem).toBeVisible();
  await expect.poll(async () => (await serverFile(request, stored.uuid))?.name).toBe(renamed);
  await page.reload();
  await expect(gallery(page).getByRole('listitem').filter({ hasText: renamed })).toBeVisible();

  await gallery(page).getByRole('listitem').filter({ hasText: renamed }).getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(renamed);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(gallery(page).getByRole('listitem').filter({ hasText: renamed })).toHaveCount(0);
  await expect.poll(async () => serverFile(request, stored.uuid)).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Gallery' })).toBeVisible();
  await expect(gallery(page).getByRole('listitem').filter({ hasText: original })).toHaveCount(0);
});

test('a failed rename rolls back with a clear message', async ({ page, request }) => {
  const name = unique('rollback');
  const stored = await storeOnServer(request, await inkPhoto('r.jpg', 300, 200), name);
  await openApp(page);
  const item = gallery(page).getByRole('listitem').filter({ hasText: name });
  await expect(item).toBeVisible();
  // Another client deletes the file meanwhile: the rename gets 404 and is undone.
  await request.post('/api/files/delete', { headers: { authorization: `Bearer ${process.env.E2E_DEMO_KEY ?? 'e2e-demo-key-0123456789abcdef'}` }, data: { uuid: stored.uuid } });
  await item.getByRole('button', { name: 'Rename' }).click();
  await item.getByRole('textbox').fill(`${name}-x`);
  await item.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Rename failed and was undone' })).toBeVisible();
});

test('a weak-device simulation makes Auto process on the server', async ({ page }) => {
  await openApp(page, '?simulateWeakDevice=1');
  const name = `${unique('weak')}.png`;
  await dropFiles(page, [await inkPhoto(name, 400, 300, 'png')]);
  const item = await finishedResult(page, name);
  await expect(item).toContainText('on the server');
  await expect(item).toContainText('Auto: weak device (simulated)');
});

test('the browser decodes the stored WebP of sparse ink to the result: alpha exact, colour within 3 levels of the PNG', async ({ page, request }) => {
  const photo = await inkPhoto('stored-webp.jpg', 900, 675);
  const clean = (type: 'png' | 'webp') =>
    request.post('/api/clean', {
      headers: { authorization: `Bearer ${E2E_DEMO_KEY}` },
      multipart: { file: { name: photo.name, mimeType: photo.mimeType, buffer: photo.buffer }, type },
    });
  const [png, webp] = await Promise.all([clean('png'), clean('webp')]);
  expect([png.status(), webp.status()]).toEqual([200, 200]);
  await openApp(page);
  const decoded = await page.evaluate(
    async ([pngBytes, webpBytes]) => {
      const pixels = async (bytes: readonly number[], type: string) => {
        const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type }), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return { width: bitmap.width, height: bitmap.height, data: Array.from(context.getImageData(0, 0, bitmap.width, bitmap.height).data) };
      };
      return { png: await pixels(pngBytes, 'image/png'), webp: await pixels(webpBytes, 'image/webp') };
    },
    [[...(await png.body())], [...(await webp.body())]] as const,
  );
  expect([decoded.webp.width, decoded.webp.height]).toEqual([decoded.png.width, decoded.png.height]);
  let alphaWrong = 0;
  let visible = 0;
  let colourOff = 0;
  for (let i = 0; i < decoded.png.data.length; i += 4) {
    if (decoded.webp.data[i + 3] !== decoded.png.data[i + 3]) alphaWrong++;
    // The canvas stores colour premultiplied: only opaque pixels' colour is compared.
    if (decoded.png.data[i + 3] !== 255) continue;
    visible++;
    for (let k = 0; k < 3; k++) colourOff = Math.max(colourOff, Math.abs(decoded.webp.data[i + k] - decoded.png.data[i + k]));
  }
  expect(visible).toBeGreaterThan(1000);
  expect(alphaWrong).toBe(0);
  expect(colourOff).toBeLessThanOrEqual(3);
});
