/**
 * The built real dataset's index (`<out>/index.json`, written by `npm run data:real`), read by the
 * real evaluation and the training scripts. One contract for both sides: the builder writes exactly
 * this shape, readers trust nothing else.
 *
 * Layout of a build folder (default models/.cache/real, gitignored):
 *   index.json
 *   <kind>/<set>/<page>.png        the page as 8-bit RGB PNG (converted from the source's format)
 *   <kind>/<set>/<page>.truth.png  8-bit grey PNG of the same size: 255 = ink, 0 = paper (binary)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a set's truth says: `paper` = every ink pixel vs paper (binarization benchmarks). */
export type TruthKind = 'paper';

/**
 * Who may look at a page: `train` = training and tuning; `val` = the own held-out pages of a training
 * set (choose on them, never fit); `report` = figures only, never trained, tuned or chosen on.
 */
export type PageSplit = 'train' | 'val' | 'report';

export interface IndexedPage {
  id: string;
  split: PageSplit;
  /** Paths relative to the build folder. */
  image: string;
  truth: string;
  width: number;
  height: number;
}

export interface IndexedSet {
  /** Short stable name, e.g. "dibco2012". */
  name: string;
  /** Human name, e.g. "H-DIBCO 2012". */
  title: string;
  kind: TruthKind;
  /** "owner/name@commit" of the source repository. */
  source: string;
  licence: string;
  pages: IndexedPage[];
}

export interface MissingFile {
  set: string;
  page: string;
  path: string;
  reason: string;
}

export interface DatasetIndex {
  version: 1;
  builtAt: string;
  sets: IndexedSet[];
  missing: MissingFile[];
}

export const DEFAULT_REAL_DATA_DIR = 'models/.cache/real';

export function readDatasetIndex(dir = DEFAULT_REAL_DATA_DIR): DatasetIndex {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as DatasetIndex;
  if (index.version !== 1 || !Array.isArray(index.sets)) throw new Error(`${dir}/index.json is not a version-1 real dataset index`);
  return index;
}
