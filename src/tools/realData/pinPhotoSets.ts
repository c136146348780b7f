/**
 * Pinning the photo sets (photoSets.ts): every photo of a set's path pattern at its commit, checked to
 * be a JPEG or PNG (not a Git LFS pointer); sheet photos with their corner file, checked to hold a
 * convex quadrilateral, and their capture session (stored pixel size), which gives their split.
 *
 *   npx tsx src/tools/realData/pinPhotoSets.ts --from DIR [--manifest models/data/real/sources.json]
 * replaces (or adds) only the photo sets in the manifest, leaving every other set as pinned.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { locateRepositoriesIn } from './findRepository';
import { listTree, readBlobAtCommit, type TreeEntry } from './gitObjects';
import { DESK_PHOTOS, PHOTO_SET_DEFINITIONS, sessionOf, sheetPhotoSplit, type PhotoSetDefinition } from './photoSets';
import { pinFile, type LocateRepository } from './pinManifest';
import { reservedReason } from './reservedSets';
import { parseCornerFile } from './sheetCorners';
import { checkSourcesManifest, DEFAULT_SOURCES_MANIFEST, type PinnedPage, type PinnedSet, type SourcesManifest } from './sourcesManifest';

/** Refuses bytes that are not a JPEG or PNG (an LFS pointer, an HTML page, a text file). */
export function checkPhotoBytes(path: string, bytes: Buffer): void {
  if (bytes.subarray(0, 40).toString('latin1').startsWith('version https://git-lfs')) throw new Error(`${path} is a Git LFS pointer, not the photo`);
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!jpeg && !png) throw new Error(`${path} is neither a JPEG nor a PNG`);
}

function idPattern(pattern: string): RegExp {
  const [before, after] = pattern.split('{id}').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${before}(?<id>[^/]+)${after}$`);
}

/** Lists, checks and pins every photo of the set (and its corner file for a sheet photo). */
export async function pinPhotoSet(definition: PhotoSetDefinition, locate: LocateRepository): Promise<PinnedSet> {
  const gitDir = await locate(definition.repository, definition.commit);
  const tree = await listTree(gitDir, definition.commit);
  const byPath = new Map(tree.map((entry) => [entry.path, entry]));
  const imagePattern = idPattern(definition.paths.image);
  const found: { id: string; image: TreeEntry }[] = [];
  for (const entry of tree) {
    const id = imagePattern.exec(entry.path)?.groups?.id;
    if (id === undefined || !definition.ids.test(id)) continue;
    const reserved = reservedReason(entry.path);
    if (reserved) throw new Error(`${definition.name}: ${entry.path} belongs to the reserved ${reserved}: never pinned`);
    found.push({ id, image: entry });
  }
  if (found.length === 0) throw new Error(`${definition.name}: no photos match ${definition.paths.image} at ${definition.commit}`);
  // Numeric parts in numeric order (scanner_test_2 before scanner_test_10).
  found.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));

  const pages: PinnedPage[] = [];
  for (const { id, image } of found) {
    const pinnedImage = await pinFile(gitDir, definition.commit, image, checkPhotoBytes);
    if (definition.kind === DESK_PHOTOS) {
      pages.push({ id, split: 'train', image: pinnedImage });
      continue;
    }
    if (pinnedImage.sha256 === null) throw new Error(`${definition.name}: ${image.path} is absent from the copy: its session (pixel size) cannot be told`);
    const truthPath = definition.paths.truth!.replace('{id}', id);
    const truthEntry = byPath.get(truthPath);
    if (!truthEntry) throw new Error(`${definition.name}: ${image.path} has no corner file ${truthPath}`);
    const truth = await pinFile(gitDir, definition.commit, truthEntry, (path, bytes) => {
      try {
        parseCornerFile(bytes, image.path.slice(image.path.lastIndexOf('/') + 1));
      } catch (error) {
        throw new Error(`${path}: ${(error as Error).message}`, { cause: error });
      }
    });
    const meta = await sharp(await readBlobAtCommit(gitDir, definition.commit, image.path)).metadata();
    if (!meta.width || !meta.height) throw new Error(`${image.path}: no pixel size`);
    const session = sessionOf(meta.width, meta.height);
    pages.push({ id, split: sheetPhotoSplit(session, definition.valSessions ?? []), image: pinnedImage, truth, session });
  }
  const { ids: _ids, ...set } = definition;
  return { ...set, pages };
}

/** The manifest with the photo sets pinned anew from `locate` (added at the end when new). */
export async function withPhotoSets(manifest: SourcesManifest, locate: LocateRepository, definitions: readonly PhotoSetDefinition[] = PHOTO_SET_DEFINITIONS): Promise<SourcesManifest> {
  const sets = [...manifest.sets];
  for (const definition of definitions) {
    const pinned = await pinPhotoSet(definition, locate);
    const at = sets.findIndex((set) => set.name === pinned.name);
    if (at >= 0) sets[at] = pinned;
    else sets.push(pinned);
  }
  return checkSourcesManifest({ ...manifest, sets });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, manifest: { type: 'string', default: DEFAULT_SOURCES_MANIFEST } } });
  if (!values.from) {
    console.error('usage: npx tsx src/tools/realData/pinPhotoSets.ts --from DIR [--manifest models/data/real/sources.json]');
    process.exit(2);
  }
  const locate = locateRepositoriesIn(values.from);
  const manifest = JSON.parse(readFileSync(values.manifest, 'utf8')) as SourcesManifest;
  const next = await withPhotoSets(manifest, locate);
  writeFileSync(values.manifest, `${JSON.stringify(next, null, 2)}\n`);
  for (const definition of PHOTO_SET_DEFINITIONS) {
    const set = next.sets.find((candidate) => candidate.name === definition.name)!;
    const splits = (['train', 'val', 'report'] as const).map((split) => `${set.pages.filter((page) => page.split === split).length} ${split}`).join(', ');
    console.log(`${set.name} (${set.kind}): ${set.pages.length} photos (${splits})`);
  }
  console.log(`manifest written to ${values.manifest}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
