/** Things lying on the sheet of a photo (a sticky note, a marker) are not the page's ink: on this device and on the server they come back transparent. */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { generateDeskPhoto, splitSeed } from '../src/synth';
import { chooseWhere, downloadBytes, dropFiles, finishedResult, openApp } from './support/app';

/** A validation seed whose sticky note and marker both land on the sheet (about 17 % of it), at 1 MP. */
const SEED = splitSeed('val', 1);

for (const where of ['This device', 'Server'] as const) {
  test(`${where}: a sticky note and a marker lying on the sheet are not kept as ink`, async ({ page }) => {
    test.setTimeout(180_000);
    const photo = await generateDeskPhoto(SEED, { megapixels: 1, clutter: ['phone', 'sticky-note', 'marker'] });
    const onSheet = photo.meta.desk.clutter.filter((item) => item.onSheet).map((item) => item.kind);
    expect(onSheet).toEqual(['sticky-note', 'marker']);
    const name = `things-on-sheet-${where === 'Server' ? 'server' : 'device'}-${Date.now().toString(36)}.jpg`;
    await openApp(page);
    await chooseWhere(page, where);
    await dropFiles(page, [{ name, mimeType: 'image/jpeg', buffer: Buffer.from(photo.encoded) }]);
    const item = await finishedResult(page, name);
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    const { data, info } = await sharp(await downloadBytes(download)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([photo.image.width, photo.image.height]);
    let kept = 0;
    let underThings = 0;
    let pageInk = 0;
    let pageInkKept = 0;
    for (let i = 0; i < info.width * info.height; i++) {
      const solid = data[i * 4 + 3] >= 128;
      if (solid) kept++;
      if (solid && photo.objectCover[i] >= 128) underThings++;
      if (photo.truth.all[i] >= 128) {
        pageInk++;
        if (solid) pageInkKept++;
      }
    }
    console.log(`${where}: ${kept} px kept, ${((100 * underThings) / kept).toFixed(2)} % of them under the things on the sheet; ${((100 * pageInkKept) / pageInk).toFixed(1)} % of the page's ink kept`);
    // In Node (the same pipeline): none of what is kept lies under them since the rims the cleared patch
    // leaves are cleared too (0.9 % before that, 72 % before the sheet model answered what lies on the
    // sheet, sheet-v2); 46 % of the page's ink is kept (44 % before: the rest is lost to the small,
    // blurred capture, not to the clearing).
    expect(underThings / kept).toBeLessThanOrEqual(0.03);
    expect(pageInkKept / pageInk).toBeGreaterThanOrEqual(0.4);
  });
}
