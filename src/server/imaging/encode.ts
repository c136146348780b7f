import sharp from 'sharp';
import type { RgbaImage } from '../../core';

const raw = (image: RgbaImage) =>
  sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), {
    raw: { width: image.width, height: image.height, channels: 4 },
  });

/** Lossy colour with lossless alpha: lossless WebP at default effort takes seconds per page here. */
export async function encodeWebp(image: RgbaImage): Promise<Buffer> {
  return raw(image).webp({ quality: 90, alphaQuality: 100, effort: 2 }).toBuffer();
}

export async function encodePng(image: RgbaImage): Promise<Buffer> {
  return raw(image).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}
