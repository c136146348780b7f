/**
 * Pinning a pen trajectory set (penTrajectorySets.ts): every signature file of its folders at the
 * commit, checked to be a trajectory text (not a Git LFS pointer), with its writer, what the source
 * says of its authenticity, and its writer's split.
 */
import { listTree, readBlobAtCommit, type TreeEntry } from './gitObjects';
import { penTrajectorySplits, writerOf, type Authenticity, type PenTrajectorySetDefinition } from './penTrajectorySets';
import { pinFile, type LocateRepository } from './pinManifest';
import { reservedReason } from './reservedSets';
import type { PinnedPage, PinnedSet } from './sourcesManifest';

/** Refuses bytes that are not a trajectory text file of 7 numeric columns (an LFS pointer, a binary). */
export function checkTrajectoryBytes(path: string, bytes: Buffer): void {
  const head = bytes.subarray(0, 400).toString('latin1');
  if (head.startsWith('version https://git-lfs')) throw new Error(`${path} is a Git LFS pointer, not the trajectory`);
  const first = head.split('\n')[0].trim().split(/\s+/);
  if (first.length !== 7 || first.some((value) => !Number.isFinite(Number(value)))) throw new Error(`${path} does not start with 7 numeric columns (t x y pressure penup azimuth inclination)`);
}

function authenticityOf(id: string, stated: Map<string, string>): Authenticity {
  if (/^\d{3}-g-/.test(id)) return 'genuine';
  const says = stated.get(id);
  return says === 'g' ? 'genuine' : says === 'f' ? 'forgery' : 'unknown';
}

/** Lists, checks and pins every signature file of the set; each gets its writer, authenticity and split. */
export async function pinPenTrajectorySet(definition: PenTrajectorySetDefinition, locate: LocateRepository): Promise<PinnedSet> {
  const gitDir = await locate(definition.repository, definition.commit);
  const tree = await listTree(gitDir, definition.commit);
  const stated = new Map<string, string>();
  if (definition.authenticityFile) {
    const text = (await readBlobAtCommit(gitDir, definition.commit, definition.authenticityFile)).toString('utf8');
    for (const line of text.split('\n')) {
      const [id, label] = line.trim().split(/\s+/);
      if (id && label) stated.set(id, label);
    }
  }
  const found: { id: string; entry: TreeEntry }[] = [];
  for (const entry of tree) {
    const slash = entry.path.lastIndexOf('/');
    if (!definition.folders.includes(entry.path.slice(0, slash)) || !entry.path.endsWith('.txt')) continue;
    const id = entry.path.slice(slash + 1, -'.txt'.length);
    if (reservedReason(entry.path)) throw new Error(`${definition.name}: ${entry.path} belongs to a reserved set: never pinned`);
    writerOf(id);
    if (found.some((other) => other.id === id)) throw new Error(`${definition.name}: signature ${id} twice`);
    found.push({ id, entry });
  }
  if (found.length === 0) throw new Error(`${definition.name}: no trajectory files in ${definition.folders.join(', ')}`);
  found.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const splits = penTrajectorySplits(found.map((file) => file.id));
  const pages: PinnedPage[] = [];
  for (const { id, entry } of found) {
    const image = await pinFile(gitDir, definition.commit, entry, checkTrajectoryBytes);
    pages.push({ id, split: splits.get(id)!, image, writer: writerOf(id), authenticity: authenticityOf(id, stated) });
  }
  const { folders: _folders, authenticityFile: _authenticityFile, ...set } = definition;
  return { ...set, pages };
}
