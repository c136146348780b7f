/** The link field: a document given by URL is fetched by the page and processed on this device; a broken link says why. */
import { expect, test } from '@playwright/test';
import { inkPhoto } from './support/documents';
import { finishedResult, openApp, resultItem } from './support/app';

// The page's own fetch must reach page.route: a service worker would take the request first.
test.use({ serviceWorkers: 'block' });

test('a link to a photo is processed on this device; a dead link fails with the HTTP status', async ({ page }) => {
  const photo = await inkPhoto('linked-scan.jpg', 640, 480);
  await page.route('**/e2e-links/linked-scan.jpg', (route) =>
    route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo.buffer, headers: { 'cross-origin-resource-policy': 'cross-origin', 'access-control-allow-origin': '*' } }),
  );
  await page.route('**/e2e-links/missing.jpg', (route) => route.fulfill({ status: 404, body: 'not here', headers: { 'cross-origin-resource-policy': 'cross-origin', 'access-control-allow-origin': '*' } }));
  await openApp(page);
  await page.getByRole('combobox', { name: 'Where to process' }).selectOption({ label: 'This device' });

  const link = page.getByRole('textbox', { name: 'Link to a document' });
  await link.fill('ftp://example.com/scan.jpg');
  await page.getByRole('button', { name: 'Add link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Only http and https links can be processed.' })).toBeVisible();

  await link.fill(new URL('/e2e-links/linked-scan.jpg', page.url()).href);
  await page.getByRole('button', { name: 'Add link' }).click();
  await expect(link).toHaveValue('');
  const item = await finishedResult(page, 'linked-scan.jpg');
  await expect(item).toContainText('on this device');
  await expect(item.getByRole('img', { name: 'Transparent ink of linked-scan.jpg' })).toBeVisible();

  await link.fill(new URL('/e2e-links/missing.jpg', page.url()).href);
  await page.getByRole('button', { name: 'Add link' }).click();
  await expect(resultItem(page, 'missing.jpg')).toContainText('The link answered HTTP 404.');
});
