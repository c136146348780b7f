/** Straighten page: a photo of a sheet on a desk comes back as the sheet's rectangle, on this device and on the server; a page without a sheet edge says it was not straightened. */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { sheetOnDeskPhoto, typedPhoto } from './support/documents';
import { chooseWhere, downloadBytes, dropFiles, finishedResult, openApp } from './support/app';

const unique = (label: string) => `${label}-${Date.now().toString(36)}.jpg`;

async function straighten(page: Page, on: boolean) {
  const box = page.getByRole('checkbox', { name: 'Straighten page' });
  if (on) await box.check();
  else await box.uncheck();
}

test.afterEach(async ({ page }) => {
  // The options are remembered on this device: leave the next test the defaults.
  await straighten(page, false);
});

for (const where of ['This device', 'Server'] as const) {
  test(`${where}: Straighten page gives the sheet of a desk photo as its upright rectangle`, async ({ page }) => {
    await openApp(page);
    await chooseWhere(page, where);
    await straighten(page, true);
    const name = unique(`desk-${where === 'Server' ? 'server' : 'device'}`);
    await dropFiles(page, [await sheetOnDeskPhoto(name)]);
    const item = await finishedResult(page, name);
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    const { data, info } = await sharp(await downloadBytes(download)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // The sheet is 560 × 400 in the photo (900 × 600): the result is the sheet, not the photo.
    expect(Math.abs(info.width - 560)).toBeLessThan(12);
    expect(Math.abs(info.height - 400)).toBeLessThan(12);
    // The printed lines run level across the straightened sheet: the first one's row is dark from 15% to 50% of the width.
    let opaqueRows = 0;
    for (let y = 0; y < info.height; y++) {
      let dark = 0;
      for (let x = Math.round(info.width * 0.15); x < Math.round(info.width * 0.5); x++) if (data[(y * info.width + x) * 4 + 3] >= 128) dark++;
      if (dark > info.width * 0.3) opaqueRows++;
    }
    expect(opaqueRows).toBeGreaterThanOrEqual(5);
    await expect(item.getByTestId('not-straightened')).toHaveCount(0);
  });
}

test('a page without a sheet edge is not straightened, and says so', async ({ page }) => {
  await openApp(page);
  await chooseWhere(page, 'This device');
  await straighten(page, true);
  const name = unique('typed-straighten');
  await dropFiles(page, [await typedPhoto(name)]);
  const item = await finishedResult(page, name);
  await expect(item.getByTestId('not-straightened')).toContainText('not straightened');
});
