/**
 * Converting a source page and its truth into the build's two forms:
 *   image → 8-bit RGB PNG (grey, palette, 16-bit and alpha sources alike; transparency over white paper)
 *   truth → 8-bit single-channel PNG, 255 = ink, 0 = paper: ink where the truth's grey value is < 128
 *           (binary black-on-white truth and grey-level truth such as Bickley's alike).
 * Reads what sharp reads (PNG, TIFF, JPEG, WebP, GIF) and BMP through our own decoder. Pixels are
 * taken as stored: no EXIF rotation, so a page and its truth stay aligned.
 */
import sharp, { type Sharp } from 'sharp';
import { decodeBmp, isBmp } from './bmpDecode';

/** Truth grey values below this are ink. */
export const INK_BELOW = 128;

export interface ConvertedPng {
  png: Buffer;
  width: number;
  height: number;
}

export interface RawPixels {
  width: number;
  height: number;
  channels: 1 | 3;
  data: Buffer;
}

function isLfsPointer(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.subarray(0, 40)).toString('latin1').startsWith('version https://git-lfs');
}

function openSource(bytes: Buffer): Sharp {
  if (isLfsPointer(bytes)) throw new Error('a Git LFS pointer, not the image (the copy lacks its LFS content)');
  if (isBmp(bytes)) {
    const { width, height, data } = decodeBmp(bytes);
    return sharp(data, { raw: { width, height, channels: 3 } });
  }
  // Tobacco800's TIFFs carry a malformed Software tag: libvips warns, and a warning is no reason to refuse the pixels.
  return sharp(bytes, { limitInputPixels: false, failOn: 'error' });
}

/** The source's pixels as 8-bit RGB (channels 3) or grey (channels 1), transparency flattened on white. */
export async function decodeSource(bytes: Buffer, channels: 1 | 3): Promise<RawPixels> {
  const { data, info } = await openSource(bytes)
    .flatten({ background: '#ffffff' })
    .toColourspace(channels === 1 ? 'b-w' : 'srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== channels) throw new Error(`decoded to ${info.channels} channels, expected ${channels}`);
  return { width: info.width, height: info.height, channels, data };
}

function encodePng(pixels: RawPixels): Promise<Buffer> {
  const image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
  // Without the colourspace, sharp writes a single raw channel as three.
  return (pixels.channels === 1 ? image.toColourspace('b-w') : image).png({ compressionLevel: 6 }).toBuffer();
}

export async function imageToRgbPng(bytes: Buffer): Promise<ConvertedPng> {
  const pixels = await decodeSource(bytes, 3);
  return { png: await encodePng(pixels), width: pixels.width, height: pixels.height };
}

/** 255 where the grey value is below INK_BELOW (ink), 0 elsewhere (paper). */
export function inkMask(grey: Buffer): Buffer {
  const mask = Buffer.alloc(grey.length);
  for (let i = 0; i < grey.length; i++) mask[i] = grey[i] < INK_BELOW ? 255 : 0;
  return mask;
}

export async function truthToInkPng(bytes: Buffer): Promise<ConvertedPng> {
  const grey = await decodeSource(bytes, 1);
  const png = await encodePng({ ...grey, data: inkMask(grey.data) });
  return { png, width: grey.width, height: grey.height };
}

/** A source's size without decoding its pixels (BMP through our decoder). */
export async function sourceSize(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await openSource(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error('image without a size');
  return { width: meta.width, height: meta.height };
}
