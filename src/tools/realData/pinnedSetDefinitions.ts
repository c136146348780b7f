/**
 * Which real sets we use, from which repository and commit, under which licence statement: the input
 * of pinSources.ts, which lists the files and writes models/data/real/sources.json.
 *
 * Protocol (the paper-removal issue): train and tune on DIBCO 2009, H-DIBCO 2010, DIBCO 2011, Bickley,
 * PHIBD and Nabuco, each with its own held-out `val` pages; report on H-DIBCO 2012 and DIBCO 2013 only.
 * DIBCO 2014–2019, MCS and MS-TEx/MSI 2015 are reserved and never pinned (see reservedSets.ts), though
 * both repositories hold some of them.
 */
import type { PinnedSet, SetRole, TruthFormat } from './sourcesManifest';

/** A pinned set before its pages are listed. */
export interface SetDefinition extends Omit<PinnedSet, 'pages' | 'paths'> {
  /** Where the pages lie, `{id}` and `{ext}` standing for a page's id and file extension. */
  paths: { image: string; truth: string };
  /** Which page ids of those paths belong to the set. */
  ids: RegExp;
}

const DIBCO_REPOSITORY = 'PSigfridsson/Document-Image-Binarization';
const DIBCO_COMMIT = '499324f4a741d48bbd167ef2a8cf93e8cea0d08a';
const DIBCO_LICENCE = 'none stated: research use only, not redistributed';

const SAUVOLANET_REPOSITORY = 'RichSu95/Document_Binarization_Collection';
const SAUVOLANET_COMMIT = 'ffb08947016e4757bed52c7ae4798743f0f45921';
const SAUVOLANET_LICENCE =
  'SauvolaNet/LICENSE is an MIT licence for the code of the folder SauvolaNet (Copyright (c) 2021 Leedeng); ' +
  'the images carry no licence of their own: none stated, research use only, not redistributed';

function dibcoYear(name: string, title: string, year: number, role: SetRole): SetDefinition {
  return {
    name,
    title,
    kind: 'paper',
    role,
    repository: DIBCO_REPOSITORY,
    commit: DIBCO_COMMIT,
    licence: DIBCO_LICENCE,
    truthFormat: 'binary',
    paths: { image: `datasets/DIBCO/${year}/Originals/{id}.png`, truth: `datasets/DIBCO/${year}/GT/{id}_gt.png` },
    ids: new RegExp(`^${year}-[A-Za-z0-9]+$`),
  };
}

function sauvolaNetSet(name: string, title: string, ids: RegExp, truthFormat: TruthFormat): SetDefinition {
  return {
    name,
    title,
    kind: 'paper',
    role: 'train',
    repository: SAUVOLANET_REPOSITORY,
    commit: SAUVOLANET_COMMIT,
    licence: SAUVOLANET_LICENCE,
    truthFormat,
    paths: { image: 'SauvolaNet/Dataset/TRAIN_{id}_source.{ext}', truth: 'SauvolaNet/Dataset/TRAIN_{id}_target.{ext}' },
    ids,
  };
}

export const PINNED_SET_DEFINITIONS: readonly SetDefinition[] = [
  dibcoYear('dibco2009', 'DIBCO 2009', 2009, 'train'),
  dibcoYear('hdibco2010', 'H-DIBCO 2010', 2010, 'train'),
  dibcoYear('dibco2011', 'DIBCO 2011', 2011, 'train'),
  dibcoYear('hdibco2012', 'H-DIBCO 2012', 2012, 'report'),
  dibcoYear('dibco2013', 'DIBCO 2013', 2013, 'report'),
  // The repository spells the diary "Bickely"; its truth is grey-level ink on white.
  sauvolaNetSet('bickley', 'Bickley diary', /^Bickely2010_H0\d$/, 'greyLevel'),
  sauvolaNetSet('phibd', 'PHIBD', /^Persian2019_[A-Za-z0-9]+$/, 'binary'),
  sauvolaNetSet('nabuco', 'Nabuco', /^Nabuco_[A-Za-z0-9]+$/, 'binary'),
];
