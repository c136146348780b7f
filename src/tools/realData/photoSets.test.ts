import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealData } from './buildRealData';
import { readDatasetIndex } from './datasetIndex';
import { sha256Hex } from './fileChecksum';
import { blobOf } from './gitFixture';
import { FIXTURE_CORNERS, makePhotoFixture, type PhotoFixture } from './photoFixture';
import { FENGJIAN_DESKS, SCANNER_TEST_PHOTOS } from './photoSets';
import { checkPhotoBytes, pinPhotoSet, withPhotoSets } from './pinPhotoSets';
import { orderSheetCorners, parseCornerFile } from './sheetCorners';
import { checkSourcesManifest, readSourcesManifest, type PinnedSet, type SourcesManifest } from './sourcesManifest';

describe('sheet corners', () => {
  it('run clockwise on screen from the corner with the smallest x + y, whatever order the source lists', () => {
    const clockwise = [[10, 12], [90, 8], [95, 70], [5, 80]];
    expect(orderSheetCorners(clockwise)).toEqual([[10, 12], [90, 8], [95, 70], [5, 80]]);
    expect(orderSheetCorners([clockwise[2], clockwise[3], clockwise[0], clockwise[1]])).toEqual([[10, 12], [90, 8], [95, 70], [5, 80]]);
    expect(orderSheetCorners([...clockwise].reverse())).toEqual([[10, 12], [90, 8], [95, 70], [5, 80]]);
    // A sheet turned by about 45°: its top corner has the smallest x + y.
    expect(orderSheetCorners([[50, 0], [100, 50], [50, 100], [0, 60]])).toEqual([[50, 0], [100, 50], [50, 100], [0, 60]]);
  });

  it('refuses anything but a convex quadrilateral of finite numbers', () => {
    expect(() => orderSheetCorners([[0, 0], [10, 0], [10, 10]])).toThrow(/four/);
    expect(() => orderSheetCorners([[0, 0], [10, 10], [10, 0], [0, 10]])).toThrow(/convex/);
    expect(() => orderSheetCorners([[0, 0], [10, 0], [10, NaN], [0, 10]])).toThrow(/four/);
    expect(() => orderSheetCorners([[0, 0], [5, 0], [10, 0], [0, 10]])).toThrow(/convex/);
  });

  it('are read from the source\'s corner file, which must name the photo it is pinned with', () => {
    const file = Buffer.from(JSON.stringify({ image: 'a.jpg', corners: [[1, 1], [9, 1], [9, 9], [1, 9]] }));
    expect(parseCornerFile(file, 'a.jpg')).toEqual([[1, 1], [9, 1], [9, 9], [1, 9]]);
    expect(() => parseCornerFile(file, 'b.jpg')).toThrow(/names image "a.jpg"/);
    expect(() => parseCornerFile(Buffer.from('{"points": []}'))).toThrow(/no "corners"/);
    expect(() => parseCornerFile(Buffer.from('not json'))).toThrow(/not JSON/);
  });
});

describe('pinning and building photo sets from a fixture repository', () => {
  let root: string;
  let fixture: PhotoFixture;
  let sheets: PinnedSet;
  let desks: PinnedSet;
  let manifest: SourcesManifest;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-photos-'));
    fixture = await makePhotoFixture(join(root, 'repos'));
    sheets = await pinPhotoSet(fixture.sheets, async () => fixture.gitDir);
    desks = await pinPhotoSet(fixture.desks, async () => fixture.gitDir);
    manifest = { version: 1, note: 'test', reserved: [], sets: [sheets, desks] };
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('pins each photo and corner file by blob, size and SHA-256, with its session and the session\'s split', () => {
    expect(sheets.pages.map((page) => [page.id, page.session, page.split])).toEqual([
      ['sheet_1', '48x64', 'val'],
      ['sheet_2', '48x64', 'val'],
      ['sheet_3', '60x80', 'report'],
      ['sheet_4', '48x64', 'val'],
    ]);
    for (const page of sheets.pages) {
      for (const file of [page.image, page.truth!]) {
        const bytes = readFileSync(join(fixture.workTree, file.path));
        expect(file).toEqual({ path: file.path, blob: blobOf(fixture.workTree, fixture.commit, file.path), size: bytes.length, sha256: sha256Hex(bytes) });
      }
    }
    expect(sheets).toMatchObject({ kind: 'sheetPhotos', role: 'split', valSessions: ['48x64'] });
    expect(sheets).not.toHaveProperty('ids');
  });

  it('pins the desk photos of the pattern only, all for training', () => {
    expect(desks.pages.map((page) => [page.id, page.split, page.image.path])).toEqual([
      ['IMG_0001', 'train', 'desks/IMG_0001.JPG'],
      ['IMG_0002', 'train', 'desks/IMG_0002.JPG'],
    ]);
    expect(desks.pages.every((page) => page.truth === undefined)).toBe(true);
  });

  it('refuses a Git LFS pointer or a non-image where a photo belongs', () => {
    expect(() => checkPhotoBytes('a.jpg', Buffer.from('version https://git-lfs.github.com/spec/v1\noid sha256:00\n'))).toThrow(/LFS/);
    expect(() => checkPhotoBytes('a.jpg', Buffer.from('<html></html>'))).toThrow(/neither/);
  });

  it('is accepted by the manifest check, which refuses a split that is not the session\'s and a sheet photo without corners', () => {
    expect(() => checkSourcesManifest(manifest)).not.toThrow();
    const moved = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    moved.sets[0].pages[2].split = 'val';
    expect(() => checkSourcesManifest(moved)).toThrow(/sheet_3: split "val" is not its session's \(report\)/);
    const bare = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    delete bare.sets[0].pages[0].truth;
    expect(() => checkSourcesManifest(bare)).toThrow(/without its corners/);
    const trained = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    trained.sets[1].role = 'report';
    expect(() => checkSourcesManifest(trained)).toThrow(/training only/);
  });

  it('re-pins only the photo sets of a manifest', async () => {
    const other = { ...sheets, name: 'keepme', kind: 'sheetPhotos' as const };
    const stale = { ...sheets, pages: sheets.pages.slice(0, 1) };
    const next = await withPhotoSets({ version: 1, note: 'test', reserved: [], sets: [other, stale] }, async () => fixture.gitDir, [fixture.sheets, fixture.desks]);
    expect(next.sets.map((set) => [set.name, set.pages.length])).toEqual([['keepme', 4], ['sheettest', 4], ['desktest', 2]]);
  });

  it('builds the photos unchanged with their corners, the desks into desks/, and says what it could not build', async () => {
    const out = join(root, 'out');
    const lines: string[] = [];
    const result = await buildRealData({ from: join(root, 'repos'), out, manifest, log: (line) => lines.push(line) });
    const index = readDatasetIndex(out);
    expect(index).toEqual(result.index);
    expect(index.sets.map((set) => [set.name, set.kind, set.source])).toEqual([['sheettest', 'sheetPhotos', `Fixture/Photos@${fixture.commit}`]]);
    const ordered = (id: string) => orderSheetCorners(FIXTURE_CORNERS[id]);
    expect(index.sets[0].pages).toEqual([
      { id: 'sheet_1', split: 'val', image: 'sheetPhotos/sheettest/sheet_1.jpg', width: 48, height: 64, sheetCorners: ordered('sheet_1') },
      { id: 'sheet_2', split: 'val', image: 'sheetPhotos/sheettest/sheet_2.jpg', width: 48, height: 64, sheetCorners: ordered('sheet_2') },
      { id: 'sheet_3', split: 'report', image: 'sheetPhotos/sheettest/sheet_3.jpg', width: 60, height: 80, sheetCorners: [[12, 10], [50, 8], [52, 72], [9, 70]] },
    ]);
    for (const page of index.sets[0].pages) expect(readFileSync(join(out, page.image))).toEqual(readFileSync(join(fixture.workTree, 'photos', `${page.id}.jpg`)));
    expect(JSON.parse(readFileSync(join(out, 'sheetPhotos/sheettest/corners.json'), 'utf8'))).toEqual(Object.fromEntries(index.sets[0].pages.map((page) => [page.id, page.sheetCorners])));
    expect(index.missing).toEqual([{ set: 'sheettest', page: 'sheet_4', path: 'photos/sheet_4.jpg', reason: expect.stringMatching(/EXIF orientation 6/) }]);
    expect(index.desks).toEqual([
      {
        name: 'desktest', title: 'Desk test', source: `Fixture/Photos@${fixture.commit}`, licence: 'none stated: test fixture',
        photos: [
          { id: 'IMG_0001', split: 'train', image: 'desks/IMG_0001.jpg', width: 30, height: 40 },
          { id: 'IMG_0002', split: 'train', image: 'desks/IMG_0002.jpg', width: 30, height: 40 },
        ],
      },
    ]);
    expect(readFileSync(join(out, 'desks/IMG_0002.jpg'))).toEqual(readFileSync(join(fixture.workTree, 'desks/IMG_0002.JPG')));
    expect(lines).toEqual(['sheettest: 3 of 4 sheet photos (3 converted, 0 unchanged)', 'desktest: 2 of 2 desk photos (2 converted, 0 unchanged)']);

    const again = await buildRealData({ from: join(root, 'repos'), out, manifest });
    expect(again.sets.map((set) => [set.name, set.converted, set.reused])).toEqual([['sheettest', 0, 3], ['desktest', 0, 2]]);
    expect(again.index.sets).toEqual(index.sets);
  });

  it('refuses a photo whose bytes differ from the pin', async () => {
    const wrong = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    wrong.sets[0].pages[0].image.sha256 = '0'.repeat(64);
    const result = await buildRealData({ from: join(root, 'repos'), out: join(root, 'out-wrong'), manifest: wrong });
    expect(result.refused).toEqual([expect.objectContaining({ set: 'sheettest', page: 'sheet_1', reason: expect.stringMatching(/checksum mismatch/) })]);
  });
});

describe('the committed manifest\'s photo sets', () => {
  const manifest = readSourcesManifest();
  const set = (name: string) => manifest.sets.find((candidate) => candidate.name === name)!;

  it('pin the scanner_test sheet photos by session: 28 val, 36 report, each with its corners', () => {
    const sheets = set(SCANNER_TEST_PHOTOS.name);
    expect(sheets).toMatchObject({ kind: 'sheetPhotos', repository: SCANNER_TEST_PHOTOS.repository, commit: SCANNER_TEST_PHOTOS.commit, licence: SCANNER_TEST_PHOTOS.licence });
    expect(sheets.pages.length).toBe(64);
    expect(sheets.pages.filter((page) => page.split === 'val').length).toBe(28);
    expect(sheets.pages.filter((page) => page.split === 'report').length).toBe(36);
    expect(sheets.pages.every((page) => page.truth && page.image.sha256 !== null && page.truth.sha256 !== null)).toBe(true);
  });

  it('pin the 71 desk photos', () => {
    const desks = set(FENGJIAN_DESKS.name);
    expect(desks).toMatchObject({ kind: 'deskPhotos', role: 'train', repository: FENGJIAN_DESKS.repository, commit: FENGJIAN_DESKS.commit });
    expect(desks.pages.length).toBe(71);
    expect(desks.pages.every((page) => /^sample_images\/background_images\/IMG_\d{4}\.JPG$/.test(page.image.path) && page.image.sha256 !== null)).toBe(true);
  });
});
