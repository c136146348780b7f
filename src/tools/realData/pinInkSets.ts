/**
 * Pinning the real ink sets (inkSetDefinitions.ts): StaVer's scans and stamp-ink maps with
 * StaVerGt's label maps for the same pages, and Tobacco800's pages with their boxes file. Reserved
 * pages are left out before a byte of them is read; every pinned image is checked to be an image
 * (not a Git LFS pointer), and each page's split comes from inkSetSplits.ts.
 */
import { listTree, readBlobAtCommit, type TreeEntry } from './gitObjects';
import type { InkSetDefinition } from './inkSetDefinitions';
import { namePageSplits, staverSplits, tobacco800Splits } from './inkSetSplits';
import { checkImageBytes, type InkSetPinning } from './pinnedImage';
import { pinInkCrops } from './pinInkCrops';
import { pinFile, type LocateRepository } from './pinManifest';
import { reservedReason } from './reservedSets';
import type { PinnedPage } from './sourcesManifest';

function patternRegExp(pattern: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = pattern
    .split(/(\{id\}|\{class\})/)
    .map((part) => (part === '{id}' ? '(?<id>[^/]+?)' : part === '{class}' ? '(?<class>[^/]+)' : escape(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);


/** StaVer pages: a scan with its stamp-ink map and/or its StaVerGt label map. */
export async function pinStaver(definition: InkSetDefinition, locate: LocateRepository): Promise<InkSetPinning> {
  const { labelSource } = definition;
  if (!labelSource || !definition.paths.truth || !definition.paths.labels) throw new Error(`${definition.name}: needs truth and label paths and a labelSource`);
  const gitDir = await locate(definition.repository, definition.commit);
  const labelGitDir = await locate(labelSource.repository, labelSource.commit);
  const tree = await listTree(gitDir, definition.commit);
  const labelTree = await listTree(labelGitDir, labelSource.commit);
  const byPath = new Map(tree.map((entry) => [entry.path, entry]));
  const labelByPath = new Map(labelTree.map((entry) => [entry.path, entry]));
  const imagePattern = patternRegExp(definition.paths.image);
  const reservedLeftOut: string[] = [];
  const withoutTruth: string[] = [];
  const found: { id: string; image: TreeEntry; truth?: TreeEntry; labels?: TreeEntry }[] = [];
  for (const entry of tree) {
    const id = imagePattern.exec(entry.path)?.groups?.id;
    if (id === undefined || !/^stampDS-\d{5}$/.test(id)) continue;
    if (reservedReason(entry.path)) {
      reservedLeftOut.push(id);
      continue;
    }
    const truth = byPath.get(definition.paths.truth.replace('{id}', id));
    const labels = labelByPath.get(definition.paths.labels.replace('{id}', id));
    if (!truth && !labels) {
      withoutTruth.push(id);
      continue;
    }
    found.push({ id, image: entry, truth, labels });
  }
  if (found.length === 0) throw new Error(`${definition.name}: no pages match ${definition.paths.image}`);
  found.sort(byId);
  const splits = staverSplits(found.map((page) => page.id));
  const pages: PinnedPage[] = [];
  for (const page of found) {
    for (const entry of [page.image, page.truth, page.labels]) {
      if (entry && reservedReason(entry.path)) throw new Error(`${definition.name}: ${entry.path} belongs to a reserved set: never pinned`);
    }
    const pinned: PinnedPage = { id: page.id, split: splits.get(page.id)!, image: await pinFile(gitDir, definition.commit, page.image, checkImageBytes) };
    if (page.truth) pinned.truth = await pinFile(gitDir, definition.commit, page.truth, checkImageBytes);
    if (page.labels) pinned.labels = await pinFile(labelGitDir, labelSource.commit, page.labels, checkImageBytes);
    pages.push(pinned);
  }
  const { boxesPath: _boxesPath, ...set } = definition;
  return { set: { ...set, pages }, reservedLeftOut: reservedLeftOut.sort(), withoutTruth: withoutTruth.sort() };
}

/** Tobacco800 pages: `{class}` is `signature` or `no_signature`; the boxes file gives each signature page its box. */
export async function pinTobacco800(definition: InkSetDefinition, locate: LocateRepository): Promise<InkSetPinning> {
  if (!definition.boxesPath) throw new Error(`${definition.name}: no boxes file`);
  const gitDir = await locate(definition.repository, definition.commit);
  const tree = await listTree(gitDir, definition.commit);
  const boxesEntry = tree.find((entry) => entry.path === definition.boxesPath);
  if (!boxesEntry) throw new Error(`${definition.name}: ${definition.boxesPath} not at ${definition.commit}`);
  const boxes = JSON.parse((await readBlobAtCommit(gitDir, definition.commit, boxesEntry.path)).toString('utf8')) as Record<string, unknown>;
  const imagePattern = patternRegExp(definition.paths.image);
  const reservedLeftOut: string[] = [];
  const found: { id: string; image: TreeEntry; hasSignature: boolean }[] = [];
  for (const entry of tree) {
    const match = imagePattern.exec(entry.path)?.groups;
    if (!match || (match.class !== 'signature' && match.class !== 'no_signature')) continue;
    if (reservedReason(entry.path)) {
      reservedLeftOut.push(match.id);
      continue;
    }
    const hasSignature = match.class === 'signature';
    const boxed = Object.hasOwn(boxes, `${match.id}.tif`);
    if (hasSignature !== boxed) throw new Error(`${definition.name}: ${entry.path} is filed ${match.class} but ${boxed ? 'has' : 'has no'} box in ${definition.boxesPath}`);
    if (found.some((page) => page.id === match.id)) throw new Error(`${definition.name}: page ${match.id} twice`);
    found.push({ id: match.id, image: entry, hasSignature });
  }
  if (found.length === 0) throw new Error(`${definition.name}: no pages match ${definition.paths.image}`);
  found.sort(byId);
  const splits = tobacco800Splits(found.map((page) => page.id));
  const pages: PinnedPage[] = [];
  for (const page of found) {
    pages.push({ id: page.id, split: splits.get(page.id)!, image: await pinFile(gitDir, definition.commit, page.image, checkImageBytes), hasSignature: page.hasSignature });
  }
  const { boxesPath: _boxesPath, ...set } = definition;
  return { set: { ...set, boxes: await pinFile(gitDir, definition.commit, boxesEntry), pages }, reservedLeftOut: reservedLeftOut.sort(), withoutTruth: [] };
}

/** Pages holding signatures only (`pageIsBox`): every image under the path pattern, ids in numeric order. */
export async function pinSignaturePages(definition: InkSetDefinition, locate: LocateRepository): Promise<InkSetPinning> {
  const gitDir = await locate(definition.repository, definition.commit);
  const imagePattern = patternRegExp(definition.paths.image);
  const found: { id: string; image: TreeEntry }[] = [];
  for (const entry of await listTree(gitDir, definition.commit)) {
    const id = imagePattern.exec(entry.path)?.groups?.id;
    if (id === undefined) continue;
    if (reservedReason(entry.path)) throw new Error(`${definition.name}: ${entry.path} belongs to a reserved set: never pinned`);
    found.push({ id, image: entry });
  }
  if (found.length === 0) throw new Error(`${definition.name}: no pages match ${definition.paths.image}`);
  found.sort((a, b) => Number(a.id) - Number(b.id) || byId(a, b));
  const splits = namePageSplits(found.map((page) => page.id));
  const pages: PinnedPage[] = [];
  for (const page of found) {
    pages.push({ id: page.id, split: splits.get(page.id)!, image: await pinFile(gitDir, definition.commit, page.image, checkImageBytes), hasSignature: true });
  }
  const { boxesPath: _boxesPath, ...set } = definition;
  return { set: { ...set, pages }, reservedLeftOut: [], withoutTruth: [] };
}

export function pinInkSet(definition: InkSetDefinition, locate: LocateRepository): Promise<InkSetPinning> {
  if (definition.kind === 'inkCrops') return pinInkCrops(definition, locate);
  if (definition.kind === 'signatureBoxes' && definition.pageIsBox) return pinSignaturePages(definition, locate);
  return definition.kind === 'inkClasses' ? pinStaver(definition, locate) : pinTobacco800(definition, locate);
}

export { checkImageBytes, type InkSetPinning } from './pinnedImage';
