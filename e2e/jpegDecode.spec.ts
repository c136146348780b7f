/**
 * The worker decodes a camera JPEG (4:2:0, sRGB) through its YUV planes (src/worker/jpegPlanes.ts),
 * turned upright by its EXIF orientation, and must give exactly the pixels the browser's own decode
 * gives (createImageBitmap drawn on a canvas, as the app decoded every photo before). Every other JPEG
 * (4:4:4, a mirrored orientation, a Display P3 profile) goes through the bitmap, whose mirroring and
 * colour management the planes do not apply.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp, { type Sharp } from 'sharp';
import { openApp } from './support/app';

/** A colourful photo-like picture of odd size: chroma edges everywhere, so any upsampling difference shows. */
async function colourfulPicture(width: number, height: number): Promise<Sharp> {
  const data = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const o = (y * width + x) * 3;
      data[o] = (x * 7 + (seed >>> 28)) & 255;
      data[o + 1] = ((x + y) % 97 < 30 ? 200 : 60) + (seed >>> 29);
      data[o + 2] = (y * 5) & 255;
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

async function decodedInWorker(page: Page, jpeg: Buffer): Promise<{ width: number; height: number; sha256: string; way: string }> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return window.inkliftDiagnostics!.decodedOn(new Blob([bytes], { type: 'image/jpeg' }));
  }, jpeg.toString('base64'));
}

/** The browser's own decode, as the app's bitmap path: EXIF orientation and colour management applied, alpha as stored. */
async function decodedOnCanvas(page: Page, jpeg: Buffer): Promise<{ width: number; height: number; sha256: string }> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), { imageOrientation: 'from-image', premultiplyAlpha: 'none', colorSpaceConversion: 'default' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
    return { width: bitmap.width, height: bitmap.height, sha256: Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('') };
  }, jpeg.toString('base64'));
}

test('a camera JPEG decoded through its YUV planes (turned upright by its EXIF orientation) gives the browser decode\'s exact pixels; other JPEGs take the bitmap', async ({ page }) => {
  await openApp(page, '?diagnostics=1');
  await page.waitForFunction(() => window.inkliftDiagnostics !== undefined);
  const picture = await colourfulPicture(333, 251);
  const grey = (await colourfulPicture(200, 120)).grayscale();
  const cases: Array<{ name: string; jpeg: Buffer; way: string }> = [
    { name: '4:2:0, odd size', jpeg: await picture.clone().jpeg({ quality: 90 }).toBuffer(), way: 'planes' },
    { name: 'progressive', jpeg: await picture.clone().jpeg({ quality: 80, progressive: true }).toBuffer(), way: 'planes' },
    { name: 'grey', jpeg: await grey.jpeg({ quality: 90 }).toBuffer(), way: 'planes' },
    { name: '4:4:4', jpeg: await picture.clone().jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer(), way: 'bitmap' },
    { name: 'EXIF orientation 3 (upside down)', jpeg: await picture.clone().withMetadata({ orientation: 3 }).jpeg({ quality: 90 }).toBuffer(), way: 'planes' },
    { name: 'EXIF orientation 6 (a portrait phone photo)', jpeg: await picture.clone().withMetadata({ orientation: 6 }).jpeg({ quality: 90 }).toBuffer(), way: 'planes' },
    { name: 'EXIF orientation 8', jpeg: await picture.clone().withMetadata({ orientation: 8 }).jpeg({ quality: 90 }).toBuffer(), way: 'planes' },
    { name: 'EXIF orientation 2 (mirrored)', jpeg: await picture.clone().withMetadata({ orientation: 2 }).jpeg({ quality: 90 }).toBuffer(), way: 'bitmap' },
    { name: 'Display P3 profile', jpeg: await picture.clone().withIccProfile('p3').jpeg({ quality: 90 }).toBuffer(), way: 'bitmap' },
  ];
  for (const { name, jpeg, way } of cases) {
    const worker = await decodedInWorker(page, jpeg);
    const canvas = await decodedOnCanvas(page, jpeg);
    expect(worker.way, name).toBe(way);
    expect({ width: worker.width, height: worker.height, sha256: worker.sha256 }, name).toEqual(canvas);
  }
});
