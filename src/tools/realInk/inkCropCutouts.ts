/**
 * Cut-outs from an ink-crop set (kind inkCrops, e.g. Cross-media Signatures' paper names): for each
 * TRAIN crop (val crops are never read), its soft ink alpha (softInkAlpha.ts) as a shape-only
 * cut-out (white, alpha = coverage, `colour: 'ink'`: the generator inks it with its pen palette).
 *
 * Scale: the crops' pixel size says nothing physical (enlarged, resized to fixed widths or cut from
 * photos of any resolution), so each name is given an ink height of NAME_HEIGHT_MM on an A4 page
 * (1 000 page units = 210 mm), as measured on the source's own A4 pages (7-10 mm per name).
 */
import path from 'node:path';
import sharp from 'sharp';
import type { RealInkEntry } from '../../synth/realInk';
import { decodeSource } from '../realData/convertPage';
import { findRepository } from '../realData/findRepository';
import { readPinnedFile } from '../realData/readPinnedFile';
import { reservedReason } from '../realData/reservedSets';
import type { PinnedSet } from '../realData/sourcesManifest';
import { softInkAlpha } from './softInkAlpha';

export const NAME_HEIGHT_MM = 8;
const PAGE_WIDTH_MM = 210;
/** Page units of a name's ink height. */
export const NAME_HEIGHT_UNITS = (NAME_HEIGHT_MM * 1000) / PAGE_WIDTH_MM;

export interface InkCropCutouts {
  entries: RealInkEntry[];
  /** Train crops read whose ink was implausible (no contrast, nearly empty or full), with why. */
  skipped: { id: string; reason: string }[];
  /** Files or repositories that could not be read. */
  missing: string[];
  /** Train crops read. */
  read: number;
}

/** White RGB whose alpha is the coverage: the shape alone. */
function shapeRgba(alpha: Uint8Array): Buffer {
  const rgba = Buffer.alloc(alpha.length * 4, 255);
  for (let p = 0; p < alpha.length; p++) rgba[p * 4 + 3] = alpha[p];
  return rgba;
}

export async function cutOutInkCrops(set: PinnedSet, from: string, outDir: string): Promise<InkCropCutouts> {
  const result: InkCropCutouts = { entries: [], skipped: [], missing: [], read: 0 };
  if (set.kind !== 'inkCrops' || !set.crops) throw new Error(`${set.name} is not an inkCrops set`);
  const repository = await findRepository(from, set.repository, set.commit);
  if (!repository.gitDir || !repository.hasCommit) {
    result.missing.push(`${set.name}: ${set.repository}@${set.commit.slice(0, 12)} not found in ${from}`);
    return result;
  }
  for (const page of set.pages) {
    if (page.split !== 'train' || reservedReason(page.image.path)) continue;
    const read = await readPinnedFile(repository.gitDir, set.commit, page.image);
    if (!('bytes' in read)) {
      result.missing.push(`${page.image.path}: ${read.reason}`);
      continue;
    }
    result.read++;
    const grey = await decodeSource(read.bytes, 1);
    const ink = softInkAlpha(grey.data, grey.width, grey.height);
    if ('skipped' in ink) {
      result.skipped.push({ id: page.id, reason: ink.skipped });
      continue;
    }
    const file = `${set.crops.ink}-${set.name}-${page.id}.png`;
    await sharp(shapeRgba(ink.alpha), { raw: { width: ink.width, height: ink.height, channels: 4 } }).png().toFile(path.join(outDir, 'cutouts', file));
    result.entries.push({
      file,
      kind: set.crops.ink,
      colour: 'ink',
      unitsPerPixel: NAME_HEIGHT_UNITS / Math.max(1, ink.inkHeight),
      source: `${set.name}/${page.id}@${ink.x},${ink.y}`,
    });
  }
  return result;
}
