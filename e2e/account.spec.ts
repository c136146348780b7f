/** The Account screen against the real server: sign-up, the browser's own key, balance, usage, keys, sign-out and back in. */
import { expect, test, type Page } from '@playwright/test';
import { E2E_DEMO_KEY } from '../playwright.config';
import { inkPhoto } from './support/documents';
import { chooseWhere, dropFiles, finishedResult, gallery, openApp } from './support/app';

const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
const PASSWORD = 'correct horse battery';

function account(page: Page) {
  return page.getByRole('region', { name: 'Account' });
}

async function fillCredentials(page: Page, email: string, password: string) {
  await account(page).getByLabel('Email').fill(email);
  await account(page).getByLabel('Password', { exact: true }).fill(password);
}

async function signUp(page: Page, email: string, password = PASSWORD) {
  await account(page).getByRole('button', { name: 'New here? Create an account' }).click();
  await fillCredentials(page, email, password);
  await account(page).getByRole('button', { name: 'Create an account', exact: true }).click();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await fillCredentials(page, email, password);
  await account(page).getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a new user signs up, processes on the server, sees the charge and usage, signs out and back in to the same gallery', async ({ page }) => {
  const email = uniqueEmail('new-user');
  await openApp(page);
  await signUp(page, email);
  await expect(account(page)).toContainText(`Signed in as ${email}`);
  // The app created a key for this browser and uses it: no copying by hand.
  const keyBox = page.getByRole('textbox', { name: 'API key' });
  await expect(keyBox).not.toHaveValue(E2E_DEMO_KEY);
  await expect(keyBox).toHaveValue(/^ik_/);
  await expect(page.getByText('Balance: 50 / 50 remaining')).toBeVisible();
  await account(page).locator('summary', { hasText: 'API keys' }).click();
  const keys = account(page).getByRole('list', { name: 'API keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(1);
  await expect(keys.first()).toContainText('this browser');
  await expect(keys.first()).toContainText('(web app)');

  await chooseWhere(page, 'Server');
  const name = `account-${Date.now().toString(36)}.jpg`;
  await dropFiles(page, [await inkPhoto(name, 400, 300)]);
  await expect(await finishedResult(page, name)).toContainText('on the server');
  await expect(page.getByText('Balance: 49 / 50 remaining')).toBeVisible();
  await account(page).locator('summary', { hasText: 'Usage' }).click();
  const usage = account(page).getByRole('table', { name: 'Usage' });
  await expect(usage.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expect(account(page)).toContainText('49 of 50 processings remaining');
  await expect(gallery(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();

  await account(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(account(page).getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  // Signing out revoked and forgot this browser's key; the server's demo key is offered again.
  await expect(keyBox).toHaveValue(E2E_DEMO_KEY);
  await expect(gallery(page).getByRole('listitem').filter({ hasText: name })).toHaveCount(0);

  await signIn(page, email);
  await expect(account(page)).toContainText(`Signed in as ${email}`);
  await expect(keyBox).toHaveValue(/^ik_/);
  await expect(gallery(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByText('Balance: 49 / 50 remaining')).toBeVisible();
  await page.reload();
  await expect(account(page)).toContainText(`Signed in as ${email}`);
  await expect(gallery(page).getByRole('listitem').filter({ hasText: name })).toBeVisible();
});

test('sign-in errors are clear: validation, wrong password, too many attempts with the wait', async ({ page }) => {
  const email = uniqueEmail('errors');
  await openApp(page);
  await account(page).getByRole('button', { name: 'New here? Create an account' }).click();
  await fillCredentials(page, 'not-an-email', 'short');
  await account(page).getByRole('button', { name: 'Create an account', exact: true }).click();
  await expect(account(page).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(account(page)).toContainText('A valid email address is required.');
  await expect(account(page)).toContainText('The password needs at least 10 characters.');

  await fillCredentials(page, email, PASSWORD);
  await account(page).getByRole('button', { name: 'Create an account', exact: true }).click();
  await expect(account(page)).toContainText(`Signed in as ${email}`);
  await account(page).getByRole('button', { name: 'Sign out' }).click();

  for (let attempt = 0; attempt < 5; attempt++) {
    await signIn(page, email, `wrong password ${attempt}`);
    await expect(account(page).getByRole('alert')).toHaveText('The email or the password is wrong.');
  }
  await signIn(page, email, PASSWORD);
  await expect(account(page).getByRole('alert')).toHaveText(/Too many failed sign-ins\. Try again in 15 minutes\./);
});

test('keys: create one (secret shown once, copied), revoke it after confirming; change the password', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('keys');
  await openApp(page);
  await signUp(page, email);
  await expect(account(page)).toContainText(`Signed in as ${email}`);
  await account(page).locator('summary', { hasText: 'API keys' }).click();
  await account(page).getByLabel('New key name').fill('Invoice scanner');
  await account(page).getByRole('button', { name: 'Create key' }).click();
  const secretBox = account(page).getByRole('textbox', { name: 'New key (shown only now)' });
  const secret = await secretBox.inputValue();
  expect(secret).toMatch(/^ik_/);
  await account(page).getByRole('button', { name: 'Copy' }).click();
  await expect(account(page).getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  expect((await request.get('/api/account', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
  await account(page).getByRole('button', { name: 'Done' }).click();
  await expect(secretBox).toHaveCount(0);

  const item = account(page).getByRole('listitem', { name: 'Invoice scanner' });
  await expect(item).toContainText(secret.slice(0, 8));
  await expect(item).toContainText('Last used');
  await item.getByRole('button', { name: 'Revoke' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Revoke “Invoice scanner”?');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(item).toContainText('revoked');
  expect((await request.get('/api/account', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401);

  await account(page).locator('summary', { hasText: 'Change password' }).click();
  await account(page).getByLabel('Current password').fill(PASSWORD);
  await account(page).getByLabel('New password').fill('an even better passphrase');
  await account(page).getByRole('button', { name: 'Change password' }).click();
  await expect(account(page).getByText('Password changed.')).toBeVisible();
  await account(page).getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, email, 'an even better passphrase');
  await expect(account(page)).toContainText(`Signed in as ${email}`);
});

test('the balance shows as soon as a key is set, without spending a processing', async ({ page, request }) => {
  await openApp(page);
  const before = (await (await request.get('/api/account', { headers: { authorization: `Bearer ${E2E_DEMO_KEY}` } })).json()) as { remaining: number };
  await expect(page.getByText(`Balance: ${before.remaining} / 1000 remaining`)).toBeVisible();
  const keyBox = page.getByRole('textbox', { name: 'API key' });
  await keyBox.fill('ik_not-a-real-key');
  await keyBox.press('Enter');
  await expect(page.getByText('Balance: this key is not accepted by the server')).toBeVisible();
  await account(page).getByRole('button', { name: 'Use the demo key' }).click();
  await expect(page.getByText(`Balance: ${before.remaining} / 1000 remaining`)).toBeVisible();
});
