/** A real ink page (StaVer, Tobacco800) as the ink evaluation reads it: RGBA, and any 0/1 mask it has. */
import { join } from 'node:path';
import sharp from 'sharp';
import type { RgbaImage } from '../../core';
import type { IndexedPage } from '../realData/datasetIndex';

export async function loadPageImage(dir: string, page: IndexedPage): Promise<RgbaImage> {
  const { data, info } = await sharp(join(dir, page.image), { limitInputPixels: false }).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width !== page.width || info.height !== page.height) throw new Error(`${page.image}: ${info.width}×${info.height}, the index says ${page.width}×${page.height}`);
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

/** A 255-ink mask of the build as 1 = ink (≥ 128), checked to be the page's size. */
export async function loadMask(dir: string, page: IndexedPage, path: string): Promise<Uint8Array> {
  const { data, info } = await sharp(join(dir, path), { limitInputPixels: false }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  if (info.width !== page.width || info.height !== page.height) throw new Error(`${path}: ${info.width}×${info.height}, its page is ${page.width}×${page.height}`);
  return Uint8Array.from(data, (v) => (v >= 128 ? 1 : 0));
}
