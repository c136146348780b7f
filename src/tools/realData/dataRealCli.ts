/**
 * npm run data:real -- --from DIR [--out models/.cache/real] [--sets a,b] [--manifest models/data/real/sources.json]
 *
 * Builds the real dataset pinned in models/data/real/sources.json from clones or mirrors of its
 * repositories in DIR (DIR/owner+name/repo, DIR/owner+name, DIR/owner/name or DIR/name; bare or
 * with .git). Prints what was built per set and every file that could not be, with the reason.
 * Then, for a whole build into the default folder, the class model's real ink (npm run data:real-ink):
 * so `npm run data:real` and `npm run train` are all training needs.
 * Exit code 0 when pages were built (missing files are listed, not fatal); 1 when nothing could be
 * built or a file's checksum differs from its pin; 2 on a usage error.
 */
import { parseArgs } from 'node:util';
import { buildAndReportRealInk } from '../realInk/buildRealInk';
import { buildRealData, CHECKSUM_MISMATCH, selectSets, type BuildResult } from './buildRealData';
import { DEFAULT_REAL_DATA_DIR, type MissingFile } from './datasetIndex';
import { DEFAULT_SOURCES_MANIFEST, readSourcesManifest } from './sourcesManifest';

const USAGE = 'usage: npm run data:real -- --from DIR [--out models/.cache/real] [--sets a,b] [--manifest FILE]';

function printMissing(missing: MissingFile[]): void {
  if (missing.length === 0) {
    console.log('missing: nothing');
    return;
  }
  console.log(`missing: ${missing.length} file(s)`);
  // A whole set lacking for one reason (repository not found, commit missing) is one line, not one per file.
  const byReason = new Map<string, MissingFile[]>();
  for (const file of missing) {
    // Reasons naming a blob differ only by its id: one line for all of them.
    const key = `${file.set}\n${file.reason.replace(/\b[0-9a-f]{12}\b/g, '…')}`;
    byReason.set(key, [...(byReason.get(key) ?? []), file]);
  }
  for (const files of byReason.values()) {
    if (files.length > 3) {
      console.log(`  ${files[0].set}: ${files.length} files — ${files[0].reason.replace(/\bblob [0-9a-f]{12}\b/, 'their blobs')} (first ${files[0].page}, last ${files[files.length - 1].page})`);
    } else {
      for (const file of files) console.log(`  ${file.set}/${file.page}: ${file.path} — ${file.reason}`);
    }
  }
}

function printSummary(result: BuildResult): void {
  console.log('');
  const nameWidth = Math.max(12, ...result.sets.map((set) => set.name.length));
  const titleWidth = Math.max(17, ...result.sets.map((set) => set.title.length));
  console.log(`${'set'.padEnd(nameWidth)} ${'title'.padEnd(titleWidth)} built/pinned  train  val  report  converted  unchanged`);
  for (const set of result.sets) {
    console.log(
      `${set.name.padEnd(nameWidth)} ${set.title.padEnd(titleWidth)} ${`${set.built}/${set.pinned}`.padStart(12)}  ${String(set.splits.train).padStart(5)}  ${String(set.splits.val).padStart(3)}  ${String(set.splits.report).padStart(6)}  ${String(set.converted).padStart(9)}  ${String(set.reused).padStart(9)}`,
    );
  }
  const deskPhotos = (result.index.desks ?? []).reduce((sum, set) => sum + set.photos.length, 0);
  const total = result.index.sets.reduce((sum, set) => sum + set.pages.length, 0);
  console.log(`total: ${total} pages in ${result.index.sets.length} set(s)${deskPhotos > 0 ? `, ${deskPhotos} desk photos in desks/` : ''}; index: ${result.indexPath}`);
  printMissing(result.index.missing);
}

async function main(): Promise<number> {
  let values: { from?: string; out?: string; sets?: string; manifest?: string };
  try {
    ({ values } = parseArgs({
      options: { from: { type: 'string' }, out: { type: 'string' }, sets: { type: 'string' }, manifest: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.from) {
    console.error(`--from DIR is required: the folder with clones or mirrors of the pinned repositories.\n${USAGE}`);
    return 2;
  }
  const manifestPath = values.manifest ?? DEFAULT_SOURCES_MANIFEST;
  const out = values.out ?? DEFAULT_REAL_DATA_DIR;
  const sets = values.sets?.split(',').map((name) => name.trim()).filter(Boolean);
  let result: BuildResult;
  let onlyInkCrops: boolean;
  try {
    const manifest = readSourcesManifest(manifestPath);
    onlyInkCrops = selectSets(manifest, sets).every((set) => set.kind === 'inkCrops');
    console.log(`building real data from ${values.from} into ${out} (manifest ${manifestPath})`);
    result = await buildRealData({ from: values.from, out, manifest, sets, log: (line) => console.log(line) });
  } catch (error) {
    console.error(`data:real: ${(error as Error).message}`);
    return 2;
  }
  printSummary(result);
  if (result.refused.length > 0) {
    console.error(`\n${result.refused.length} file(s) refused: ${CHECKSUM_MISMATCH} against the pinned manifest. Not the pinned data: check the copy in ${values.from}.`);
    return 1;
  }
  if (onlyInkCrops) {
    console.log('\nthe chosen sets are ink crops: they have no pages to build here; npm run data:real-ink reads them.');
    return 0;
  }
  if (result.index.sets.length === 0) {
    console.error('\nnothing could be built: see the missing list above.');
    return 1;
  }
  if (!values.sets && !values.out) {
    console.log('\nthe class model\'s real ink (npm run data:real-ink):');
    await buildAndReportRealInk(values.from, undefined, manifestPath);
  }
  return 0;
}

process.exitCode = await main();
