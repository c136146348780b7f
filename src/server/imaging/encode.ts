import sharp from 'sharp';
import type { RgbaImage } from '../../core';
import { encodeStoredWebp } from './webp/encodeStoredWebp';

const raw = (image: RgbaImage) =>
  sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });

/** The stored file: alpha exact, colour lossless (within 3 levels) for sparse ink, lossy where much is kept (src/server/imaging/webp/). */
export async function encodeWebp(image: RgbaImage): Promise<Buffer> {
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
  return Buffer.from(await encodeStoredWebp(data, image.width, image.height));
}

/** Fast and lossless: the PNG response, and the stored intermediate until the WebP is made from it. */
export async function encodePng(image: RgbaImage): Promise<Buffer> {
  return raw(image).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

/** The stored WebP from a PNG of encodePng: the same pixels, so the same WebP as encodeWebp gives. */
export async function webpFromPng(png: Uint8Array): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return encodeWebp({ width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) });
}
