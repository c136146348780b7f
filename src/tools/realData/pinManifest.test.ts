import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from './fileChecksum';
import { blobOf } from './gitFixture';
import { makePaperFixture, type PaperFixture } from './paperFixture';
import { ABSENT_BLOB_NOTE, matchPages, pinManifest, splitOf } from './pinManifest';
import { INK_SET_DEFINITIONS } from './inkSetDefinitions';
import { PINNED_SET_DEFINITIONS } from './pinnedSetDefinitions';
import { PEN_TRAJECTORY_SET_DEFINITIONS } from './penTrajectorySets';
import { PHOTO_SET_DEFINITIONS } from './photoSets';
import { reservedReason } from './reservedSets';
import { checkSourcesManifest, DEFAULT_SOURCES_MANIFEST, readSourcesManifest, type SourcesManifest } from './sourcesManifest';

describe('splitOf', () => {
  it('holds out every 4th page of a training set in id order, and reports every page of a report set', () => {
    expect(Array.from({ length: 9 }, (_, i) => splitOf('train', i))).toEqual(['train', 'train', 'train', 'val', 'train', 'train', 'train', 'val', 'train']);
    expect(splitOf('report', 3)).toBe('report');
  });
});

describe('reserved sets', () => {
  it('recognises the reserved sets as both repositories store them', () => {
    for (const path of [
      'datasets/DIBCO/2014/Originals/2014-H01.png',
      'datasets/DIBCO/2017/GT/2017-2_gt.png',
      'DIBCO_data/2018/x.rar',
      'SauvolaNet/Dataset/TRAIN_DIBCO2016_H01_source.png',
      'SauvolaNet/Dataset/TRAIN_1D19_source.bmp',
      'SauvolaNet/Dataset/TRAIN_MCSset2019_1_source.png',
      'SauvolaNet/Dataset/TRAIN_MSI2015_z1_source.png',
    ]) {
      expect(reservedReason(path), path).not.toBeNull();
    }
  });

  it('lets the pinned sets through', () => {
    for (const path of ['datasets/DIBCO/2013/Originals/2013-HW08.png', 'SauvolaNet/Dataset/TRAIN_Persian2019_H09_source.png', 'SauvolaNet/Dataset/TRAIN_Bickely2010_H01_target.png']) {
      expect(reservedReason(path), path).toBeNull();
    }
  });

  it('makes a manifest naming a reserved file unreadable', () => {
    const manifest = readSourcesManifest();
    const page = manifest.sets[0].pages[0];
    page.image = { ...page.image, path: 'datasets/DIBCO/2016/Originals/2016-1.png' };
    expect(() => checkSourcesManifest(manifest)).toThrow(/reserved/);
  });
});

describe('pinManifest on a fixture repository', () => {
  let root: string;
  let fixture: PaperFixture;
  let manifest: SourcesManifest;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-pin-'));
    fixture = await makePaperFixture(root);
    manifest = await pinManifest(fixture.definitions, async () => fixture.gitDir);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists the pages in id order with their splits, leaving out ids the set does not take', () => {
    const [alpha, beta] = manifest.sets;
    expect(alpha.pages.map((page) => [page.id, page.split])).toEqual([['A1', 'train'], ['A2', 'train'], ['A3', 'train'], ['A4', 'val'], ['A5', 'train']]);
    expect(beta.pages.map((page) => [page.id, page.split, page.image.path])).toEqual([
      ['G1', 'report', 'other/G1_source.bmp'],
      ['G2', 'report', 'other/G2_source.tif'],
    ]);
  });

  it('pins each file by blob id, size and SHA-256 computed from the blob', () => {
    const truth = manifest.sets[0].pages[1].truth;
    const bytes = readFileSync(join(fixture.workTree, 'truth/A2_gt.png'));
    expect(truth).toEqual({ path: 'truth/A2_gt.png', blob: blobOf(fixture.workTree, fixture.commit, 'truth/A2_gt.png'), size: bytes.length, sha256: sha256Hex(bytes) });
  });

  it('records an absent blob with null size and SHA-256 and says why', () => {
    const image = manifest.sets[0].pages[4].image;
    expect(image).toMatchObject({ path: 'scans/A5.png', size: null, sha256: null, note: ABSENT_BLOB_NOTE });
    expect(image.blob).toBe(blobOf(fixture.workTree, fixture.commit, 'scans/A5.png'));
  });

  it('refuses to pin a reserved file and a page without truth', () => {
    const anyId = { ...fixture.definitions[0], ids: /.*/ };
    const entry = (path: string) => ({ path, blob: 'a'.repeat(40), size: 1 });
    expect(() => matchPages(anyId, [entry('scans/X1.png')])).toThrow(/X1\.png has 0 truth files/);
    expect(() => matchPages(anyId, [entry('scans/2017-1.png'), entry('truth/2017-1_gt.png')])).toThrow(/reserved/);
    expect(matchPages(anyId, [entry('scans/X1.png'), entry('truth/X1_gt.png')]).map((page) => page.id)).toEqual(['X1']);
  });
});

describe('the committed manifest', () => {
  const manifest = readSourcesManifest(DEFAULT_SOURCES_MANIFEST);

  const paperSets = manifest.sets.filter((set) => set.kind === 'paper');

  it('holds exactly the defined sets, in the protocol roles: the paper sets, then the ink sets, the pen trajectories, the photos', () => {
    expect(manifest.sets.map((set) => [set.name, set.role])).toEqual([...PINNED_SET_DEFINITIONS, ...INK_SET_DEFINITIONS, ...PEN_TRAJECTORY_SET_DEFINITIONS, ...PHOTO_SET_DEFINITIONS].map((definition) => [definition.name, definition.role]));
    expect(manifest.sets.filter((set) => set.role === 'report').map((set) => set.name)).toEqual(['hdibco2012', 'dibco2013']);
  });

  it('pins every paper page with its split from id order', () => {
    for (const set of paperSets) {
      const ids = set.pages.map((page) => page.id);
      expect(ids, set.name).toEqual([...ids].sort());
      set.pages.forEach((page, i) => expect(page.split, `${set.name}/${page.id}`).toBe(splitOf(set.role, i)));
    }
    expect(Object.fromEntries(paperSets.map((set) => [set.name, set.pages.length]))).toEqual({
      dibco2009: 10, hdibco2010: 10, dibco2011: 16, hdibco2012: 14, dibco2013: 16, bickley: 7, phibd: 15, nabuco: 14,
    });
  });

  it('has a SHA-256 for every file but the three absent from the mirror', () => {
    const paper = manifest.sets.filter((set) => set.kind === 'paper');
    const absent = paper.flatMap((set) => set.pages.flatMap((page) => [page.image, page.truth!])).filter((file) => file.sha256 === null);
    expect(absent.map((file) => file.path)).toEqual([
      'datasets/DIBCO/2013/Originals/2013-HW08.png',
      'SauvolaNet/Dataset/TRAIN_Persian2019_H09_source.png',
      'SauvolaNet/Dataset/TRAIN_Nabuco_H15_source.png',
    ]);
    for (const file of absent) expect(file.note).toBe(ABSENT_BLOB_NOTE);
  });
});
