/**
 * Builds the real dataset from the pinned manifest and a folder of repository copies: finds each
 * repository, reads every pinned file at its commit, verifies it, converts image and truth, checks
 * that their sizes agree and writes the build folder's index. What cannot be built is listed with
 * its reason, never silently left out; a file whose bytes differ from the pin is refused.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildStamp, stillBuilt, writeBuildStamp, type PageStamp } from './buildStamp';
import { imageToRgbPng, sourceSize, truthToInkPng } from './convertPage';
import { readDatasetIndex, type DatasetIndex, type IndexedDeskSet, type IndexedPage, type IndexedSet, type MissingFile, type PageSplit } from './datasetIndex';
import { findRepository, type FoundRepository } from './findRepository';
import { CHECKSUM_MISMATCH, readPinnedFile, size, sourceIdentity, writeAtomically } from './readPinnedFile';
import type { PinnedFile, PinnedPage, PinnedSet, SourcesManifest } from './sourcesManifest';
import { writeDatasetIndex } from './writeDatasetIndex';
import { buildInkSet } from './buildInkSet';
import { buildPhotoSet } from './buildPhotoSets';

type PaperPage = PinnedPage & { truth: PinnedFile };

export interface BuildOptions {
  /** Folder holding clones or mirrors of the manifest's repositories. */
  from: string;
  /** Build folder (index.json and the converted pages). */
  out: string;
  manifest: SourcesManifest;
  /** Only these sets (by name); all when absent. */
  sets?: string[];
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface SetReport {
  name: string;
  title: string;
  pinned: number;
  built: number;
  converted: number;
  reused: number;
  splits: Record<PageSplit, number>;
}

export interface BuildResult {
  index: DatasetIndex;
  indexPath: string;
  sets: SetReport[];
  /** Files refused because their bytes differ from the pin (also in index.missing). */
  refused: MissingFile[];
}

export { CHECKSUM_MISMATCH };

export function selectSets(manifest: SourcesManifest, names?: string[]): PinnedSet[] {
  if (!names || names.length === 0) return manifest.sets;
  const known = new Set(manifest.sets.map((set) => set.name));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new Error(`unknown set ${unknown.join(', ')}; the manifest has ${[...known].join(', ')}`);
  return manifest.sets.filter((set) => names.includes(set.name));
}

export async function buildRealData(options: BuildOptions): Promise<BuildResult> {
  const { from, out, manifest } = options;
  const log = options.log ?? (() => undefined);
  const chosen = selectSets(manifest, options.sets);
  mkdirSync(out, { recursive: true });
  const stamp = readBuildStamp(out);
  const repositories = new Map<string, Promise<FoundRepository>>();
  const indexedSets: IndexedSet[] = [];
  const desks: IndexedDeskSet[] = [];
  const missing: MissingFile[] = [];
  const refused: MissingFile[] = [];
  const reports: SetReport[] = [];

  for (const set of chosen) {
    if (set.kind === 'penTrajectories') {
      log(`${set.name}: ${set.pages.length} pen trajectories pinned; nothing to build here (npm run data:real-ink builds their train writers into the generator's library)`);
      continue;
    }
    if (set.kind === 'inkCrops') {
      // Crops of real ink without a page or truth around them: nothing to build here.
      log(`${set.name}: ${set.pages.length} ink crops pinned, for npm run data:real-ink only (no pages to build)`);
      continue;
    }
    const report: SetReport = { name: set.name, title: set.title, pinned: set.pages.length, built: 0, converted: 0, reused: 0, splits: { train: 0, val: 0, report: 0 } };
    const pages: IndexedPage[] = [];
    const findOnce = (repository = set.repository, commit = set.commit): Promise<FoundRepository> => {
      const repositoryKey = `${repository}@${commit}`;
      if (!repositories.has(repositoryKey)) repositories.set(repositoryKey, findRepository(from, repository, commit));
      return repositories.get(repositoryKey)!;
    };
    const lack = (page: PinnedPage, file: PinnedFile, reason: string, isRefused = false): void => {
      const entry = { set: set.name, page: page.id, path: file.path, reason };
      missing.push(entry);
      if (isRefused) refused.push(entry);
    };

    if (set.kind !== 'paper') {
      const photos = set.kind === 'sheetPhotos' || set.kind === 'deskPhotos';
      const built = await (photos ? buildPhotoSet : buildInkSet)({ set, from, out, stamp, findOnce, lack });
      report.converted = built.converted;
      report.reused = built.reused;
      for (const page of built.pages) {
        pages.push(page);
        report.splits[page.split]++;
      }
    }
    // A paper page always has its truth (checkSourcesManifest).
    for (const page of (set.kind === 'paper' ? set.pages : []) as PaperPage[]) {
      const key = { image: `${set.kind}/${set.name}/${page.id}.png`, truth: `${set.kind}/${set.name}/${page.id}.truth.png` };
      const wanted = { imageSource: sourceIdentity(page.image), truthSource: sourceIdentity(page.truth), truthFormat: set.truthFormat ?? 'binary' };
      const add = (built: PageStamp): void => {
        pages.push({ id: page.id, split: page.split, image: key.image, truth: key.truth, width: built.width, height: built.height });
        report.splits[page.split]++;
      };

      const earlier = stillBuilt(stamp, out, key, wanted);
      if (earlier) {
        add(earlier);
        report.reused++;
        continue;
      }

      const repository = await findOnce();
      if (!repository.gitDir) {
        const reason = `repository ${set.repository} not found in ${from} (looked for ${repository.looked.join(', ')}, bare or with .git)`;
        lack(page, page.image, reason);
        lack(page, page.truth, reason);
        continue;
      }
      if (!repository.hasCommit) {
        const reason = `commit ${set.commit} missing from the copy at ${repository.gitDir} (a clone without that history: fetch it)`;
        lack(page, page.image, reason);
        lack(page, page.truth, reason);
        continue;
      }

      const image = await readPinnedFile(repository.gitDir, set.commit, page.image);
      const truth = await readPinnedFile(repository.gitDir, set.commit, page.truth);
      if (!('bytes' in image) || !('bytes' in truth)) {
        if (!('bytes' in image)) lack(page, page.image, image.reason, image.refused);
        if (!('bytes' in truth)) lack(page, page.truth, truth.reason, truth.refused);
        continue;
      }

      const decoded = async <T>(file: PinnedFile, convert: () => Promise<T>): Promise<T | null> => {
        try {
          return await convert();
        } catch (error) {
          lack(page, file, `cannot decode: ${(error as Error).message}`);
          return null;
        }
      };
      const imageSize = await decoded(page.image, () => sourceSize(image.bytes));
      const truthSize = await decoded(page.truth, () => sourceSize(truth.bytes));
      if (!imageSize || !truthSize) continue;
      if (imageSize.width !== truthSize.width || imageSize.height !== truthSize.height) {
        lack(page, page.truth, `image is ${size(imageSize.width, imageSize.height)} but truth ${size(truthSize.width, truthSize.height)}: page skipped`);
        continue;
      }
      const convertedTruth = await decoded(page.truth, () => truthToInkPng(truth.bytes));
      const convertedImage = await decoded(page.image, () => imageToRgbPng(image.bytes));
      if (!convertedTruth || !convertedImage) continue;
      writeAtomically(join(out, key.image), convertedImage.png);
      writeAtomically(join(out, key.truth), convertedTruth.png);
      const built: PageStamp = {
        ...wanted,
        width: convertedImage.width,
        height: convertedImage.height,
        imageBytes: convertedImage.png.length,
        truthBytes: convertedTruth.png.length,
      };
      stamp.pages[key.image] = built;
      writeBuildStamp(out, stamp);
      add(built);
      report.converted++;
    }

    report.built = pages.length;
    reports.push(report);
    log(`${set.name}: ${report.built} of ${report.pinned} ${set.kind === 'deskPhotos' ? 'desk photos' : set.kind === 'sheetPhotos' ? 'sheet photos' : 'pages'} (${report.converted} converted, ${report.reused} unchanged)`);
    if (pages.length === 0) continue;
    if (set.kind === 'deskPhotos') {
      desks.push({ name: set.name, title: set.title, source: `${set.repository}@${set.commit}`, licence: set.licence, photos: pages });
      continue;
    }
    const labelSource = set.labelSource;
    indexedSets.push({
      name: set.name,
      title: set.title,
      kind: set.kind,
      source: `${set.repository}@${set.commit}${labelSource ? ` + ${labelSource.repository}@${labelSource.commit}` : ''}`,
      licence: labelSource ? `${set.repository}: ${set.licence}; ${labelSource.repository}: ${labelSource.licence}` : set.licence,
      pages,
    });
  }

  // Building some sets keeps the others an earlier build indexed (their files are still there).
  if (options.sets && options.sets.length > 0 && existsSync(join(out, 'index.json'))) {
    const earlier = readDatasetIndex(out);
    const rebuilt = new Set(chosen.map((set) => set.name));
    indexedSets.unshift(...earlier.sets.filter((set) => !rebuilt.has(set.name)));
    desks.unshift(...(earlier.desks ?? []).filter((set) => !rebuilt.has(set.name)));
    missing.unshift(...earlier.missing.filter((file) => !rebuilt.has(file.set)));
  }
  const index: DatasetIndex = { version: 1, builtAt: new Date().toISOString(), sets: indexedSets, missing, ...(desks.length > 0 ? { desks } : {}) };
  const indexPath = writeDatasetIndex(out, index);
  return { index, indexPath, sets: reports, refused };
}
