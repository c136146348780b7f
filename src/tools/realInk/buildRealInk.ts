/**
 * npm run data:real-ink -- --from DIR [--out models/.cache/real-ink] [--sources models/data/real/sources.json]
 * (`npm run data:real` runs it too after building the pages, unless it was given --sets or --out)
 *
 * The class model's real ink, from the TRAIN pages of the pinned ink sets only (val, report and
 * reserved pages are never read), out of the repository copies in DIR (as `npm run data:real`):
 *   <out>/cutouts/index.json + *.png   real stamp impressions (StaVer's stamp-ink maps) and real
 *                                      signatures (StaVerGt's signature label) cut out with their
 *                                      alpha, for the generator (src/synth/realInk.ts). In the
 *                                      scan's own colour when the scan is in DIR; else the shape
 *                                      alone (the copies here lack most StaVer scans: files over
 *                                      4 MiB), which the generator inks with a pen or pad colour.
 *                                      Real paper signatures from the ink-crop sets (Cross-media
 *                                      Signatures): a soft alpha keeping the pen's pressure texture,
 *                                      inked by the generator, each name 8 mm high (inkCropCutouts.ts).
 *   <out>/pages/NNNNNN.png + .classes.png   train pages whose scan and label map are both there:
 *                                      every ink pixel labelled (StaVerGt) as InkClass ids, read by
 *                                      models/prepare.ts like a rendered page.
 *   <out>/trajectories.json            real pen trajectories of the penTrajectories sets' train
 *                                      writers (buildTrajectories.ts), replayed as signatures.
 * Every file is verified against its pin. Deterministic: same copies, same bytes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { RealInkEntry, RealInkKind } from '../../synth/realInk';
import { decodeSource, inkMask } from '../realData/convertPage';
import { STAVERGT_LABELS } from '../realData/datasetIndex';
import { findRepository } from '../realData/findRepository';
import { fitLabelMap, labelMask, type LabelMap } from '../realData/labelMaps';
import { readPinnedFile } from '../realData/readPinnedFile';
import { reservedReason } from '../realData/reservedSets';
import { DEFAULT_SOURCES_MANIFEST, readSourcesManifest, type PinnedFile, type PinnedSet } from '../realData/sourcesManifest';
import { buildTrajectoryLibrary, type TrajectoryBuild } from './buildTrajectories';
import { cutOutInk } from './cutOutInk';
import { cutOutInkCrops } from './inkCropCutouts';
import { labelsToClasses } from './labelsToClasses';

export const DEFAULT_REAL_INK_DIR = 'models/.cache/real-ink';

/** Ink within ~2 mm (at 300 dpi, scaled with the page) is one impression or one signature; under 400 pixels is a speck. */
const GROUP_DISTANCE_AT_2480 = 24;
const MIN_INK_PIXELS = 400;

export interface RealInkBuild {
  byKind: Record<RealInkKind, number>;
  ownColour: number;
  pages: number;
  missing: string[];
  /** Ink-crop sets: train crops read, and those skipped for implausible ink (with why). */
  cropsRead: number;
  cropsSkipped: { id: string; reason: string }[];
  trajectories: TrajectoryBuild;
}

type Mask = { width: number; height: number; data: Uint8Array };

async function readOrNote(gitDir: string, commit: string, file: PinnedFile, missing: string[]): Promise<Buffer | null> {
  const read = await readPinnedFile(gitDir, commit, file);
  if ('bytes' in read) return read.bytes;
  missing.push(`${file.path}: ${read.reason}`);
  return null;
}

async function writeCutouts(kind: RealInkKind, set: string, page: string, mask: Mask, scan: (Mask & { rgba: Uint8ClampedArray }) | null, outDir: string, entries: RealInkEntry[]): Promise<void> {
  const width = mask.width;
  // Without the scan, the shape alone: white ink whose alpha is the mask, inked by the generator.
  const image = scan ? { width, height: mask.height, data: scan.rgba } : { width, height: mask.height, data: new Uint8ClampedArray(width * mask.height * 4).fill(255) };
  const groupDistance = Math.max(4, Math.round((GROUP_DISTANCE_AT_2480 * width) / 2480));
  const minInkPixels = Math.round((MIN_INK_PIXELS * width * width) / (2480 * 2480));
  for (const [k, c] of cutOutInk(image, mask.data, { groupDistance, minInkPixels, margin: 3 }).entries()) {
    const file = `${kind}-${set}-${page}-${k}.png`;
    await sharp(Buffer.from(c.rgba), { raw: { width: c.width, height: c.height, channels: 4 } }).png().toFile(path.join(outDir, 'cutouts', file));
    entries.push({ file, kind, colour: scan ? 'own' : 'ink', unitsPerPixel: 1000 / width, source: `${set}/${page}@${c.x},${c.y}` });
  }
}

async function buildSet(set: PinnedSet, from: string, out: string, entries: RealInkEntry[], build: RealInkBuild): Promise<void> {
  const main = await findRepository(from, set.repository, set.commit);
  const labelRepo = set.labelSource ? await findRepository(from, set.labelSource.repository, set.labelSource.commit) : null;
  if (!main.gitDir || !main.hasCommit) {
    build.missing.push(`${set.name}: ${set.repository}@${set.commit.slice(0, 12)} not found in ${from}`);
    return;
  }
  for (const page of set.pages) {
    if (page.split !== 'train') continue;
    if ([page.id, page.image.path, page.truth?.path, page.labels?.path].some((p) => p && reservedReason(p))) continue;
    const scanBytes = await readPinnedFile(main.gitDir, set.commit, page.image);
    const scan = 'bytes' in scanBytes ? await decodeSource(scanBytes.bytes, 3) : null;
    const scanRgba = scan ? { width: scan.width, height: scan.height, data: new Uint8Array(0), rgba: rgbToRgba(scan.data) } : null;
    if (page.truth) {
      const bytes = await readOrNote(main.gitDir, set.commit, page.truth, build.missing);
      if (bytes) {
        const grey = await decodeSource(bytes, 1);
        const mask = { width: grey.width, height: grey.height, data: binary(inkMask(grey.data)) };
        const sameSize = scan && scan.width === grey.width && scan.height === grey.height;
        await writeCutouts('stamp', set.name, page.id, mask, sameSize ? scanRgba : null, out, entries);
      }
    }
    if (page.labels && labelRepo?.gitDir && set.labelSource) {
      const bytes = await readOrNote(labelRepo.gitDir, set.labelSource.commit, page.labels, build.missing);
      if (bytes) {
        const grey = await decodeSource(bytes, 1);
        let labels: LabelMap = { width: grey.width, height: grey.height, data: new Uint8Array(grey.data) };
        if (scan) labels = fitLabelMap(labels, scan.width, scan.height);
        const signature = { width: labels.width, height: labels.height, data: binary(labelMask(labels, [STAVERGT_LABELS.signature])) };
        await writeCutouts('signature', set.name, page.id, signature, scan ? scanRgba : null, out, entries);
        if (scan) {
          const id = String(build.pages++).padStart(6, '0');
          const pageDir = path.join(out, 'pages');
          await sharp(scan.data, { raw: { width: scan.width, height: scan.height, channels: 3 } }).png().toFile(path.join(pageDir, `${id}.png`));
          await sharp(Buffer.from(labelsToClasses(labels.data)), { raw: { width: scan.width, height: scan.height, channels: 1 } })
            .toColourspace('b-w')
            .png()
            .toFile(path.join(pageDir, `${id}.classes.png`));
        }
      }
    }
  }
}

function binary(mask: Uint8Array | Buffer): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) out[p] = mask[p] ? 1 : 0;
  return out;
}

function rgbToRgba(rgb: Buffer | Uint8Array): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray((rgb.length / 3) * 4);
  for (let p = 0, q = 0; p < rgb.length; p += 3, q += 4) {
    rgba[q] = rgb[p];
    rgba[q + 1] = rgb[p + 1];
    rgba[q + 2] = rgb[p + 2];
    rgba[q + 3] = 255;
  }
  return rgba;
}

export async function buildRealInk(from: string, outDir: string, sourcesPath = DEFAULT_SOURCES_MANIFEST): Promise<RealInkBuild> {
  const manifest = readSourcesManifest(sourcesPath);
  rmSync(outDir, { recursive: true, force: true });
  const cutoutDir = path.join(outDir, 'cutouts');
  mkdirSync(cutoutDir, { recursive: true });
  mkdirSync(path.join(outDir, 'pages'), { recursive: true });
  const entries: RealInkEntry[] = [];
  const trajectories = await buildTrajectoryLibrary(manifest, from, outDir);
  const build: RealInkBuild = { byKind: { signature: 0, stamp: 0 }, ownColour: 0, pages: 0, missing: [], cropsRead: 0, cropsSkipped: [], trajectories };
  for (const set of manifest.sets) {
    if (set.kind === 'inkClasses') await buildSet(set, from, outDir, entries, build);
    if (set.kind === 'inkCrops') {
      const crops = await cutOutInkCrops(set, from, outDir);
      entries.push(...crops.entries);
      build.missing.push(...crops.missing);
      build.cropsRead += crops.read;
      build.cropsSkipped.push(...crops.skipped.map((skip) => ({ ...skip, id: `${set.name}/${skip.id}` })));
    }
  }
  for (const e of entries) {
    build.byKind[e.kind]++;
    if (e.colour === 'own') build.ownColour++;
  }
  writeFileSync(path.join(cutoutDir, 'index.json'), `${JSON.stringify(entries, null, 1)}\n`);
  return build;
}

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  if (fallback === undefined) throw new Error(`missing --${name} DIR (a folder of clones or mirrors, as for npm run data:real)`);
  return fallback;
}

/** Builds and reports (what `npm run data:real` runs after the pages, and `npm run data:real-ink` alone). */
export async function buildAndReportRealInk(from: string, out = DEFAULT_REAL_INK_DIR, sources = DEFAULT_SOURCES_MANIFEST): Promise<void> {
  const started = performance.now();
  const built = await buildRealInk(from, out, sources);
  const absentScans = built.missing.length;
  console.log(
    `data:real-ink: ${built.byKind.stamp} stamp and ${built.byKind.signature} signature cut-outs (${built.ownColour} in their scan's own colour), ` +
      `${built.pages} labelled pages, from the ink sets' train pages → ${out} in ${((performance.now() - started) / 1000).toFixed(0)} s` +
      (absentScans ? `; ${absentScans} masks, maps or crops could not be read (first: ${built.missing[0]})` : ''),
  );
  if (built.cropsRead > 0 || built.cropsSkipped.length > 0) {
    const skipped = built.cropsSkipped;
    console.log(
      `data:real-ink: ink crops: ${built.cropsRead} train crops read, ${built.cropsRead - skipped.length} cut out, ${skipped.length} skipped for implausible ink` +
        (skipped.length ? ` (first: ${skipped[0].id}: ${skipped[0].reason})` : ''),
    );
  }
  const t = built.trajectories;
  if (t.file) {
    console.log(
      `data:real-ink: ${t.signatures} pen trajectories of ${t.writers} train writers (${t.byAuthenticity.genuine} genuine, ${t.byAuthenticity.forgery} forgeries, ${t.byAuthenticity.unknown} unknown) → ${t.file}` +
        (t.missing.length ? `; ${t.missing.length} could not be used (first: ${t.missing[0]})` : ''),
    );
  } else console.log(`data:real-ink: no pen trajectories${t.missing.length ? ` (${t.missing.join('; ')})` : ' pinned'}`);
}

async function main(): Promise<void> {
  await buildAndReportRealInk(arg('from'), arg('out', DEFAULT_REAL_INK_DIR), arg('sources', DEFAULT_SOURCES_MANIFEST));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
