/**
 * The pinned real-data manifest (`models/data/real/sources.json`): which public repository, at which
 * commit, under which licence, and every file by git blob id, byte size and SHA-256. Written by
 * `pinSources.ts` from a mirror, read by the builder (`npm run data:real`), committed so that the
 * data every figure rests on is named exactly. The data itself is never committed.
 */
import { readFileSync } from 'node:fs';
import type { PageSplit, TruthKind } from './datasetIndex';
import { checkPenTrajectorySet, type Authenticity, type PEN_TRAJECTORIES } from './penTrajectorySets';
import { checkPhotoSet, type DESK_PHOTOS } from './photoSets';
import { reservedReason } from './reservedSets';

export const DEFAULT_SOURCES_MANIFEST = 'models/data/real/sources.json';

/**
 * `train`: its pages are for training and tuning (with its own `val` pages held out); `report`: figures
 * only; `split`: the set's own rule (`splitRule`) puts each page in `train`, `val` or `report`.
 */
export type SetRole = 'train' | 'report' | 'split';

/**
 * How a set's truth draws ink: `binary` = black ink on white paper; `greyLevel` = ink in grey levels on
 * white (Bickley diary). Both become 255 = ink where the grey value is below 128.
 */
export type TruthFormat = 'binary' | 'greyLevel';

export interface PinnedFile {
  /** Path inside the repository at the set's commit. */
  path: string;
  /** Git blob id, as `git ls-tree -r -l COMMIT` names it. */
  blob: string;
  /** Bytes; null when the blob was absent from the copy the manifest was pinned from. */
  size: number | null;
  /** Hex SHA-256 of the blob's bytes; null when the blob was absent (see `note`). */
  sha256: string | null;
  note?: string;
}

export interface PinnedPage {
  id: string;
  split: PageSplit;
  /** inkCrops and penTrajectories sets: who wrote it (the split goes by writer, so one hand never sits on both sides). */
  writer?: string;
  image: PinnedFile;
  /**
   * Paper sets: the pixel truth (always). inkClasses sets: StaVer's stamp-ink mask, when the page has one.
   * sheetPhotos sets: the file with the sheet's four corners (always).
   */
  truth?: PinnedFile;
  /** inkClasses sets: the label map, from the set's `labelSource` repository, when the page has one. */
  labels?: PinnedFile;
  /** signatureBoxes sets: whether the source files the page as having a signature. */
  hasSignature?: boolean;
  /** penTrajectories sets (penTrajectorySets.ts): `image` is the signature's trajectory file; whether it is genuine. */
  authenticity?: Authenticity;
  /** sheetPhotos sets (photoSets.ts): the capture session the split goes by (`<width>x<height>` as stored). */
  session?: string;
}

/** A second repository giving some of a set's files (StaVerGt's label maps for StaVer's pages). */
export interface PinnedSource {
  repository: string;
  commit: string;
  licence: string;
}

/**
 * What a set gives: a kind of truth for real pages (`TruthKind`, built by `npm run data:real`), or
 * `inkCrops`: crops of one kind of real ink on clean paper, no page and no truth beside them, read
 * only by `npm run data:real-ink` (cut out with a soft alpha for the generator), or `deskPhotos`:
 * photos of desks without paper, built into `<out>/desks/` (backgrounds for generated photos).
 */
export type SetKind = TruthKind | 'inkCrops' | typeof DESK_PHOTOS;

/** inkCrops: which ink the crops hold and which crop numbers of each writer are pinned. */
export interface CropSelection {
  ink: 'signature' | 'stamp';
  /** Crop numbers first…last (inclusive) of each writer: the ones on the wanted medium. */
  first: number;
  last: number;
}

export interface PinnedSet {
  name: string;
  title: string;
  kind: SetKind | typeof PEN_TRAJECTORIES;
  role: SetRole;
  /** "owner/name" on GitHub. */
  repository: string;
  /** Full commit id. */
  commit: string;
  /** The licence as the repository states it. */
  licence: string;
  /** Where the pages lie, `{id}` and `{ext}` standing for a page's id and file extension. */
  paths: { image: string; truth?: string; labels?: string };
  /** How the truth draws ink (paper sets; inkClasses stamp masks are `binary`). */
  truthFormat?: TruthFormat;
  /** How pages are split when the role is `split`, in words (the code is in inkSetSplits.ts). */
  splitRule?: string;
  /** inkClasses: where the label maps come from. */
  labelSource?: PinnedSource;
  /** signatureBoxes: the file holding the boxes, at the set's commit. */
  boxes?: PinnedFile;
  /** signatureBoxes: whether every signature of a page is boxed (kept ink outside the boxes is then a leak). */
  boxesComplete?: boolean;
  /** signatureBoxes without a boxes file: every page holds signatures and nothing else, so its box is the whole page. */
  pageIsBox?: boolean;
  /** inkCrops: the ink the crops hold and which of them are pinned. */
  crops?: CropSelection;
  /** sheetPhotos: the capture sessions whose photos are `val` (the others are `report`). */
  valSessions?: string[];
  /** What the source lacks or where it is unreliable, in words. */
  notes?: string[];
  pages: PinnedPage[];
}

export interface SourcesManifest {
  version: 1;
  note: string;
  /** Sets that must never be included in any form (independent evaluation). */
  reserved: string[];
  sets: PinnedSet[];
}

const SPLITS: readonly PageSplit[] = ['train', 'val', 'report'];
const KINDS: readonly string[] = ['paper', 'inkClasses', 'signatureBoxes', 'inkCrops', 'penTrajectories', 'sheetPhotos', 'deskPhotos'];
const isRepository = (value: unknown) => typeof value === 'string' && /^[^/\s]+\/[^/\s]+$/.test(value);
const isCommit = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{40}$/.test(value);

function fail(where: string, what: string): never {
  throw new Error(`sources manifest: ${where}: ${what}`);
}

function checkFile(where: string, file: PinnedFile): void {
  if (typeof file?.path !== 'string' || file.path === '') fail(where, 'no path');
  if (!/^[0-9a-f]{40}$/.test(file.blob ?? '')) fail(where, `blob "${file.blob}" is not a 40-hex git id`);
  if (file.size !== null && !(Number.isInteger(file.size) && file.size >= 0)) fail(where, `size ${file.size} is not a byte count`);
  if (file.sha256 !== null && !/^[0-9a-f]{64}$/.test(file.sha256 ?? '')) fail(where, `sha256 "${file.sha256}" is not 64 hex digits`);
  const reserved = reservedReason(file.path);
  if (reserved) fail(where, `${file.path} belongs to a reserved evaluation set (${reserved}); it must never be included`);
}

/** Checks the shape a builder relies on, and that no reserved evaluation file slipped in. */
export function checkSourcesManifest(manifest: SourcesManifest): SourcesManifest {
  if (manifest?.version !== 1 || !Array.isArray(manifest.sets)) fail('top', 'not a version-1 manifest with sets');
  const names = new Set<string>();
  for (const set of manifest.sets) {
    if (!/^[a-z0-9]+$/.test(set.name ?? '')) fail('set', `name "${set.name}" is not a short lower-case name`);
    if (names.has(set.name)) fail(set.name, 'set named twice');
    names.add(set.name);
    if (!isRepository(set.repository)) fail(set.name, `repository "${set.repository}" is not owner/name`);
    if (!isCommit(set.commit)) fail(set.name, `commit "${set.commit}" is not a full commit id`);
    if (!KINDS.includes(set.kind)) fail(set.name, `kind "${set.kind}"`);
    if (set.role !== 'train' && set.role !== 'report' && set.role !== 'split') fail(set.name, `role "${set.role}"`);
    if (set.role === 'split' && !set.splitRule) fail(set.name, 'a split role without its splitRule');
    const paper = set.kind === 'paper';
    if ((paper || set.truthFormat !== undefined) && set.truthFormat !== 'binary' && set.truthFormat !== 'greyLevel') fail(set.name, `truthFormat "${set.truthFormat}"`);
    if (typeof set.licence !== 'string' || set.licence === '') fail(set.name, 'no licence statement');
    if (set.labelSource) {
      const { repository, commit, licence } = set.labelSource;
      if (!isRepository(repository) || !isCommit(commit) || typeof licence !== 'string' || licence === '') fail(set.name, 'labelSource needs repository, full commit and licence');
    }
    if (set.kind === 'signatureBoxes') {
      if (set.pageIsBox) {
        if (set.boxes) fail(set.name, 'a signatureBoxes set whose page is its box has no boxes file');
      } else {
        if (!set.boxes) fail(set.name, 'a signatureBoxes set without its boxes file');
        checkFile(`${set.name} boxes`, set.boxes);
      }
    }
    if (set.kind === 'inkCrops') {
      const crops = set.crops;
      if (!crops || (crops.ink !== 'signature' && crops.ink !== 'stamp') || !Number.isInteger(crops.first) || !Number.isInteger(crops.last) || crops.first > crops.last) {
        fail(set.name, 'an inkCrops set needs crops { ink: signature|stamp, first ≤ last }');
      }
    }
    if (set.kind === 'penTrajectories') checkPenTrajectorySet(set, fail);
    if (set.kind === 'sheetPhotos' || set.kind === 'deskPhotos') checkPhotoSet(set, fail);
    const ids = new Set<string>();
    for (const page of set.pages ?? []) {
      const where = `${set.name}/${page.id}`;
      if (!/^[A-Za-z0-9._-]+$/.test(page.id ?? '')) fail(where, 'page id must be a plain file name');
      if (ids.has(page.id)) fail(where, 'page listed twice');
      ids.add(page.id);
      if (!SPLITS.includes(page.split)) fail(where, `split "${page.split}"`);
      if (set.kind === 'inkCrops' && !/^[A-Za-z0-9._-]+$/.test(page.writer ?? '')) fail(where, 'an inkCrops page without its writer');
      if (set.role === 'report' ? page.split !== 'report' : set.role === 'train' && page.split === 'report') fail(where, `split "${page.split}" in a ${set.role} set`);
      const reserved = reservedReason(page.id);
      if (reserved) fail(where, `page belongs to a reserved evaluation set (${reserved}); it must never be included`);
      checkFile(`${where} image`, page.image);
      if (paper && !page.truth) fail(where, 'a paper page without truth');
      if (page.truth) checkFile(`${where} truth`, page.truth);
      if (page.labels) {
        if (!set.labelSource) fail(where, 'labels without the set\'s labelSource');
        checkFile(`${where} labels`, page.labels);
      }
    }
  }
  return manifest;
}

export function readSourcesManifest(path = DEFAULT_SOURCES_MANIFEST): SourcesManifest {
  return checkSourcesManifest(JSON.parse(readFileSync(path, 'utf8')) as SourcesManifest);
}
