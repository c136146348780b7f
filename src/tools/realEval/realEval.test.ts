import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureBuildFolder } from './fixtureBuildFolder';
import { runRealEval, sheetsFoundNote } from './realEval';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const H_DIBCO_2012 = { name: 'dibco2012', title: 'H-DIBCO 2012' };
const DIBCO_2013 = { name: 'dibco2013', title: 'DIBCO 2013' };
const DIBCO_2009 = { name: 'dibco2009', title: 'DIBCO 2009' };

/** The cells of a table row, by its first cell. */
function rowOf(table: string, label: string): string[] {
  const line = table.split('\n').find((l) => l.split('|')[1]?.trim() === label);
  if (!line) throw new Error(`no row ${label} in\n${table}`);
  return line.split('|').slice(1, -1).map((c) => c.trim());
}

describe('npm run eval -- --real on a fixture build folder', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'inklift-real-'));
    await writeFixtureBuildFolder(dir, [
      { set: H_DIBCO_2012, id: 'H01', split: 'report', seed: 1 },
      { set: DIBCO_2013, id: 'PR01', split: 'report', seed: 2 },
      { set: DIBCO_2009, id: 'H03', split: 'val', seed: 3 },
      { set: DIBCO_2009, id: 'H04', split: 'train', seed: 4 },
    ]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('scores the report pages with the classical engine, Otsu and Sauvola, a row per set and an overall row', async () => {
    const jsonPath = join(dir, 'pages.json');
    const report = await runRealEval({ dataDir: dir, split: 'report', engine: 'classical', threads: 1, jsonPath, log: () => {} });
    expect(report.methods).toEqual(['classical', 'Otsu', 'Sauvola']);
    expect(report.rows.map((r) => [r.label, r.pages])).toEqual([['H-DIBCO 2012', 1], ['DIBCO 2013', 1], ['overall', 2]]);
    expect(report.table).not.toContain('DIBCO 2009');
    for (const row of report.rows) {
      expect(row.byMethod.classical.fm).toBeGreaterThan(90);
      expect(row.byMethod.Otsu.fm).toBeGreaterThan(85);
      expect(row.byMethod.Sauvola.fm).toBeGreaterThan(50);
      for (const method of report.methods) {
        expect(row.byMethod[method].psnr).toBeGreaterThan(5);
        expect(row.byMethod[method].psnr).toBeLessThan(50);
      }
    }
    const overall = report.rows[2].byMethod.classical;
    const [a, b] = report.results.map((r) => r.scores.classical);
    expect(overall.fm).toBeCloseTo((a.fm + b.fm) / 2, 10);
    expect(report.table).toContain(overall.fm.toFixed(2));
    expect(report.caption).toContain('H-DIBCO 2012 (1), DIBCO 2013 (1)');
    const written = JSON.parse(readFileSync(jsonPath, 'utf8'));
    expect(written.pages.map((p: { set: string; page: string }) => `${p.set}/${p.page}`)).toEqual(['dibco2012/H01', 'dibco2013/PR01']);
    expect(written.pages[0].scores.Sauvola.fm).toBeCloseTo(report.results[0].scores.Sauvola.fm, 10);
  });

  it('scores only the held-out val pages with --split val', async () => {
    const report = await runRealEval({ dataDir: dir, split: 'val', engine: 'classical', threads: 1, log: () => {} });
    expect(report.rows.map((r) => [r.label, r.pages])).toEqual([['DIBCO 2009', 1], ['overall', 1]]);
    expect(report.results.map((r) => r.page)).toEqual(['H03']);
  });

  it('writes the table into the readme\'s real-eval section, leaving the rest of the file alone', async () => {
    const readme = join(dir, 'README.md');
    writeFileSync(readme, '# Model\n\n<!-- real-eval:start -->\nold table\n<!-- real-eval:end -->\n\n<!-- eval:start -->\nsynthetic\n<!-- eval:end -->\n');
    const report = await runRealEval({ dataDir: dir, split: 'report', engine: 'classical', threads: 1, readmePath: readme, log: () => {} });
    const text = readFileSync(readme, 'utf8');
    expect(text).not.toContain('old table');
    expect(text).toContain(report.table);
    expect(text).toContain('<!-- eval:start -->\nsynthetic\n<!-- eval:end -->');
  });

  it('runs as the command line: npx tsx src/tools/eval.ts --real --data DIR prints the table', () => {
    const run = spawnSync('npx', ['tsx', 'src/tools/eval.ts', '--real', '--data', dir], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const classicalFm = Number(rowOf(run.stdout, '**overall**')[2]);
    expect(rowOf(run.stdout, 'H-DIBCO 2012')[1]).toBe('1');
    expect(rowOf(run.stdout, 'DIBCO 2013')[1]).toBe('1');
    expect(classicalFm).toBeGreaterThan(90);
  });

  it('says how to build the data and exits non-zero when the folder is missing', () => {
    const run = spawnSync('npx', ['tsx', 'src/tools/eval.ts', '--real', '--data', join(dir, 'nothing-here')], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('npm run data:real -- --from DIR');
    expect(run.stdout).not.toContain('| set');
  });
});

describe('sheetsFoundNote', () => {
  const page = (id: string, sheetFound: boolean) => ({
    set: 'dibco2009',
    page: id,
    width: 10,
    height: 10,
    truthInkShare: 0.1,
    scores: { model: { fm: 90, psnr: 18, identical: false, recall: 0.9, precision: 0.9, ms: 1, sheetFound }, Otsu: { fm: 80, psnr: 15, identical: false, recall: 0.8, precision: 0.8, ms: 1, sheetFound: false } },
  });

  it('names the flat scans on which a method found a sheet', () => {
    const note = sheetsFoundNote([page('H01', false), page('H04', true)], ['model', 'Otsu']);
    expect(note).toContain('model found a sheet on 1 of 2 flat scans');
    expect(note).toContain('dibco2009/H04');
    expect(note).not.toContain('H01');
    expect(note).not.toContain('Otsu found');
  });

  it('says so when none did', () => {
    expect(sheetsFoundNote([page('H01', false)], ['model', 'Otsu'])).toContain('No method found a sheet');
  });
});
