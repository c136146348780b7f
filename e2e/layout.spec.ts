/**
 * Screenshots of the main screens at desktop (1280×800) and phone (390×844) widths, saved to
 * docs/screenshots/ for the README and docs/web-app.md; each screen fails on layout breakage
 * (interactive elements overlapping each other, or off-screen horizontally).
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

    test('account screens: sign-in form, then signed in with keys, usage and password open', async ({ page }) => {
      await openApp(page);
      const account = page.getByRole('region', { name: 'Account' });
      await expect(account.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await checkAndCapture(page, 'account-signed-out', viewport.label);
      await account.getByRole('button', { name: 'New here? Create an account' }).click();
      await account.getByLabel('Email').fill(`layout-${viewport.label}-${Date.now().toString(36)}@example.test`);
      await account.getByLabel('Password', { exact: true }).fill('layout password 123');
      await account.getByRole('button', { name: 'Create an account', exact: true }).click();
      await expect(account).toContainText('Signed in as');
      for (const section of ['API keys', 'Usage', 'Change password']) await account.locator('summary', { hasText: section }).click();
      await account.getByLabel('New key name').fill('Layout check');
      await account.getByRole('button', { name: 'Create key' }).click();
      await expect(account.getByRole('textbox', { name: 'New key (shown only now)' })).toBeVisible();
      await checkAndCapture(page, 'account-signed-in', viewport.label);
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
