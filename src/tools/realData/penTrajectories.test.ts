import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealData } from './buildRealData';
import { sha256Hex } from './fileChecksum';
import { blobOf } from './gitFixture';
import { penTrajectorySplits, TABLET_SIGNATURES, writerOf } from './penTrajectorySets';
import { checkTrajectoryBytes, pinPenTrajectorySet } from './pinPenTrajectories';
import { checkSourcesManifest, readSourcesManifest, type PinnedSet, type SourcesManifest } from './sourcesManifest';
import { makeTrajectoryFixture, TRAJECTORY_WRITERS, VAL_WRITERS, type TrajectoryFixture } from './trajectoryFixture';

describe('the pen trajectory split', () => {
  it('goes by writer: every 4th writer in id order val, all of a writer\'s files on one side', () => {
    const ids = ['002-g-01', '001-g-01', '003-07', '004-g-02', '004-31', '005-g-01', '008-01', '007-g-01', '006-g-01', '002-45'];
    const splits = penTrajectorySplits(ids);
    expect(Object.fromEntries(splits)).toEqual({
      '001-g-01': 'train', '002-g-01': 'train', '002-45': 'train', '003-07': 'train', '004-g-02': 'val', '004-31': 'val',
      '005-g-01': 'train', '006-g-01': 'train', '007-g-01': 'train', '008-01': 'val',
    });
    expect(writerOf('017-g-05')).toBe('017');
    expect(() => writerOf('gt')).toThrow(/writer id/);
  });

  it('refuses what is not a trajectory file', () => {
    expect(() => checkTrajectoryBytes('a.txt', Buffer.from('version https://git-lfs.github.com/spec/v1\noid sha256:00\n'))).toThrow(/LFS/);
    expect(() => checkTrajectoryBytes('a.txt', Buffer.from('t x y\n'))).toThrow(/7 numeric/);
    expect(() => checkTrajectoryBytes('a.txt', Buffer.from('0.0000 1.0 2.0 30.0 1.0 120.0 60.0\n'))).not.toThrow();
  });
});

describe('pinning a pen trajectory set from a fixture repository', () => {
  let root: string;
  let fixture: TrajectoryFixture;
  let set: PinnedSet;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-trajectories-'));
    fixture = makeTrajectoryFixture(root);
    set = await pinPenTrajectorySet(fixture.definition, async () => fixture.gitDir);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('pins every signature file of both folders with its blob, size and SHA-256, and nothing else', () => {
    expect(set.pages.map((page) => page.id)).toEqual(TRAJECTORY_WRITERS.flatMap((w) => [`${w}-01`, `${w}-g-01`]).sort());
    for (const page of set.pages) {
      const bytes = readFileSync(join(fixture.workTree, page.image.path));
      expect(page.image).toEqual({ path: page.image.path, blob: blobOf(fixture.workTree, fixture.commit, page.image.path), size: bytes.length, sha256: sha256Hex(bytes) });
      expect(page.image.path).toMatch(/^signaturedata\/(enrollment|verification)\/\d{3}-/);
    }
    expect(set).toMatchObject({ kind: 'penTrajectories', role: 'split', licence: TABLET_SIGNATURES.licence, splitRule: TABLET_SIGNATURES.splitRule });
    expect(set).not.toHaveProperty('folders');
  });

  it('splits by writer and says what the source says of each signature', () => {
    for (const page of set.pages) {
      expect(page.writer).toBe(page.id.slice(0, 3));
      expect(page.split, page.id).toBe(VAL_WRITERS.includes(page.writer!) ? 'val' : 'train');
    }
    const authenticity = Object.fromEntries(set.pages.map((page) => [page.id, page.authenticity]));
    expect(authenticity).toMatchObject({ '001-g-01': 'genuine', '001-01': 'genuine', '002-01': 'forgery', '003-01': 'unknown', '008-g-01': 'genuine' });
  });

  it('is accepted by the manifest check, which refuses a split that is not the writer\'s', () => {
    const manifest: SourcesManifest = { version: 1, note: 'test', reserved: [], sets: [set] };
    expect(() => checkSourcesManifest(manifest)).not.toThrow();
    const moved = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    moved.sets[0].pages.find((page) => page.id === '004-01')!.split = 'train';
    expect(() => checkSourcesManifest(moved)).toThrow(/004-01: split "train" is not its writer's \(val\)/);
    const wrongWriter = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    wrongWriter.sets[0].pages[0].writer = '999';
    expect(() => checkSourcesManifest(wrongWriter)).toThrow(/writer "999"/);
  });

  it('is accepted by npm run data:real, which builds nothing for it and says so', async () => {
    const lines: string[] = [];
    const result = await buildRealData({ from: root, out: join(root, 'out'), manifest: { version: 1, note: 'test', reserved: [], sets: [set] }, log: (line) => lines.push(line) });
    expect(result.index.sets).toEqual([]);
    expect(result.index.missing).toEqual([]);
    expect(lines).toEqual([expect.stringMatching(/^trajtest: 16 pen trajectories pinned; nothing to build here/)]);
  });
});

describe('the committed manifest\'s pen trajectories', () => {
  const manifest = readSourcesManifest();
  const set = manifest.sets.find((candidate) => candidate.name === TABLET_SIGNATURES.name)!;

  it('pin the tablet signatures at their commit, split by writer', () => {
    expect(set).toMatchObject({ kind: 'penTrajectories', role: 'split', repository: TABLET_SIGNATURES.repository, commit: TABLET_SIGNATURES.commit, licence: TABLET_SIGNATURES.licence });
    expect(set.pages.length).toBe(5000);
    expect(set.pages.every((page) => page.image.sha256 !== null)).toBe(true);
    const writers = (split: string) => new Set(set.pages.filter((page) => page.split === split).map((page) => page.writer)).size;
    expect([writers('train'), writers('val')]).toEqual([75, 25]);
    const count = (field: 'split' | 'authenticity', value: string) => set.pages.filter((page) => page[field] === value).length;
    expect([count('split', 'train'), count('split', 'val')]).toEqual([3750, 1250]);
    expect([count('authenticity', 'genuine'), count('authenticity', 'forgery'), count('authenticity', 'unknown')]).toEqual([1100, 750, 3150]);
  });
});
