/**
 * The real dataset's build folder (written by `npm run data:real`, contract in
 * ../realData/datasetIndex.ts) as the real evaluation reads it: which pages a split holds, and a
 * page decoded to RGBA beside its truth as an ink map.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { RgbaImage } from '../../core';
import { readDatasetIndex, type DatasetIndex, type IndexedPage, type IndexedSet, type PageSplit } from '../realData/datasetIndex';

export class MissingRealDataError extends Error {
  constructor(readonly dir: string) {
    super(`no real dataset at ${dir} (${join(dir, 'index.json')} is missing). Build it first: npm run data:real -- --from DIR`);
    this.name = 'MissingRealDataError';
  }
}

export function openRealData(dir: string): DatasetIndex {
  if (!existsSync(join(dir, 'index.json'))) throw new MissingRealDataError(dir);
  return readDatasetIndex(dir);
}

export interface SetPages {
  set: IndexedSet;
  pages: IndexedPage[];
}

/** The sets holding pages of `split`, in the index's order, each with only those pages. */
export function pagesOfSplit(index: DatasetIndex, split: PageSplit): SetPages[] {
  return index.sets.map((set) => ({ set, pages: set.pages.filter((p) => p.split === split) })).filter((s) => s.pages.length > 0);
}

export interface LoadedPage {
  image: RgbaImage;
  /** 1 = ink (truth ≥ 128), 0 = paper. */
  truthInk: Uint8Array;
}

export async function loadRealPage(dir: string, page: IndexedPage): Promise<LoadedPage> {
  if (!page.truth) throw new Error(`${page.image}: the page has no all-ink truth`);
  const rgba = await sharp(join(dir, page.image), { limitInputPixels: false }).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const truth = await sharp(join(dir, page.truth), { limitInputPixels: false }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = rgba.info;
  if (width !== page.width || height !== page.height) throw new Error(`${page.image}: ${width}×${height}, the index says ${page.width}×${page.height}`);
  if (truth.info.width !== width || truth.info.height !== height) throw new Error(`${page.truth}: ${truth.info.width}×${truth.info.height}, its page is ${width}×${height}`);
  const truthInk = new Uint8Array(width * height);
  for (let p = 0; p < truthInk.length; p++) truthInk[p] = truth.data[p] >= 128 ? 1 : 0;
  return { image: { width, height, data: new Uint8ClampedArray(rgba.data.buffer, rgba.data.byteOffset, rgba.data.length) }, truthInk };
}
