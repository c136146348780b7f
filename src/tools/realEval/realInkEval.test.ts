import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetIndex, IndexedPage } from '../realData/datasetIndex';
import { writeFixtureBuildFolder } from './fixtureBuildFolder';
import { runRealEval } from './realEval';
import { isPrintedPagesSet, paperPageWriting, tasksOf } from './realInkEval';
import { runRealInkEval } from './realInkReport';

const W = 240;
const H = 180;

/**
 * A page of dark text bars, a blue ring stamp (centre 180, 60, radius 30-36) and, when `signed`, a
 * looping dark-blue stroke at the bottom left; its stamp mask is the ring.
 */
function page(signed: boolean, stamped: boolean): { rgb: Buffer; stamp: Buffer } {
  const rgb = Buffer.alloc(W * H * 3, 245);
  const stamp = Buffer.alloc(W * H);
  const paint = (x: number, y: number, colour: number[]) => colour.forEach((c, i) => (rgb[(y * W + x) * 3 + i] = c));
  for (let y = 20; y < 110; y += 15) for (let x = 15; x < 130; x++) for (let t = 0; t < 3; t++) if (x % 9 < 6) paint(x, y + t, [25, 25, 25]);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const r = Math.hypot(x - 180, y - 60);
      if (stamped && r >= 30 && r <= 36) {
        paint(x, y, [40, 60, 190]);
        stamp[y * W + x] = 255;
      }
      if (signed && y > 125 && y < 170 && x > 20 && x < 140 && Math.abs(y - 147 - 15 * Math.sin(x / 9)) < 2) paint(x, y, [20, 30, 110]);
    }
  }
  return { rgb, stamp };
}

describe('npm run eval -- --real --task stamp|signature on a fixture build folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inklift-real-ink-'));
    await writeFixtureBuildFolder(dir, [{ set: { name: 'dibco2009', title: 'DIBCO 2009' }, id: 'H03', split: 'val', seed: 3 }]);
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as DatasetIndex;
    mkdirSync(join(dir, 'ink'), { recursive: true });
    const write = async (id: string, signed: boolean, stamped: boolean, extra: Partial<IndexedPage>): Promise<IndexedPage> => {
      const { rgb, stamp } = page(signed, stamped);
      const entry: IndexedPage = { id, split: 'val', image: `ink/${id}.png`, width: W, height: H, ...extra };
      await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).png().toFile(join(dir, entry.image));
      if (entry.stampInk) await sharp(stamp, { raw: { width: W, height: H, channels: 1 } }).png().toFile(join(dir, entry.stampInk));
      return entry;
    };
    index.sets.push({
      name: 'staver', title: 'StaVer', kind: 'inkClasses', source: 'fixture@0', licence: 'test fixture',
      pages: [
        await write('S1', true, true, { stampInk: 'ink/S1.stamp.png', hasStamp: true, hasSignature: true, signatureBoxes: [[18, 122, 142, 172]], signatureBoxesComplete: true }),
        await write('S2', false, false, { stampInk: 'ink/S2.stamp.png', hasStamp: false, hasSignature: false, signatureBoxes: [], signatureBoxesComplete: true }),
        { id: 'S3', split: 'report', image: 'ink/none.png', width: W, height: H, hasSignature: false },
      ],
    });
    index.sets.push({
      name: 'tobacco800', title: 'Tobacco800', kind: 'signatureBoxes', source: 'fixture@0', licence: 'test fixture',
      pages: [await write('T1', true, false, { hasSignature: true, signatureBoxes: [[18, 122, 142, 172]], signatureBoxesComplete: false })],
    });
    index.sets.push({
      name: 'crossmedianames', title: 'Cross-media name pages', kind: 'signatureBoxes', source: 'fixture@0', licence: 'test fixture',
      pages: [await write('N1', true, false, { hasSignature: true, signatureBoxes: [[0, 0, W, H]], signatureBoxesComplete: true })],
    });
    // A photo set of printed pages only (photoSets.ts printedPagesOnly): false positives for both tasks.
    index.sets.push({
      name: 'scannertest', title: 'document_scanner scanner_test', kind: 'sheetPhotos', source: 'fixture@0', licence: 'test fixture',
      pages: [await write('P1', false, false, { sheetCorners: [[0, 0], [W, 0], [W, H], [0, H]] })],
    });
    writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('knows which tasks a page counts for from its index entry', () => {
    const base = { id: 'x', split: 'val' as const, image: 'x.png', width: 1, height: 1 };
    expect(tasksOf({ ...base, stampInk: 's.png', hasSignature: false }, ['stamp', 'signature'])).toEqual(['stamp', 'signature']);
    expect(tasksOf({ ...base, signatureBoxes: [[0, 0, 1, 1]] }, ['stamp', 'signature'])).toEqual(['signature']);
    expect(tasksOf(base, ['stamp', 'signature'])).toEqual([]);
    // A paper set's page counts for the signature task when its id says what it holds.
    expect(tasksOf({ ...base, id: '2011-HW4', truth: 't.png' }, ['stamp', 'signature'], true)).toEqual(['signature']);
    expect(tasksOf({ ...base, id: '2013-PR2', truth: 't.png' }, ['stamp'], true)).toEqual([]);
    expect(tasksOf({ ...base, id: 'page7', truth: 't.png' }, ['signature'], true)).toEqual([]);
    // A page of a printed-pages-only set counts for every task, as a false-positive page.
    expect(tasksOf(base, ['stamp', 'signature'], false, true)).toEqual(['stamp', 'signature']);
    expect(isPrintedPagesSet('scannertest')).toBe(true);
    expect(isPrintedPagesSet('tobacco800')).toBe(false);
  });

  it('reads handwritten and printed paper pages from their ids', () => {
    expect(['2009-H04', '2009-P03', '2011-HW8', '2013-PR4', 'Bickely2010_H04', 'Persian2019_H12', 'Nabuco_H13', 'H03', 'stampDS-00001'].map(paperPageWriting)).toEqual([
      'handwritten', 'printed', 'handwritten', 'printed', 'handwritten', 'handwritten', 'handwritten', 'handwritten', null,
    ]);
  });

  it('scores the val pages of the ink sets only: stamp IoU and FP area, recall-in-box, leak where boxes are complete, FP area', async () => {
    const report = await runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['stamp', 'signature'], log: () => {} });
    // The handwritten paper page counts for the signature task: the share of its truth's ink kept.
    expect(report.results.map((r) => `${r.set}/${r.page}`)).toEqual(['dibco2009/H03', 'staver/S1', 'staver/S2', 'tobacco800/T1', 'crossmedianames/N1', 'scannertest/P1']);
    const [h3, s1, s2, t1, n1, p1] = report.results.map((r) => r.byEngine.classical);
    expect(Object.keys(p1).sort()).toEqual(['ms', 'signatureFalsePositive', 'stampFalsePositive']);
    // boxed pages, recall, typed-text pages, typed share, own-ink recall, complete-box pages, leak, no-signature pages, FP area
    expect(report.tables.signature).toMatch(/\| document_scanner scanner_test\s+\| 0\s+\| –\s+\| 0\s+\| –\s+\| –\s+\| 0\s+\| –\s+\| 1\s+\| [0-9.]+\s+\|/);
    expect(report.tables.stamp).toMatch(/\| document_scanner scanner_test\s+\| 0\s+\| –\s+\| –\s+\| –\s+\| 1\s+\| [0-9.]+\s+\|/);
    // A page that is its own box has a recall but no leak (it would be 0 by construction).
    expect(Object.keys(n1).sort()).toEqual(['ms', 'signatureRecall']);
    expect(Object.keys(h3).sort()).toEqual(['ms', 'signatureRecall']);
    expect(h3.signatureRecall).toBeGreaterThanOrEqual(0);
    expect(h3.signatureRecall).toBeLessThanOrEqual(1);
    const stampOnly = await runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['stamp'], log: () => {} });
    expect(stampOnly.results.map((r) => r.set)).not.toContain('dibco2009');
    expect(Object.keys(s1).sort()).toEqual(['ms', 'signatureLeak', 'signatureRecall', 'stamp']);
    expect(Object.keys(s2).sort()).toEqual(['ms', 'signatureFalsePositive', 'stampFalsePositive']);
    expect(Object.keys(t1).sort()).toEqual(['ms', 'signatureRecall']);
    for (const value of [s1.stamp!.iou, s1.stamp!.precision, s1.stamp!.recall, s1.signatureRecall!, s1.signatureLeak!, s2.stampFalsePositive!, s2.signatureFalsePositive!, t1.signatureRecall!, p1.signatureFalsePositive!, p1.stampFalsePositive!]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    expect(report.tables.stamp).toMatch(/\| StaVer\s+\| 1\s+\|/);
    expect(report.tables.signature).toMatch(/\| Tobacco800\s+\| 1\s+\| [0-9.]+\s+\| 0\s+\| –/);
    expect(report.tables.signature).toMatch(/\| DIBCO 2009\s+\| 1\s+\| [0-9.]+\s+\|/);
    expect(report.tables.stamp).not.toContain('DIBCO 2009');
    expect(report.tables.stamp).toContain(s1.stamp!.iou.toFixed(3));
    expect(report.caption).toContain('Held-out validation pages');
  });

  it('with typed text marked in a box: the recall of the signature\'s own ink, that text left out, and its share of the reference', async () => {
    const typedFile = join(dir, 'typed-text.json');
    // The left part of T1's box [18, 122, 142, 172] marked as typed; S1 and the name page not looked at.
    writeFileSync(typedFile, JSON.stringify({ sets: { tobacco800: { T1: [[18, 122, 60, 172]] } } }));
    const report = await runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['signature'], typedTextFile: typedFile, log: () => {} });
    const score = (id: string) => report.results.find((r) => r.page === id)!.byEngine.classical;
    const t1 = score('T1');
    expect(Object.keys(t1).sort()).toEqual(['ms', 'signatureOwnRecall', 'signatureRecall', 'typedShare']);
    // The wave runs evenly from x 21 to 139: the marked part holds about (60 − 21) / (139 − 21) of it.
    expect(t1.typedShare!).toBeGreaterThan(0.25);
    expect(t1.typedShare!).toBeLessThan(0.42);
    expect(t1.signatureOwnRecall!).toBeGreaterThanOrEqual(0);
    expect(t1.signatureOwnRecall!).toBeLessThanOrEqual(1);
    expect(score('S1').signatureOwnRecall).toBeUndefined();
    expect(report.tables.signature).toMatch(new RegExp(`\\| Tobacco800\\s+\\| 1\\s+\\| [0-9.]+\\s+\\| 1\\s+\\| ${t1.typedShare!.toFixed(3)}\\s+\\| ${t1.signatureOwnRecall!.toFixed(3)}\\s+\\|`));
    // A page listed with no rectangles was looked at and holds nothing typed: its own-ink recall is its recall.
    writeFileSync(typedFile, JSON.stringify({ sets: { tobacco800: { T1: [] } } }));
    const clean = await runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['signature'], typedTextFile: typedFile, log: () => {} });
    const c1 = clean.results.find((r) => r.page === 'T1')!.byEngine.classical;
    expect(c1.typedShare).toBe(0);
    expect(c1.signatureOwnRecall).toBe(c1.signatureRecall);
  });

  it('with the writing\'s box marked on a page that is its own box: the reference is the writing inside it, and the ink kept outside is leak', async () => {
    const boxesFile = join(dir, 'writing-boxes.json');
    // N1 is its own box (the whole frame, text bars above the signature); marked: the signature's box only.
    writeFileSync(boxesFile, JSON.stringify({ sets: { crossmedianames: { N1: [[18, 122, 142, 172]] } } }));
    const whole = await runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['signature'], writingBoxesFile: join(dir, 'none.json'), log: () => {} });
    const marked = await runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['signature'], writingBoxesFile: boxesFile, log: () => {} });
    const n1 = (report: typeof whole) => report.results.find((r) => r.page === 'N1')!.byEngine.classical;
    expect(Object.keys(n1(whole)).sort()).toEqual(['ms', 'signatureRecall']);
    expect(Object.keys(n1(marked)).sort()).toEqual(['ms', 'signatureLeak', 'signatureRecall']);
    // The same page and result: only the reference moved, to the signature alone, the same as T1's box gives.
    const t1 = marked.results.find((r) => r.page === 'T1')!.byEngine.classical;
    expect(n1(marked).signatureRecall).toBe(t1.signatureRecall);
    expect(n1(marked).signatureRecall).not.toBe(n1(whole).signatureRecall);
  });

  it('leaves the paper table to the paper sets', async () => {
    const paper = await runRealEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, log: () => {} });
    expect(paper.rows.map((r) => [r.label, r.pages])).toEqual([['DIBCO 2009', 1], ['overall', 1]]);
  });

  it('refuses to write the readme from anything but the report split', async () => {
    await expect(runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['stamp'], readmePath: join(dir, 'README.md'), log: () => {} })).rejects.toThrow(/report split only/);
  });
});
