/** Processing on this device: a dropped photo and a PDF become transparent ink, in the worker (WASM/classical). */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { alphaCoverage, inkCentre, inkPdf, inkPhoto, upsideDownPhoto } from './support/documents';
import { chooseWhere, downloadBytes, dropFiles, finishedResult, openApp } from './support/app';
import { modelDeployed } from './support/model';
import { jpxPdf, predefinedCmapPdf, scannedPdf } from '../src/server/testing/fixtures';

test('a dropped photo becomes a transparent PNG processed on this device', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp(page);
  const photo = await inkPhoto('drop-photo.jpg');
  await dropFiles(page, [photo]);
  const item = await finishedResult(page, 'drop-photo.jpg');
  await expect(item).toContainText('on this device');
  await expect(item).toContainText('Auto: this device is capable');
  // With the model deployed it runs on WASM here (no real GPU); without it the classical engine runs and the UI says so.
  if (modelDeployed()) await expect(item).toContainText(/model:inkseg-v17\+inksep-v2\+inkedge-v1\+inkstray-v1\+sheet-v3 \(WASM/);
  else await expect(page.getByText('No ink model is deployed: the classical engine labels the ink.').first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('drop-photo-ink.png');
  const coverage = await alphaCoverage(await downloadBytes(download));
  expect(coverage.width).toBe(800);
  expect(coverage.transparent).toBeGreaterThan(0.5); // the paper is gone
  expect(coverage.visible).toBeGreaterThan(0.005); // the ink stays
  expect(errors).toEqual([]);
});

test('page one of a PDF is rendered and cleaned on this device', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Choose files').setInputFiles([inkPdf('contract.pdf')]);
  const item = await finishedResult(page, 'contract.pdf');
  await expect(item).toContainText('on this device');
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
  const coverage = await alphaCoverage(await downloadBytes(download));
  expect(coverage.width).toBeGreaterThan(1000); // A5 landscape at 200 DPI ≈ 1653 px
  expect(coverage.transparent).toBeGreaterThan(0.5);
  expect(coverage.visible).toBeGreaterThan(0.001);
});

test('a scanned PDF is rendered at its scan’s resolution on this device, not at 200 DPI', async ({ page }) => {
  await openApp(page);
  await page.getByLabel('Choose files').setInputFiles([{ name: 'scan-300dpi.pdf', mimeType: 'application/pdf', buffer: await scannedPdf(300) }]);
  const item = await finishedResult(page, 'scan-300dpi.pdf');
  await expect(item).toContainText('on this device');
  // US Letter at 300 DPI (200 DPI would be 1700×2200).
  await expect(item).toContainText('2550×3300');
});

/** A PDF processed on this device: the kept ink's coverage of the result. */
async function pdfCoverageOnDevice(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel('Choose files').setInputFiles([{ name, mimeType: 'application/pdf', buffer }]);
  const item = await finishedResult(page, name);
  await expect(item).toContainText('on this device');
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
  return alphaCoverage(await downloadBytes(download));
}

test('a PDF whose page is a JPEG 2000 scan is drawn on this device, not left blank', async ({ page }) => {
  await openApp(page);
  const coverage = await pdfCoverageOnDevice(page, 'archive-jpx.pdf', jpxPdf());
  // The image's lines of ink are about 5 % of the page; a page drawn without its image keeps nothing.
  expect(coverage.visible).toBeGreaterThan(0.02);
  expect(coverage.transparent).toBeGreaterThan(0.5);
});

test('a PDF whose text uses a predefined CJK CMap is drawn on this device, text and all', async ({ page }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Basic' });
  const coverage = await pdfCoverageOnDevice(page, 'cmap-text.pdf', predefinedCmapPdf());
  // One line of eight 48-pt glyphs is about 0.4 % of a Letter page at 200 DPI; undrawn text keeps nothing.
  expect(coverage.visible).toBeGreaterThan(0.001);
});

test('an iPhone HEIC photo is skipped with the way to a JPEG; a TIFF named .jpg is refused by what it is', async ({ page }) => {
  await openApp(page);
  await chooseWhere(page, 'This device');
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
  await page.getByLabel('Choose files').setInputFiles([{ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic }]);
  await expect(page.getByText(/Skipped IMG_0001\.HEIC: only PNG, JPG and PDF files are accepted\. HEIC photos: Share or export it as JPEG/)).toBeVisible();
  const tiff = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f4f1ea' } }).tiff().toBuffer();
  await page.getByLabel('Choose files').setInputFiles([{ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: tiff }]);
  const item = page.getByRole('list', { name: 'Results' }).getByRole('listitem').filter({ hasText: 'scan.jpg' });
  await expect(item).toContainText('The file is a TIFF image, not a PNG, JPG or PDF. Save or export it as PDF, PNG or JPEG.');
});

test('several dropped files run as a batch and download as one ZIP', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [await inkPhoto('batch-one.jpg', 500, 400), await inkPhoto('batch-two.png', 400, 300, 'png')]);
  await finishedResult(page, 'batch-one.jpg');
  await finishedResult(page, 'batch-two.png');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save all as ZIP' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  // Opened by Info-ZIP's unzip, a reader independent of the writer: it checks every entry's CRC-32.
  const zip = await download.path();
  expect(execFileSync('unzip', ['-tq', zip]).toString()).toContain('No errors detected');
  const names = execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n');
  expect(names.sort()).toEqual(['batch-one-ink.png', 'batch-two-ink.png']);
  for (const name of names) {
    const image = await sharp(execFileSync('unzip', ['-p', zip, name])).metadata();
    expect(image).toMatchObject({ format: 'png', hasAlpha: true });
  }
});

test('Cancel stops a running document and the next one still runs', async ({ page }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Where to process' }).selectOption({ label: 'This device' });
  await dropFiles(page, [await inkPhoto('huge-scan.jpg', 4800, 3600), await inkPhoto('after-cancel.jpg', 400, 300)]);
  const running = page.getByRole('list', { name: 'Results' }).getByRole('listitem').filter({ hasText: 'huge-scan.jpg' });
  await running.getByRole('button', { name: 'Cancel' }).click();
  await expect(running).toContainText('Cancelled');
  await expect(running.getByRole('button', { name: 'Download' })).toHaveCount(0);
  const next = await finishedResult(page, 'after-cancel.jpg');
  await expect(next).toContainText('on this device');
});

// On the server the crop box comes back in the X-Inklift-Crop and X-Inklift-Source-Size headers.
for (const where of ['This device', 'Server'] as const) {
  test(`crop=on (${where}): the cropped result sits at its place in the original, so before/after stay aligned`, async ({ page }) => {
    await openApp(page);
    await page.getByRole('combobox', { name: 'Where to process' }).selectOption({ label: where });
    await page.getByRole('checkbox', { name: 'Crop to the ink' }).check();
    const name = `crop-align-${where === 'Server' ? 'server' : 'device'}.jpg`;
    await dropFiles(page, [await inkPhoto(name, 800, 600)]);
    const item = await finishedResult(page, name);
    await expect(item).toContainText(where === 'Server' ? 'on the server' : 'on this device');
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    const cropped = await alphaCoverage(await downloadBytes(download));
    expect(cropped.width).toBeLessThan(800); // it was cropped

    const after = item.getByRole('img', { name: `Transparent ink of ${name}` });
    const geometry = await after.evaluate((img: HTMLImageElement) => {
      const stage = img.parentElement!.getBoundingClientRect();
      const own = img.getBoundingClientRect();
      const before = img.parentElement!.querySelector('.compare__before')!.getBoundingClientRect();
      return { stage: { w: stage.width, h: stage.height }, before: { w: before.width, h: before.height }, left: own.left - stage.left, top: own.top - stage.top, w: own.width, h: own.height, natural: img.naturalWidth };
    });
    // The stage is the original's frame (800×600) and shows the original whole…
    expect(geometry.stage.w / geometry.stage.h).toBeCloseTo(800 / 600, 2);
    expect(geometry.before.w).toBeCloseTo(geometry.stage.w, 0);
    expect(geometry.before.h).toBeCloseTo(geometry.stage.h, 0);
    // …and the cropped result takes its own share of it, inside the frame, at the crop's offset (the ink starts ≈ 80 px in).
    const scale = geometry.stage.w / 800;
    expect(geometry.natural).toBe(cropped.width);
    expect(geometry.w / scale).toBeCloseTo(cropped.width, -1);
    expect(geometry.h / scale).toBeCloseTo(cropped.height, -1);
    expect(geometry.left / scale).toBeGreaterThan(30);
    expect(geometry.left / scale).toBeLessThan(100);
    expect((geometry.left + geometry.w) / scale).toBeLessThanOrEqual(800.5);
    expect((geometry.top + geometry.h) / scale).toBeLessThanOrEqual(600.5);
  });
}

// Phones store a turned photo's pixels unturned, with an EXIF orientation; the device's fast JPEG path must not lose it.
for (const where of ['This device', 'Server'] as const) {
  test(`a photo stored upside down with its EXIF orientation comes out upright (${where})`, async ({ page }) => {
    await openApp(page);
    await chooseWhere(page, where);
    await page.getByRole('combobox', { name: 'Mode' }).selectOption({ label: 'Basic' });
    const name = `upside-down-${where === 'Server' ? 'server' : 'device'}.jpg`;
    await dropFiles(page, [await upsideDownPhoto(name)]);
    const item = await finishedResult(page, name);
    await expect(item).toContainText(where === 'Server' ? 'on the server' : 'on this device');
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    const bytes = await downloadBytes(download);
    const coverage = await alphaCoverage(bytes);
    expect([coverage.width, coverage.height]).toEqual([800, 600]);
    // Upright, the ink is in the top-left quarter (stored unturned it would sit bottom right).
    const centre = await inkCentre(bytes);
    expect(centre.x).toBeLessThan(0.4);
    expect(centre.y).toBeLessThan(0.4);
  });
}

test('Fit shows a tall page whole, without scrolling the preview', async ({ page }) => {
  await openApp(page);
  await dropFiles(page, [await inkPhoto('tall-page.jpg', 500, 1400)]);
  const item = await finishedResult(page, 'tall-page.jpg');
  const after = item.getByRole('img', { name: 'Transparent ink of tall-page.jpg' });
  await expect(after).toHaveJSProperty('naturalHeight', 1400);
  const fit = await after.evaluate((img: HTMLImageElement) => {
    const viewport = img.closest('.compare__viewport') as HTMLElement;
    const stage = img.parentElement!.getBoundingClientRect();
    return { stageWidth: stage.width, stageHeight: stage.height, viewportHeight: viewport.clientHeight, scrollable: viewport.scrollHeight > viewport.clientHeight };
  });
  expect(fit.scrollable).toBe(false);
  expect(fit.stageHeight).toBeLessThanOrEqual(fit.viewportHeight + 0.5);
  expect(fit.stageHeight).toBeGreaterThan(fit.viewportHeight * 0.9); // as large as the viewport allows
  expect(fit.stageWidth / fit.stageHeight).toBeCloseTo(500 / 1400, 2);
  // 100% shows it at its own size, scrolled within the preview.
  await item.getByRole('combobox', { name: 'Zoom' }).selectOption({ label: '100%' });
  const stageHeight = await after.evaluate((img: HTMLImageElement) => img.parentElement!.getBoundingClientRect().height);
  expect(stageHeight).toBeCloseTo(1400, 0);
});

test('a WebP downloaded from this device is the lossless file the server stores: alpha exact, colour within 3 levels', async ({ page }) => {
  await openApp(page);
  const download = async (format: 'PNG' | 'WebP', name: string) => {
    await page.getByLabel('Output type').selectOption({ label: format });
    await dropFiles(page, [await inkPhoto(name, 900, 675)]);
    const item = await finishedResult(page, name);
    await expect(item).toContainText('on this device');
    const [file] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    return downloadBytes(file);
  };
  const png = await sharp(await download('PNG', 'same-page.jpg')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const webpBytes = await download('WebP', 'same-page-again.jpg');
  expect(webpBytes.subarray(12, 16).toString('latin1')).toBe('VP8L');
  const webp = await sharp(webpBytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([webp.info.width, webp.info.height]).toEqual([png.info.width, png.info.height]);
  let alphaWrong = 0;
  let colourOff = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (webp.data[i + 3] !== png.data[i + 3]) alphaWrong++;
    // The canvas that wrote the PNG stores colour premultiplied: only opaque pixels' colour is exact there.
    if (png.data[i + 3] === 255) for (let k = 0; k < 3; k++) colourOff = Math.max(colourOff, Math.abs(webp.data[i + k] - png.data[i + k]));
  }
  expect(alphaWrong).toBe(0);
  expect(colourOff).toBeLessThanOrEqual(3);
});
