import sharp, { type Metadata } from 'sharp';
import type { RgbaImage } from '../../core';
import { imageTooLarge, invalidImage } from '../errors';
import { WEBP_MAX_SIDE } from '../../shared/webp/container';

/**
 * PNG/JPG → RGBA with EXIF orientation applied. The header is read first, so a decompression
 * bomb is refused before any pixel buffer is allocated.
 */
export async function decodeRaster(bytes: Uint8Array, maxPixels: number): Promise<RgbaImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage('The image could not be read: it is corrupt or truncated.');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw invalidImage('The image has no pixels.');
  if (width * height > maxPixels) {
    throw imageTooLarge(`The image is ${width}×${height} pixels; at most ${Math.round(maxPixels / 1e6)} megapixels are accepted.`);
  }
  // Results are stored as WebP, which cannot be wider or taller than this.
  if (Math.max(width, height) > WEBP_MAX_SIDE) {
    throw imageTooLarge(`The image is ${width}×${height} pixels; at most ${WEBP_MAX_SIDE} pixels a side are accepted.`);
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true })
      .rotate()
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
  } catch {
    throw invalidImage('The image could not be decoded: it is corrupt or truncated.');
  }
}
