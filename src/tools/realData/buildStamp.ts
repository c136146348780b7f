/**
 * The build folder's memory (`<out>/.built.json`): which source bytes each converted page came from,
 * so that a re-run skips pages whose sources, conversion and output files are unchanged without
 * reading a single blob.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexedPage } from './datasetIndex';

/** Bump when the conversion's output changes, so every page is converted again. */
export const CONVERTER_VERSION = 1;

export interface PageStamp {
  /** The source bytes' identity: "sha256:<hex>", or "blob:<git id>" when the manifest has no SHA-256. */
  imageSource: string;
  truthSource: string;
  /** The truth rule applied (manifest truthFormat). */
  truthFormat: string;
  width: number;
  height: number;
  /** Sizes of the written files, to notice one replaced or cut short since. */
  imageBytes: number;
  truthBytes: number;
  /** Ink sets: every output file's size by its path, and the index entry built (boxes and facts included). */
  outputs?: Record<string, number>;
  entry?: IndexedPage;
}

export interface BuildStamp {
  converter: number;
  /** By the page's image path relative to the build folder. */
  pages: Record<string, PageStamp>;
}

const STAMP_FILE = '.built.json';

export function readBuildStamp(out: string): BuildStamp {
  const path = join(out, STAMP_FILE);
  try {
    const stamp = JSON.parse(readFileSync(path, 'utf8')) as BuildStamp;
    if (stamp.converter === CONVERTER_VERSION && stamp.pages && typeof stamp.pages === 'object') return stamp;
  } catch {
    // None yet, or unreadable: build everything again.
  }
  return { converter: CONVERTER_VERSION, pages: {} };
}

export function writeBuildStamp(out: string, stamp: BuildStamp): void {
  const path = join(out, STAMP_FILE);
  writeFileSync(`${path}.part`, `${JSON.stringify(stamp, null, 1)}\n`);
  renameSync(`${path}.part`, path);
}

function fileHasSize(path: string, bytes: number): boolean {
  return existsSync(path) && statSync(path).size === bytes;
}

/** An ink-set page's index entry when every output is still what was built from these sources; else null. Its split is the one of that build: the caller takes the manifest's (a split can change without a file changing). */
export function stillBuiltEntry(stamp: BuildStamp, out: string, imageKey: string, wanted: Pick<PageStamp, 'imageSource' | 'truthSource' | 'truthFormat'>): IndexedPage | null {
  const page = stamp.pages[imageKey];
  if (!page?.entry || !page.outputs) return null;
  if (page.imageSource !== wanted.imageSource || page.truthSource !== wanted.truthSource || page.truthFormat !== wanted.truthFormat) return null;
  if (!Object.entries(page.outputs).every(([path, bytes]) => fileHasSize(join(out, path), bytes))) return null;
  return page.entry;
}

/** The stamp of a page whose outputs are still exactly what was built from these sources; else null. */
export function stillBuilt(
  stamp: BuildStamp,
  out: string,
  key: { image: string; truth: string },
  wanted: Pick<PageStamp, 'imageSource' | 'truthSource' | 'truthFormat'>,
): PageStamp | null {
  const page = stamp.pages[key.image];
  if (!page) return null;
  if (page.imageSource !== wanted.imageSource || page.truthSource !== wanted.truthSource || page.truthFormat !== wanted.truthFormat) return null;
  if (!fileHasSize(join(out, key.image), page.imageBytes) || !fileHasSize(join(out, key.truth), page.truthBytes)) return null;
  return page;
}
