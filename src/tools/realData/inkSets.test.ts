import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealData } from './buildRealData';
import { readDatasetIndex } from './datasetIndex';
import { pixelsOf } from './gitFixture';
import { INK_HEIGHT, INK_WIDTH, inkPagePixels, makeInkFixture, NAME_PAGE_HEIGHT, NAME_PAGE_WIDTH, STAMP_GREY, TOBACCO_HEIGHT, TOBACCO_WIDTH, type InkFixture } from './inkFixture';
import { INK_SET_DEFINITIONS } from './inkSetDefinitions';
import { namePageSplits, staverSplits, tobacco800Document, tobacco800Splits } from './inkSetSplits';
import { pinInkSet, type InkSetPinning } from './pinInkSets';
import { reservedReason, staverPageNumber } from './reservedSets';
import { checkSourcesManifest, readSourcesManifest, type SourcesManifest } from './sourcesManifest';

describe('reserved StaVer pages and Tobacco800 documents', () => {
  it('recognises them however the path spells them', () => {
    for (const path of [
      'stamp-ai/scans/scans/stampDS-00360.png',
      'stamp-ai/ground-truth-pixel/ground-truth-pixel/stampDS-00399-px.png',
      'GroundTruth/300dpi/stampDS-00420/LabelAllInOne.png',
      'data/scans/stampds_427.png',
      'cnn_class_label_predictor/test/signature/xjx9aa00-first.tif',
      'cnn_class_label_predictor/test/no_signature/ZKD43F00_4.tif',
      'wrv35d00-page02_1.tif',
      'yhw13f00',
    ]) {
      expect(reservedReason(path), path).not.toBeNull();
    }
  });

  it('lets the neighbouring pages and documents through', () => {
    for (const path of ['stamp-ai/scans/scans/stampDS-00359.png', 'stampDS-00400-px.png', 'GroundTruth/300dpi/stampDS-00419/LabelAllInOne.png', 'stampDS-00428.png', 'test/signature/wrv35d01.tif', 'test/signature/yhw13f0.tif']) {
      expect(reservedReason(path), path).toBeNull();
    }
    expect(staverPageNumber('x/stampDS-00158-px.png')).toBe(158);
    expect(staverPageNumber('x/other.png')).toBeNull();
  });
});

describe('splits of the ink sets', () => {
  it('StaVer: 00300-00359 and 00400-00419 report; of the rest every 4th in id order val', () => {
    const ids = ['stampDS-00005', 'stampDS-00001', 'stampDS-00300', 'stampDS-00002', 'stampDS-00003', 'stampDS-00359', 'stampDS-00004', 'stampDS-00400', 'stampDS-00419', 'stampDS-00299'];
    const splits = staverSplits(ids);
    expect(['stampDS-00001', 'stampDS-00002', 'stampDS-00003', 'stampDS-00004', 'stampDS-00005', 'stampDS-00299'].map((id) => splits.get(id))).toEqual(['train', 'train', 'train', 'val', 'train', 'train']);
    expect(['stampDS-00300', 'stampDS-00359', 'stampDS-00400', 'stampDS-00419'].map((id) => splits.get(id))).toEqual(Array(4).fill('report'));
  });

  it('name pages: by writer as the Cross-media crops, the crops\' val writers halved into val and report', () => {
    const splits = namePageSplits(['49', '51', '52', '56', '60', '99', '100']);
    expect(Object.fromEntries(splits)).toEqual({ 49: 'train', 51: 'train', 52: 'val', 56: 'report', 60: 'val', 99: 'train', 100: 'val' });
    expect(() => namePageSplits(['101'])).toThrow(/writer number/);
    expect(() => namePageSplits(['5a'])).toThrow(/writer number/);
  });

  it('Tobacco800: by document, documents in id order: odd report, the even ones train and val in turn', () => {
    expect(tobacco800Document('XIK90C00_1')).toBe('xik90c00');
    const splits = tobacco800Splits(['ccc22c00', 'bbb11b00_2', 'aaa00a00', 'bbb11b00_1', 'ddd33d00-page02_1', 'eee44e00']);
    expect(Object.fromEntries(splits)).toEqual({ aaa00a00: 'train', bbb11b00_1: 'report', bbb11b00_2: 'report', ccc22c00: 'val', 'ddd33d00-page02_1': 'report', eee44e00: 'train' });
  });
});

describe('pinning and building the ink sets from fixture repositories', () => {
  let root: string;
  let fixture: InkFixture;
  let staver: InkSetPinning;
  let tobacco: InkSetPinning;
  let names: InkSetPinning;
  let manifest: SourcesManifest;
  const locate = async (repository: string) => fixture.gitDirs[repository];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-ink-'));
    fixture = await makeInkFixture(join(root, 'repos'));
    staver = await pinInkSet(fixture.staver, locate);
    tobacco = await pinInkSet(fixture.tobacco, locate);
    names = await pinInkSet(fixture.names, locate);
    manifest = checkSourcesManifest({ version: 1, note: 'test', reserved: [], sets: [staver.set, tobacco.set, names.set] });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('pins StaVer pages with a mask and/or a label map, leaves out the reserved page unread and says which have no truth', () => {
    expect(staver.set.pages.map((page) => [page.id, page.split, Boolean(page.truth), Boolean(page.labels)])).toEqual([
      ['stampDS-00001', 'train', true, true],
      ['stampDS-00002', 'train', false, true],
      ['stampDS-00003', 'train', true, false],
      ['stampDS-00300', 'report', true, false],
    ]);
    expect(staver.reservedLeftOut).toEqual(['stampDS-00360']);
    expect(staver.withoutTruth).toEqual(['stampDS-00004']);
    const labels = staver.set.pages[0].labels!;
    expect(labels.path).toBe('GroundTruth/300dpi/stampDS-00001/LabelAllInOne.png');
    expect(labels.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(staver.set.labelSource?.repository).toBe('Fixture/StaVerGt');
  });

  it('pins Tobacco800 pages by folder with the boxes file, leaving out reserved documents whatever their case', () => {
    expect(tobacco.set.pages.map((page) => [page.id, page.split, page.hasSignature])).toEqual([
      ['aaa00a00', 'train', true],
      ['bbb11b00_1', 'report', true],
      ['bbb11b00_2', 'report', false],
      ['ccc22c00', 'val', false],
    ]);
    expect(tobacco.reservedLeftOut).toEqual(['ZKD43F00_4', 'xjx9aa00-first']);
    expect(tobacco.set.boxes?.path).toBe('assets/ground_truth_bbox.json');
  });

  it('pins pages of signatures only without a boxes file, in writer order, each filed as signed', () => {
    expect(names.set.pages.map((page) => [page.id, page.split, page.hasSignature, page.image.path])).toEqual([
      ['51', 'train', true, 'origin/49-100/paper/51.jpg'],
      ['52', 'val', true, 'origin/49-100/paper/52.jpg'],
      ['56', 'report', true, 'origin/49-100/paper/56.jpg'],
    ]);
    expect(names.set.boxes).toBeUndefined();
    expect(() => checkSourcesManifest({ version: 1, note: 'test', reserved: [], sets: [{ ...names.set, pageIsBox: false }] })).toThrow(/without its boxes file/);
  });

  it('refuses an LFS pointer where an image belongs, and a manifest naming a reserved page', async () => {
    const lfs = await makeInkFixture(join(root, 'lfs'), { lfsInPinnedPage: true });
    await expect(pinInkSet(lfs.staver, async (repository) => lfs.gitDirs[repository])).rejects.toThrow(/Git LFS pointer/);
    const withReserved = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    withReserved.sets[0].pages.push({ ...withReserved.sets[0].pages[0], id: 'stampDS-00360' });
    expect(() => checkSourcesManifest(withReserved)).toThrow(/reserved/);
  });

  it('builds each page with the truths it has and says so in the index', async () => {
    const out = join(root, 'out');
    const result = await buildRealData({ from: join(root, 'repos'), out, manifest });
    expect(result.index.missing).toEqual([]);
    const [staverSet, tobaccoSet, namesSet] = result.index.sets;
    expect(staverSet.source).toBe(`Fixture/StaVer@${fixture.staver.commit} + Fixture/StaVerGt@${fixture.staver.labelSource!.commit}`);
    const [p1, p2, p3, p300] = staverSet.pages;
    expect(p1).toEqual({
      id: 'stampDS-00001', split: 'train', image: 'inkClasses/stavertest/stampDS-00001.png', width: INK_WIDTH, height: INK_HEIGHT,
      stampInk: 'inkClasses/stavertest/stampDS-00001.stamp.png', hasStamp: true,
      truth: 'inkClasses/stavertest/stampDS-00001.truth.png', labels: 'inkClasses/stavertest/stampDS-00001.labels.png',
      signatureInk: 'inkClasses/stavertest/stampDS-00001.signature.png', hasSignature: true,
      // The signature pixels (row 3, columns 2-5) padded by 2 and clipped to the page.
      signatureBoxes: [[0, 1, 6, 4]], signatureBoxesComplete: true,
    });
    expect(p2).toMatchObject({ hasSignature: false, signatureBoxes: [], signatureBoxesComplete: true });
    expect(p2.stampInk).toBeUndefined();
    expect(p3).toMatchObject({ hasStamp: false });
    expect(p3.labels).toBeUndefined();
    expect(p300).toMatchObject({ split: 'report', hasStamp: true });

    const read = async (path: string) => (await pixelsOf(readFileSync(join(out, path)))).data;
    expect(await read(p1.image)).toEqual(inkPagePixels(1));
    expect(await read(p1.stampInk!)).toEqual(STAMP_GREY.map((v) => (v === 0 ? 255 : 0)));
    // The 9 × 6 label map at the page's 6 × 4 by nearest neighbour: columns 0 2 3 5 6 8, rows 0 2 3 5.
    const fitted = [0, 255, 255, 255, 4, 4, 0, 255, 255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 0, 255, 7, 7, 7, 7];
    expect(await read(p1.labels!)).toEqual(fitted);
    expect(await read(p1.truth!)).toEqual(fitted.map((v) => (v === 255 ? 0 : 255)));
    expect(await read(p1.signatureInk!)).toEqual(fitted.map((v) => (v === 7 ? 255 : 0)));

    expect(tobaccoSet.pages.map((page) => [page.id, page.split, page.hasSignature, page.signatureBoxes, page.signatureBoxesComplete])).toEqual([
      ['aaa00a00', 'train', true, [[1, 1, 5, 4]], false],
      // The box reaching past the page is clipped to it.
      ['bbb11b00_1', 'report', true, [[0, 2, 8, 6]], false],
      ['bbb11b00_2', 'report', false, [], false],
      ['ccc22c00', 'val', false, [], false],
    ]);
    const tiffPage = await pixelsOf(readFileSync(join(out, tobaccoSet.pages[0].image)));
    expect([tiffPage.width, tiffPage.height, tiffPage.channels]).toEqual([TOBACCO_WIDTH, TOBACCO_HEIGHT, 3]);
    expect(new Set(tiffPage.data)).toEqual(new Set([0, 255]));

    // A page of names is its own box, complete: all of its ink is signature.
    expect(namesSet.pages.map((page) => [page.id, page.split, page.hasSignature, page.signatureBoxes, page.signatureBoxesComplete])).toEqual([
      ['51', 'train', true, [[0, 0, NAME_PAGE_WIDTH, NAME_PAGE_HEIGHT]], true],
      ['52', 'val', true, [[0, 0, NAME_PAGE_WIDTH, NAME_PAGE_HEIGHT]], true],
      ['56', 'report', true, [[0, 0, NAME_PAGE_WIDTH, NAME_PAGE_HEIGHT]], true],
    ]);

    const again = await buildRealData({ from: join(root, 'repos'), out, manifest });
    expect(again.sets.map((set) => [set.converted, set.reused])).toEqual([[0, 4], [0, 4], [0, 3]]);
    expect(again.index.sets).toEqual(result.index.sets);

    // A page moved to another split in the manifest is indexed there, though none of its files changed.
    const moved = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    const tobaccoPinned = moved.sets.find((set) => set.name === 'tobaccotest')!;
    tobaccoPinned.pages.find((page) => page.id === 'ccc22c00')!.split = 'train';
    const resplit = await buildRealData({ from: join(root, 'repos'), out, manifest: moved });
    expect(resplit.sets.map((set) => set.converted)).toEqual([0, 0, 0]);
    expect(resplit.index.sets[1].pages.find((page) => page.id === 'ccc22c00')?.split).toBe('train');
    expect(readDatasetIndex(out).sets[1].pages.find((page) => page.id === 'ccc22c00')?.split).toBe('train');
  });

  it('refuses to build a reserved page even from a manifest that was never checked', async () => {
    const unchecked = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    unchecked.sets[1].pages.push({ ...unchecked.sets[1].pages[0], id: 'xjx9aa00-first' });
    const result = await buildRealData({ from: join(root, 'repos'), out: join(root, 'out-reserved'), manifest: unchecked, sets: ['tobaccotest'] });
    expect(result.refused.map((entry) => [entry.page, entry.reason])).toEqual([['xjx9aa00-first', expect.stringMatching(/reserved .*never built/)]]);
    expect(result.index.sets[0].pages.map((page) => page.id)).not.toContain('xjx9aa00-first');
  });
});

describe('the committed manifest\'s ink sets', () => {
  const manifest = readSourcesManifest();
  const set = (name: string) => manifest.sets.find((candidate) => candidate.name === name)!;

  it('holds StaVer and Tobacco800 as defined, pinned at their commits, no reserved page among them', () => {
    for (const definition of INK_SET_DEFINITIONS) {
      expect(set(definition.name)).toMatchObject({ kind: definition.kind, role: 'split', repository: definition.repository, commit: definition.commit, licence: definition.licence });
    }
    for (const name of ['staver', 'tobacco800']) for (const page of set(name).pages) expect(reservedReason(page.image.path), page.id).toBeNull();
  });

  it('splits StaVer and Tobacco800 by the documented rules', () => {
    const staverSet = set('staver');
    expect(Object.fromEntries(staverSplits(staverSet.pages.map((page) => page.id)))).toEqual(Object.fromEntries(staverSet.pages.map((page) => [page.id, page.split])));
    const tobaccoSet = set('tobacco800');
    expect(Object.fromEntries(tobacco800Splits(tobaccoSet.pages.map((page) => page.id)))).toEqual(Object.fromEntries(tobaccoSet.pages.map((page) => [page.id, page.split])));
    const count = (name: string, split: string) => set(name).pages.filter((page) => page.split === split).length;
    expect([count('staver', 'train'), count('staver', 'val'), count('staver', 'report')]).toEqual([225, 74, 67]);
    expect([count('tobacco800', 'train'), count('tobacco800', 'val'), count('tobacco800', 'report')]).toEqual([31, 26, 51]);
  });
});
