import sharp from 'sharp';
import type { RgbaImage } from '../../core';

const raw = (image: RgbaImage) =>
  sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });

/** Lossy colour with lossless alpha: lossless WebP at default effort takes seconds per page here. */
const STORED_WEBP = { quality: 90, alphaQuality: 100, effort: 2 } as const;

export async function encodeWebp(image: RgbaImage): Promise<Buffer> {
  return raw(image).webp(STORED_WEBP).toBuffer();
}

/** Fast and lossless: the PNG response, and the stored intermediate until the WebP is made from it. */
export async function encodePng(image: RgbaImage): Promise<Buffer> {
  return raw(image).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

/** The stored WebP from a PNG of encodePng: the same pixels, so the same WebP as encodeWebp gives. */
export async function webpFromPng(png: Uint8Array): Promise<Buffer> {
  return sharp(png).ensureAlpha().webp(STORED_WEBP).toBuffer();
}
