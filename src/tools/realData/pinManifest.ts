/**
 * Listing the pinned sets' files in repository copies and describing each by git blob id, byte size
 * and SHA-256: the manifest pinSources.ts writes. Deterministic for the same copies: pages in id
 * order, splits from that order.
 */
import type { PageSplit } from './datasetIndex';
import { gitBlobId, sha256Hex } from './fileChecksum';
import { hasBlob, listTree, readBlobAtCommit, type TreeEntry } from './gitObjects';
import type { SetDefinition } from './pinnedSetDefinitions';
import { RESERVED_SETS, reservedReason } from './reservedSets';
import { checkSourcesManifest, type PinnedFile, type PinnedPage, type PinnedSet, type SetRole, type SourcesManifest } from './sourcesManifest';

export const ABSENT_BLOB_NOTE =
  'blob absent from the copy this manifest was pinned from (files of 4 MiB and more are not mirrored): size and SHA-256 unknown; the git blob id pins the content';

export const MANIFEST_NOTE =
  'Pinned by src/tools/realData/pinSources.ts from repository copies (npx tsx src/tools/realData/pinSources.ts --from DIR). ' +
  'The data is never committed: build it locally with `npm run data:real -- --from DIR`. ' +
  'Train sets: every 4th page in id order (index % 4 === 3) is `val` (held out: choose on it, never fit), the rest `train`; ' +
  'report sets: every page `report` (figures only, never trained, tuned or chosen on).';

/** A training set's own held-out pages: every 4th page in id order; a report set's pages are all `report`. */
export function splitOf(role: SetRole, indexInIdOrder: number): PageSplit {
  if (role === 'report') return 'report';
  return indexInIdOrder % 4 === 3 ? 'val' : 'train';
}

/** A path pattern with `{id}` and `{ext}` as a regular expression; `id` fixes the page id. */
function patternRegExp(pattern: string, id?: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = pattern
    .split(/(\{id\}|\{ext\})/)
    .map((part) => {
      if (part === '{id}') return id === undefined ? '(?<id>[^/]+?)' : escape(id);
      if (part === '{ext}') return '(?<ext>[A-Za-z0-9]+)';
      return escape(part);
    })
    .join('');
  return new RegExp(`^${source}$`);
}

export interface PinnedSetFiles {
  id: string;
  image: TreeEntry;
  truth: TreeEntry;
}

/** The set's pages as the commit's tree lists them, in id order. Throws on a page without truth. */
export function matchPages(definition: SetDefinition, tree: TreeEntry[]): PinnedSetFiles[] {
  const imagePattern = patternRegExp(definition.paths.image);
  const pages: PinnedSetFiles[] = [];
  for (const entry of tree) {
    const id = imagePattern.exec(entry.path)?.groups?.id;
    if (id === undefined || !definition.ids.test(id)) continue;
    const truthPattern = patternRegExp(definition.paths.truth, id);
    const truths = tree.filter((candidate) => truthPattern.test(candidate.path));
    if (truths.length !== 1) throw new Error(`${definition.name}: ${entry.path} has ${truths.length} truth files, expected 1`);
    for (const path of [entry.path, truths[0].path]) {
      const reserved = reservedReason(path);
      if (reserved) throw new Error(`${definition.name}: ${path} belongs to the reserved ${reserved}: never pinned`);
    }
    pages.push({ id, image: entry, truth: truths[0] });
  }
  return pages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Pins a tree entry; `check` may refuse the bytes (e.g. a Git LFS pointer where an image belongs). */
export async function pinFile(gitDir: string, commit: string, entry: TreeEntry, check?: (path: string, bytes: Buffer) => void): Promise<PinnedFile> {
  if (!(await hasBlob(gitDir, entry.blob))) return { path: entry.path, blob: entry.blob, size: null, sha256: null, note: ABSENT_BLOB_NOTE };
  const bytes = await readBlobAtCommit(gitDir, commit, entry.path);
  if (gitBlobId(bytes) !== entry.blob) throw new Error(`${entry.path}: the bytes read are not blob ${entry.blob}`);
  check?.(entry.path, bytes);
  return { path: entry.path, blob: entry.blob, size: bytes.length, sha256: sha256Hex(bytes) };
}

/** Finds a repository's git directory holding the commit; throws when there is none. */
export type LocateRepository = (repository: string, commit: string) => Promise<string>;

export async function pinManifest(definitions: readonly SetDefinition[], locate: LocateRepository): Promise<SourcesManifest> {
  const trees = new Map<string, Promise<{ gitDir: string; tree: TreeEntry[] }>>();
  const sets: PinnedSet[] = [];
  for (const definition of definitions) {
    const key = `${definition.repository}@${definition.commit}`;
    if (!trees.has(key)) {
      trees.set(key, locate(definition.repository, definition.commit).then(async (gitDir) => ({ gitDir, tree: await listTree(gitDir, definition.commit) })));
    }
    const { gitDir, tree } = await trees.get(key)!;
    const found = matchPages(definition, tree);
    if (found.length === 0) throw new Error(`${definition.name}: no pages match ${definition.paths.image} at ${key}`);
    const pages: PinnedPage[] = [];
    for (const [index, page] of found.entries()) {
      pages.push({
        id: page.id,
        split: splitOf(definition.role, index),
        image: await pinFile(gitDir, definition.commit, page.image),
        truth: await pinFile(gitDir, definition.commit, page.truth),
      });
    }
    const { name, title, kind, role, repository, commit, licence, paths, truthFormat } = definition;
    sets.push({ name, title, kind, role, repository, commit, licence, paths, truthFormat, pages });
  }
  return checkSourcesManifest({ version: 1, note: MANIFEST_NOTE, reserved: [...RESERVED_SETS], sets });
}
