import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetIndex, IndexedPage, SheetCornerList } from '../realData/datasetIndex';
import { writeFixtureBuildFolder } from './fixtureBuildFolder';
import { polygonArea, polygonMask } from '../../core/shared/polygon';
import { framePolygon } from './polygonClip';
import { runRealInkEval } from './realInkReport';
import { keptShareOfSheet, runRealSheetEval, scoreSheetOutput, sheetTable, type SheetPageResult } from './realSheetEval';

const square = (x: number, y: number, side: number) => [
  { x, y },
  { x: x + side, y },
  { x: x + side, y: y + side },
  { x, y: y + side },
];

/** An RGBA output of w × h whose alpha is 255 at the given pixels. */
function outputKeeping(width: number, height: number, keep: readonly [number, number][]) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of keep) data[(y * width + x) * 4 + 3] = 255;
  return { width, height, data };
}

describe('scoring one photo\'s output', () => {
  const truth = square(2, 2, 4);
  const onTruth = polygonMask(truth, 10, 10, 1);

  it('takes the whole frame when no sheet was found, and counts kept ink outside the true sheet', () => {
    const score = scoreSheetOutput(outputKeeping(10, 10, [[3, 3], [4, 4], [0, 0], [9, 9]]), null, truth, onTruth);
    expect(score).toEqual({ iou: 16 / 100, found: false, inkOutside: 0.5, kept: 4 });
  });

  it('scores a found sheet by its corners, and has no ink figure when nothing was kept', () => {
    const score = scoreSheetOutput(outputKeeping(10, 10, []), square(2, 2, 4), truth, onTruth);
    expect(score.iou).toBeCloseTo(1, 12);
    expect(score.found).toBe(true);
    expect(score.inkOutside).toBeNaN();
  });

  it('measures what a mode kept as a share of the true sheet, wherever it lies', () => {
    expect(keptShareOfSheet(outputKeeping(10, 10, [[3, 3], [4, 4], [0, 0], [9, 9]]), onTruth)).toBe(4 / 16);
    expect(keptShareOfSheet(outputKeeping(10, 10, []), onTruth)).toBe(0);
  });

  it('refuses an output of another size', () => {
    expect(() => scoreSheetOutput(outputKeeping(8, 10, []), null, truth, onTruth)).toThrow(/does not match/);
  });
});

describe('the sheet table', () => {
  const result = (set: string, page: string, iou: number, found: boolean, inkOutside: number, ms: number, standardKept = NaN): SheetPageResult => ({
    set, page, width: 10, height: 10, byEngine: { classical: { iou, found, inkOutside, kept: 1, standardKept, ms } },
  });

  it('shows per set and overall the mean IoU, the photos meeting the target, the sheets found, the mean ink outside, what standard mode kept and the median ms', () => {
    const results = [result('a', '1', 0.96, true, 0.004, 100, 0.001), result('a', '2', 0.5, false, 0.3, 300, 0.003), result('b', '3', 0.99, true, NaN, 200)];
    const table = sheetTable(results, [{ name: 'a', title: 'Set A' }, { name: 'b', title: 'Set B' }], ['classical']);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/\| set\s+\| photos \| classical sheet IoU \| IoU ≥ 0.95 \| sheet found \| ink outside % \| standard kept % \| ms\s+\|/);
    expect(lines[2]).toMatch(/^\| Set A\s+\| 2\s+\| 0\.730\s+\| 1\/2\s+\| 1\/2\s+\| 15\.20\s+\| 0\.20\s+\| 200 \|$/);
    expect(lines[3]).toMatch(/^\| Set B\s+\| 1\s+\| 0\.990\s+\| 1\/1\s+\| 1\/1\s+\| –\s+\| –\s+\| 200 \|$/);
    expect(lines[4]).toMatch(/^\| \*\*overall\*\* \| 3\s+\| 0\.817\s+\| 2\/3\s+\| 2\/3\s+\| 15\.20\s+\| 0\.20\s+\| 200 \|$/);
  });
});

describe('npm run eval -- --real --task sheet on a fixture build folder', () => {
  let dir: string;
  const W = 200;
  const H = 150;
  const corners: SheetCornerList = [[40, 20], [170, 30], [160, 135], [30, 125]];

  /** A dark desk with dark marks, a light sheet with text-like bars on it. */
  async function writePhoto(path: string): Promise<void> {
    const rgb = Buffer.alloc(W * H * 3, 90);
    const onSheet = polygonMask(corners.map(([x, y]) => ({ x, y })), W, H, 1);
    for (let p = 0; p < W * H; p++) {
      const x = p % W;
      const y = Math.floor(p / W);
      const bar = onSheet[p] && y % 12 < 3 && x % 10 < 7 && x > 50 && x < 150 && y > 40 && y < 115;
      const mark = !onSheet[p] && x > 5 && x < 20 && y > 60 && y < 64;
      rgb.fill(onSheet[p] && !bar ? 232 : bar || mark ? 25 : 90, p * 3, p * 3 + 3);
    }
    await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 92 }).toFile(path);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inklift-real-sheet-'));
    await writeFixtureBuildFolder(dir, [{ set: { name: 'dibco2009', title: 'DIBCO 2009' }, id: 'H03', split: 'val', seed: 3 }]);
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as DatasetIndex;
    mkdirSync(join(dir, 'sheetPhotos/scannertest'), { recursive: true });
    const pages: IndexedPage[] = [];
    for (const [id, split] of [['P1', 'val'], ['P2', 'report']] as const) {
      const page: IndexedPage = { id, split, image: `sheetPhotos/scannertest/${id}.jpg`, width: W, height: H, sheetCorners: corners };
      await writePhoto(join(dir, page.image));
      pages.push(page);
    }
    // Named as the printed-pages photo set, so that standard mode is scored too.
    index.sets.push({ name: 'scannertest', title: 'Sheets', kind: 'sheetPhotos', source: 'fixture@0', licence: 'test fixture', pages });
    writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scores the split\'s sheet photos only, with IoU and ink outside in range and the whole frame when no sheet is found', async () => {
    const report = await runRealSheetEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, log: () => {} });
    expect(report.results.map((r) => `${r.set}/${r.page}`)).toEqual(['scannertest/P1']);
    const score = report.results[0].byEngine.classical;
    expect(score.iou).toBeGreaterThan(0);
    expect(score.iou).toBeLessThanOrEqual(1);
    if (!score.found) expect(score.iou).toBeCloseTo(polygonArea(corners.map(([x, y]) => ({ x, y }))) / polygonArea(framePolygon(W, H)), 10);
    expect(score.kept).toBeGreaterThan(0);
    expect(score.inkOutside).toBeGreaterThanOrEqual(0);
    expect(score.inkOutside).toBeLessThanOrEqual(1);
    // Standard mode keeps a part of what basic mode keeps, measured against the sheet's area.
    const sheetArea = polygonArea(corners.map(([x, y]) => ({ x, y })));
    expect(score.standardKept).toBeGreaterThanOrEqual(0);
    expect(score.standardKept).toBeLessThanOrEqual((score.kept / sheetArea) * 1.05);
    expect(report.table).toMatch(/\| Sheets\s+\| 1\s+\|/);
    expect(report.caption).toContain('Held-out validation photos');
  });

  it('leaves the ink tables to the ink sets, and refuses a split without sheet photos', async () => {
    await expect(runRealInkEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, tasks: ['stamp'], log: () => {} })).rejects.toThrow(/no val pages of an ink set/);
    await expect(runRealSheetEval({ dataDir: dir, split: 'train', engine: 'classical', threads: 1, log: () => {} })).rejects.toThrow(/no train sheet photos/);
  });
});
