/**
 * Real pen trajectories (set kind `penTrajectories`): online signatures recorded on a tablet, one
 * text file per signature, pinned file by file like any other set (pinPenTrajectories.ts), split by
 * WRITER so that no writer's hand is on both sides. Built into the generator's trajectory library by
 * src/tools/realInk/buildTrajectories.ts (train writers only); `npm run data:real` pins-checks them
 * and builds nothing for them.
 *
 * A page of such a set is one signature: `image` is its trajectory file (text), `writer` the
 * writer's id, `authenticity` whether the source says the signature is genuine, a forgery of that
 * writer, or does not say.
 */
import type { PageSplit } from './datasetIndex';
import type { PinnedSet } from './sourcesManifest';

export const PEN_TRAJECTORIES = 'penTrajectories';

export type Authenticity = 'genuine' | 'forgery' | 'unknown';

export const PEN_TRAJECTORY_SPLIT_RULE =
  'by writer (the first three digits of the file name): writers in id order, every 4th (index % 4 === 3) val, the rest train; all of a writer\'s files (enrollment and verification) share its split';

/** A pen trajectory set before its files are pinned. */
export interface PenTrajectorySetDefinition extends Omit<PinnedSet, 'pages' | 'kind'> {
  kind: typeof PEN_TRAJECTORIES;
  /** Folders holding one `<id>.txt` per signature. */
  folders: string[];
  /** File (at the set's commit) saying `<id> g|f` for some of the files; the rest are `unknown` unless the id says `-g-`. */
  authenticityFile?: string;
}

export const TABLET_SIGNATURES: PenTrajectorySetDefinition = {
  name: 'tabletsignatures',
  title: 'Tablet signatures (exercise3)',
  kind: PEN_TRAJECTORIES,
  role: 'split',
  repository: 'literally-a-placeholder/exercise3',
  commit: '797db4b1470a9ff9d2a667731e6da39babec89da',
  licence:
    'MIT License, Copyright (c) 2019 literally-a-placeholder (LICENSE at the commit); the signature data carries no licence of its own and its origin is not stated: ' +
    'real people\'s signatures, kept internal (training only, never redistributed or shown)',
  paths: { image: 'signaturedata/{folder}/{id}.txt' },
  folders: ['signaturedata/enrollment', 'signaturedata/verification'],
  authenticityFile: 'signaturedata/gt.txt',
  splitRule: PEN_TRAJECTORY_SPLIT_RULE,
  notes: [
    'One line per 10 ms sample: t (s), x, y (mm, y pointing up), pressure (0…1023, 0 = pen in the air), penup, azimuth, inclination (degrees). ' +
      'penup is 1 on the sample where the pen goes down or up (a toggle, not a state) and is unreliable: it also fires inside continuous pressure; pressure > 0 is what says the pen is on the tablet.',
    'Samples with pressure 0 are the pen hovering (its position is still recorded): they separate strokes and are not ink.',
    '100 writers (001…100): enrollment NNN-g-KK are 5 genuine signatures each; verification NNN-KK are 45 each, genuine or skilled forgeries of that writer. ' +
      'signaturedata/gt.txt says which for writers 001…030 only (600 genuine, 750 forgeries); for 031…100 the verification files are `unknown`.',
    'Forgeries are kept: they are real pen dynamics of a real hand (the forger\'s), written to look like the writer\'s signature. A forger may be another writer of the set, on the other side of the split.',
    'The README names the columns but not the data\'s origin; the names written (Spanish) and the shape (100 writers × 25 genuine + 25 forgeries, 100 Hz, 1024 pressure levels) look like a published online-signature corpus with its own terms: treat as research-only.',
  ],
};

export const PEN_TRAJECTORY_SET_DEFINITIONS: readonly PenTrajectorySetDefinition[] = [TABLET_SIGNATURES];

/** The writer of a signature file id (`001-g-01`, `001-01` → `001`). */
export function writerOf(id: string): string {
  const match = /^(\d{3})-/.exec(id);
  if (!match) throw new Error(`${id} does not start with a three-digit writer id`);
  return match[1];
}

/** Each signature's split, by its writer's place among the writers in id order. */
export function penTrajectorySplits(ids: readonly string[]): Map<string, PageSplit> {
  const writers = [...new Set(ids.map(writerOf))].sort();
  const byWriter = new Map(writers.map((writer, i) => [writer, (i % 4 === 3 ? 'val' : 'train') as PageSplit]));
  return new Map(ids.map((id) => [id, byWriter.get(writerOf(id))!]));
}

/** The manifest checker's part for this kind: writers, authenticity and the writer split as documented. */
export function checkPenTrajectorySet(set: PinnedSet, fail: (where: string, what: string) => never): void {
  if (set.role !== 'split') fail(set.name, 'a penTrajectories set is split by writer (role "split")');
  const splits = penTrajectorySplits(set.pages.map((page) => page.id));
  for (const page of set.pages) {
    const where = `${set.name}/${page.id}`;
    if (page.writer !== writerOf(page.id)) fail(where, `writer "${page.writer}" is not the id's writer`);
    if (!['genuine', 'forgery', 'unknown'].includes(page.authenticity ?? '')) fail(where, `authenticity "${page.authenticity}"`);
    if (page.split !== splits.get(page.id)) fail(where, `split "${page.split}" is not its writer's (${splits.get(page.id)})`);
  }
}
