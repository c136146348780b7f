import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealData } from './buildRealData';
import { gitBlobId, sha256Hex } from './fileChecksum';
import { makeInkCropFixture, type InkCropFixture } from './inkCropFixture';
import { CROSS_MEDIA_SIGNATURES } from './inkSetDefinitions';
import { writerSplits } from './inkSetSplits';
import { cropPattern } from './pinInkCrops';
import { pinInkSet, type InkSetPinning } from './pinInkSets';
import { checkSourcesManifest, readSourcesManifest, type SourcesManifest } from './sourcesManifest';

describe('the writer split of ink crops', () => {
  it('puts every 4th writer in numeric id order in val', () => {
    const splits = writerSplits(['10', '2', '1', '12', '3', '4', '11', '5', '2']);
    expect(Object.fromEntries(splits)).toEqual({ 1: 'train', 2: 'train', 3: 'train', 4: 'val', 5: 'train', 10: 'train', 11: 'train', 12: 'val' });
  });

  it('reads writer and crop number from a path', () => {
    expect(cropPattern('experiment/rect/{writer}/{n}.{ext}').exec('experiment/rect/51/10.jpg')?.groups).toMatchObject({ writer: '51', n: '10', ext: 'jpg' });
    expect(cropPattern('experiment/rect/{writer}/{n}.{ext}').exec('experiment/square/51/10.jpg')).toBeNull();
    expect(() => cropPattern('rect/{id}.png')).toThrow(/\{writer\} and \{n\}/);
  });
});

describe('pinning an ink-crop set from a fixture repository', () => {
  let root: string;
  let fixture: InkCropFixture;
  let pinned: InkSetPinning;
  let manifest: SourcesManifest;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-ink-crops-'));
    fixture = await makeInkCropFixture(join(root, 'repos'));
    // The "digital" crops (3) are Git LFS pointers: pinning them would throw.
    pinned = await pinInkSet(fixture.definition, async () => fixture.gitDir);
    manifest = checkSourcesManifest({ version: 1, note: 'test', reserved: [], sets: [pinned.set] });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('pins only the chosen crop numbers, writers in numeric order, split by writer', () => {
    expect(pinned.set.pages.map((page) => [page.id, page.writer, page.split])).toEqual([
      ['1-1', '1', 'train'], ['1-2', '1', 'train'],
      ['2-1', '2', 'train'], ['2-2', '2', 'train'],
      ['3-1', '3', 'train'], ['3-2', '3', 'train'],
      ['4-1', '4', 'val'], ['4-2', '4', 'val'],
      ['5-1', '5', 'train'], ['5-2', '5', 'train'],
      ['10-1', '10', 'train'], ['10-2', '10', 'train'],
      ['11-1', '11', 'train'], ['11-2', '11', 'train'],
      ['12-1', '12', 'val'], ['12-2', '12', 'val'],
    ]);
    expect(pinned.set).toMatchObject({ kind: 'inkCrops', crops: { ink: 'signature', first: 1, last: 2 }, splitRule: 'as writerSplits' });
    expect(pinned.set.pages.some((page) => page.image.path.startsWith('control/'))).toBe(false);
  });

  it('pins every crop by blob id, size and SHA-256 of its bytes, JPEG crops included', () => {
    for (const page of pinned.set.pages) {
      const bytes = fixture.files[page.image.path] as Buffer;
      expect(page.image).toEqual({ path: page.image.path, blob: gitBlobId(bytes), size: bytes.length, sha256: sha256Hex(bytes) });
    }
    expect(pinned.set.pages.find((page) => page.id === '12-1')?.image.path).toBe('experiment/rect/12/1.jpg');
  });

  it('refuses an inkCrops set without its crop selection or a crop without its writer', () => {
    const copy = () => JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    const noCrops = copy();
    delete noCrops.sets[0].crops;
    expect(() => checkSourcesManifest(noCrops)).toThrow(/crops/);
    const noWriter = copy();
    delete noWriter.sets[0].pages[0].writer;
    expect(() => checkSourcesManifest(noWriter)).toThrow(/writer/);
  });

  it('is not built by data:real, which says the set is for data:real-ink only', async () => {
    const lines: string[] = [];
    const result = await buildRealData({ from: join(root, 'repos'), out: join(root, 'out'), manifest, log: (line) => lines.push(line) });
    expect(result.index.sets).toEqual([]);
    expect(result.index.missing).toEqual([]);
    expect(result.sets).toEqual([]);
    expect(lines).toEqual(['cropstest: 16 ink crops pinned, for npm run data:real-ink only (no pages to build)']);
  });
});

describe('the committed manifest\'s ink-crop set', () => {
  const set = readSourcesManifest().sets.find((candidate) => candidate.name === CROSS_MEDIA_SIGNATURES.name)!;

  it('holds the paper crops 1-10 of Cross-media Signatures, split by writer', () => {
    expect(set).toMatchObject({ kind: 'inkCrops', repository: CROSS_MEDIA_SIGNATURES.repository, commit: CROSS_MEDIA_SIGNATURES.commit, crops: { ink: 'signature', first: 1, last: 10 } });
    expect(set.pages.every((page) => /^experiment\/rect\/\d+\/([1-9]|10)\.(png|jpg)$/.test(page.image.path))).toBe(true);
    const splits = writerSplits(set.pages.map((page) => page.writer!));
    expect(set.pages.every((page) => page.split === splits.get(page.writer!))).toBe(true);
    const writers = (split: string) => new Set(set.pages.filter((page) => page.split === split).map((page) => page.writer)).size;
    expect([writers('train'), writers('val'), set.pages.length]).toEqual([75, 25, 1000]);
  });
});
