/**
 * Screenshots of the main screens at desktop (1280×800) and phone (390×844) widths, saved to
 * docs/screenshots/ for the README; each screen fails on layout breakage (interactive elements
 * overlapping each other, or off-screen horizontally).
 */
import { expect, test, type Page } from '@playwright/test';
import { inkPdf, inkPhoto } from './support/documents';
import { storeOnServer } from './support/api';
import { dropFiles, finishedResult, gallery, openApp } from './support/app';
import { layoutProblems } from './support/layout';

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 390, height: 844 },
] as const;

async function checkAndCapture(page: Page, screen: string, label: string) {
  await page.evaluate(() => document.fonts.ready);
  expect(await layoutProblems(page), `${screen} at ${label}`).toEqual([]);
  await page.screenshot({ path: `docs/screenshots/${screen}-${label}.png`, fullPage: true });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.label} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('main screens have no overlapping or off-screen controls', async ({ page, request }) => {
      await storeOnServer(request, await inkPhoto('layout.jpg', 400, 300), `Layout sample ${viewport.label}`);
      await openApp(page);
      await expect(gallery(page).getByRole('listitem').first()).toBeVisible();
      await checkAndCapture(page, 'start', viewport.label);

      await dropFiles(page, [await inkPhoto('signed-letter.jpg'), inkPdf('contract.pdf')]);
      await finishedResult(page, 'signed-letter.jpg');
      await finishedResult(page, 'contract.pdf');
      await checkAndCapture(page, 'results', viewport.label);

      const item = gallery(page).getByRole('listitem').filter({ hasText: `Layout sample ${viewport.label}` });
      await item.getByRole('button', { name: 'Rename' }).click();
      await checkAndCapture(page, 'gallery-rename', viewport.label);
      await item.getByRole('button', { name: 'Cancel' }).click();

      await item.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `docs/screenshots/delete-dialog-${viewport.label}.png` });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    });
  });
}

test.describe('dark theme', () => {
  test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  test('desktop in dark mode', async ({ page }) => {
    await openApp(page);
    await dropFiles(page, [await inkPhoto('dark-mode.jpg')]);
    await finishedResult(page, 'dark-mode.jpg');
    await checkAndCapture(page, 'results-dark', 'desktop');
  });
});
