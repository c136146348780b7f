/** Helpers that drive the app the way a user does. */
import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { TestFile } from './documents';

/** Real drag-and-drop events: dragenter, dragover and drop carrying a DataTransfer with the files. */
export async function dropFiles(page: Page, files: TestFile[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.mimeType, base64: f.buffer.toString('base64') }));
  await page.evaluate((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    const target = document.querySelector('main') ?? document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }
  }, payload);
}

export function results(page: Page): Locator {
  return page.getByRole('list', { name: 'Results' });
}

export function gallery(page: Page): Locator {
  return page.getByRole('list', { name: 'Gallery' });
}

export function resultItem(page: Page, name: string): Locator {
  return results(page).getByRole('listitem').filter({ hasText: name });
}

/** Waits until the document's result is done and returns the item. */
export async function finishedResult(page: Page, name: string, timeout = 120_000): Promise<Locator> {
  const item = resultItem(page, name);
  await expect(item.getByRole('button', { name: 'Download' })).toBeVisible({ timeout });
  return item;
}

export async function downloadBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return readFile(path);
}

export async function chooseWhere(page: Page, where: 'Auto' | 'This device' | 'Server') {
  await page.getByRole('combobox', { name: 'Where to process' }).selectOption({ label: where });
}

/** The app loaded with the server's demo key filled in. */
export async function openApp(page: Page, query = '') {
  await page.goto(`/${query}`);
  await expect(page.getByRole('textbox', { name: 'API key' })).not.toHaveValue('', { timeout: 30_000 });
}
