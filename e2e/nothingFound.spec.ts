/** Keep only: Signature on a page without one says "No signature found" and offers other options, on this device and on the server (where it is not charged). */
import { expect, test, type Page } from '@playwright/test';
import { E2E_DEMO_KEY } from '../playwright.config';
import { typedPhoto } from './support/documents';
import { chooseWhere, dropFiles, openApp, results } from './support/app';
import { layoutProblems } from './support/layout';

const unique = (label: string) => `${label}-${Date.now().toString(36)}.jpg`;

async function keepOnly(page: Page, element: 'Everything' | 'Signature' | 'Stamp') {
  await page.getByRole('combobox', { name: 'Keep only' }).selectOption({ label: element });
}

test.afterEach(async ({ page }) => {
  // The options are remembered on this device: leave the next test the defaults.
  await keepOnly(page, 'Everything');
});

test('on this device: a typed page with Keep only: Signature says "No signature found", and "Keep all ink instead" keeps the page’s ink', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp(page);
  await chooseWhere(page, 'This device');
  await keepOnly(page, 'Signature');
  const name = unique('typed-device');
  await dropFiles(page, [await typedPhoto(name)]);
  const item = results(page).getByRole('listitem').filter({ hasText: name });
  await expect(item.getByRole('status').filter({ hasText: 'No signature found' })).toBeVisible({ timeout: 120_000 });
  await expect(item).toContainText('on this device');
  await expect(item).toContainText('Nothing found');
  // The empty image is not presented as the result: it stays folded away.
  await expect(item.getByRole('button', { name: 'Download' })).toBeHidden();
  await expect(item.getByRole('button', { name: 'Look for a stamp instead' })).toBeVisible();
  // …and is there on request.
  await item.getByText('Show the empty result').click();
  await expect(item.getByRole('button', { name: 'Download' })).toBeVisible();

  await item.getByRole('button', { name: 'Keep all ink instead' }).click();
  const again = results(page).getByRole('listitem').filter({ hasText: name }).first();
  await expect(again.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 120_000 });
  await expect(again).toContainText('Done');
  await expect(again.getByRole('status').filter({ hasText: 'No signature found' })).toHaveCount(0);
  // All ink: Basic mode, so the typed text is kept (not removed as Standard mode would).
  await expect(again.getByTestId('most-ink-removed')).toHaveCount(0);
  // The retry changed that document's options only.
  await expect(page.getByRole('combobox', { name: 'Keep only' })).toHaveValue('signature');
  expect(errors).toEqual([]);
});

test('Standard mode on a typed page says the print was removed, and "Keep all ink (Basic)" brings it back', async ({ page }) => {
  await openApp(page);
  await chooseWhere(page, 'This device');
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('standard');
  const name = unique('typed-standard');
  await dropFiles(page, [await typedPhoto(name)]);
  const item = results(page).getByRole('listitem').filter({ hasText: name });
  const note = item.getByTestId('most-ink-removed');
  await expect(note).toContainText('Standard mode', { timeout: 120_000 });
  await expect(note).toContainText('printed text');
  // The (almost empty) result is still shown beside the note.
  await expect(item.getByRole('button', { name: 'Download' })).toBeVisible();
  await note.getByRole('button', { name: 'Keep all ink (Basic)' }).click();
  const again = results(page).getByRole('listitem').filter({ hasText: name }).first();
  await expect(again.getByRole('button', { name: 'Download' })).toBeVisible({ timeout: 120_000 });
  await expect(again.getByTestId('most-ink-removed')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('standard');
});

test('on the server: "No signature found", not charged, stored in the Gallery', async ({ page, request }) => {
  const balance = async () => ((await (await request.get('/api/account', { headers: { authorization: `Bearer ${E2E_DEMO_KEY}` } })).json()) as { remaining: number }).remaining;
  await openApp(page);
  await chooseWhere(page, 'Server');
  await keepOnly(page, 'Signature');
  const before = await balance();
  const name = unique('typed-server');
  await dropFiles(page, [await typedPhoto(name)]);
  const item = results(page).getByRole('listitem').filter({ hasText: name });
  await expect(item.getByRole('status').filter({ hasText: 'No signature found' })).toBeVisible({ timeout: 120_000 });
  await expect(item).toContainText('on the server');
  await expect(item).toContainText('This processing was not charged.');
  expect(await balance()).toBe(before);
  await expect(page.getByText(`${before} / 1000 remaining`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Gallery' }).getByRole('listitem').filter({ hasText: name })).toBeVisible();
});

test.describe('phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the "No stamp found" notice and its options fit without overlapping', async ({ page }) => {
    await openApp(page);
    await chooseWhere(page, 'This device');
    await keepOnly(page, 'Stamp');
    await page.getByRole('checkbox', { name: 'Aggressive text removal' }).check();
    const name = unique('typed-phone');
    await dropFiles(page, [await typedPhoto(name)]);
    const item = results(page).getByRole('listitem').filter({ hasText: name });
    await expect(item.getByRole('status').filter({ hasText: 'No stamp found' })).toBeVisible({ timeout: 120_000 });
    await expect(item.getByRole('button', { name: 'Without aggressive text removal' })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Look for a signature instead' })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await layoutProblems(page)).toEqual([]);
    await item.screenshot({ path: '.tmp/test-results/nothing-found-phone.png' });
    await page.getByRole('checkbox', { name: 'Aggressive text removal' }).uncheck();
  });
});
