/**
 * Pinning an ink-crop set (kind inkCrops: crops of one kind of real ink on clean paper, e.g. the
 * paper signatures of Cross-media Signatures): every crop numbered first…last of every writer under
 * the set's path pattern (`{writer}`, `{n}`, `{ext}`), each by git blob id, size and SHA-256 and
 * checked to be an image; the split by writer (inkSetSplits.ts). Other crop numbers (other media)
 * are never read.
 */
import { listTree, type TreeEntry } from './gitObjects';
import type { InkSetDefinition } from './inkSetDefinitions';
import { byWriterId, writerSplits } from './inkSetSplits';
import { checkImageBytes, type InkSetPinning } from './pinnedImage';
import { pinFile, type LocateRepository } from './pinManifest';
import { reservedReason } from './reservedSets';
import type { PinnedPage } from './sourcesManifest';

/** `experiment/rect/{writer}/{n}.{ext}` as a regular expression with named groups. */
export function cropPattern(pattern: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const groups: Record<string, string> = { '{writer}': '(?<writer>[A-Za-z0-9_-]+)', '{n}': '(?<n>\\d+)', '{ext}': '(?<ext>[A-Za-z0-9]+)' };
  const source = pattern
    .split(/(\{writer\}|\{n\}|\{ext\})/)
    .map((part) => groups[part] ?? escape(part))
    .join('');
  if (!source.includes('(?<writer>') || !source.includes('(?<n>')) throw new Error(`${pattern}: an ink-crop path needs {writer} and {n}`);
  return new RegExp(`^${source}$`);
}

export async function pinInkCrops(definition: InkSetDefinition, locate: LocateRepository): Promise<InkSetPinning> {
  const { crops } = definition;
  if (!crops) throw new Error(`${definition.name}: an inkCrops set needs its crops selection`);
  const gitDir = await locate(definition.repository, definition.commit);
  const pattern = cropPattern(definition.paths.image);
  const found: { writer: string; n: number; entry: TreeEntry }[] = [];
  for (const entry of await listTree(gitDir, definition.commit)) {
    const match = pattern.exec(entry.path)?.groups;
    if (!match) continue;
    const n = Number(match.n);
    if (n < crops.first || n > crops.last) continue;
    if (reservedReason(entry.path)) throw new Error(`${definition.name}: ${entry.path} belongs to a reserved set: never pinned`);
    if (found.some((crop) => crop.writer === match.writer && crop.n === n)) throw new Error(`${definition.name}: writer ${match.writer} crop ${n} twice`);
    found.push({ writer: match.writer, n, entry });
  }
  if (found.length === 0) throw new Error(`${definition.name}: no crops ${crops.first}…${crops.last} match ${definition.paths.image}`);
  found.sort((a, b) => byWriterId(a.writer, b.writer) || a.n - b.n);
  const splits = writerSplits(found.map((crop) => crop.writer));
  const pages: PinnedPage[] = [];
  for (const crop of found) {
    pages.push({
      id: `${crop.writer}-${crop.n}`,
      split: splits.get(crop.writer)!,
      writer: crop.writer,
      image: await pinFile(gitDir, definition.commit, crop.entry, checkImageBytes),
    });
  }
  const { boxesPath: _boxesPath, ...set } = definition;
  return { set: { ...set, pages }, reservedLeftOut: [], withoutTruth: [] };
}
