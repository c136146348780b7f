/** Ink colour: "Black" turns a blue signature and a red stamp into black ink with their soft edges, on this device and on the server, and is remembered. */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { inkPhoto } from './support/documents';
import { chooseWhere, downloadBytes, dropFiles, finishedResult, openApp } from './support/app';

const unique = (label: string) => `${label}-${Date.now().toString(36)}.jpg`;

async function chooseInk(page: Page, label: 'Original' | 'Black' | 'Blue' | 'Custom…') {
  await page.getByRole('combobox', { name: 'Ink colour' }).selectOption({ label });
}

test.afterEach(async ({ page }) => {
  // The options are remembered on this device: leave the next test the defaults.
  await chooseInk(page, 'Original');
});

for (const where of ['This device', 'Server'] as const) {
  test(`${where}: Ink colour "Black" downloads a result whose visible pixels are all black`, async ({ page }) => {
    await openApp(page);
    await chooseWhere(page, where);
    await chooseInk(page, 'Black');
    const name = unique(`ink-black-${where === 'Server' ? 'server' : 'device'}`);
    await dropFiles(page, [await inkPhoto(name)]);
    const item = await finishedResult(page, name);
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    const { data, info } = await sharp(await downloadBytes(download)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    let opaque = 0;
    let soft = 0;
    let notBlack = 0;
    let stampOpaque = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const i = (y * info.width + x) * 4;
        const a = data[i + 3];
        if (a === 0) continue;
        if (data[i] !== 0 || data[i + 1] !== 0 || data[i + 2] !== 0) notBlack++;
        if (a >= 128) opaque++;
        else soft++;
        // The red stamp ring (centre 640,470, radius 70) is kept, now black.
        if (a >= 128 && Math.abs(Math.hypot(x - 640, y - 470) - 70) < 6) stampOpaque++;
      }
    }
    expect(opaque).toBeGreaterThan(2000);
    expect(stampOpaque).toBeGreaterThan(300);
    expect(notBlack).toBe(0);
    // The edges stay anti-aliased: the alpha was not thresholded.
    expect(soft).toBeGreaterThan(100);
  });
}

test('the chosen ink colour is remembered, and Custom offers a colour picker', async ({ page }) => {
  await openApp(page);
  await chooseInk(page, 'Black');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Ink colour' })).toHaveValue('black');
  await chooseInk(page, 'Custom…');
  const picker = page.getByLabel('Custom ink colour');
  await picker.fill('#c81e1e');
  await page.reload();
  await expect(page.getByLabel('Custom ink colour')).toHaveValue('#c81e1e');
});
