import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRealData } from './buildRealData';
import { readDatasetIndex } from './datasetIndex';
import { pixelsOf, pngHeader } from './gitFixture';
import { FIXTURE_REPOSITORY, GREY_LEVEL_TRUTH, HEIGHT, makePaperFixture, pagePixels, TRUTH_INK, WIDTH, type PaperFixture } from './paperFixture';
import { pinManifest } from './pinManifest';
import type { SourcesManifest } from './sourcesManifest';

const run = promisify(execFile);

describe('buildRealData on a fixture repository', () => {
  let root: string;
  let repos: string;
  let fixture: PaperFixture;
  let manifest: SourcesManifest;
  const outs: Record<string, string> = {};
  const out = (name: string) => (outs[name] ??= join(root, 'out', name));
  const file = (dir: string, path: string) => readFileSync(join(dir, path));

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-build-'));
    repos = join(root, 'repos');
    fixture = await makePaperFixture(repos);
    manifest = await pinManifest(fixture.definitions, async () => fixture.gitDir);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** The manifest with one change, as JSON that survives the change (a deep copy). */
  const changed = (change: (copy: SourcesManifest) => void): SourcesManifest => {
    const copy = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    change(copy);
    return copy;
  };

  it('builds every page it can, with the index the contract describes', async () => {
    const result = await buildRealData({ from: repos, out: out('main'), manifest });
    const index = readDatasetIndex(out('main'));
    expect(index).toEqual(result.index);
    expect(index.version).toBe(1);
    expect(index.sets.map((set) => [set.name, set.title, set.kind, set.source, set.licence])).toEqual([
      ['alpha', 'Alpha', 'paper', `${FIXTURE_REPOSITORY}@${fixture.commit}`, 'none stated: test fixture'],
      ['beta', 'Beta', 'paper', `${FIXTURE_REPOSITORY}@${fixture.commit}`, 'none stated: test fixture'],
    ]);
    expect(index.sets[0].pages).toEqual([
      { id: 'A1', split: 'train', image: 'paper/alpha/A1.png', truth: 'paper/alpha/A1.truth.png', width: WIDTH, height: HEIGHT },
      { id: 'A2', split: 'train', image: 'paper/alpha/A2.png', truth: 'paper/alpha/A2.truth.png', width: WIDTH, height: HEIGHT },
      { id: 'A4', split: 'val', image: 'paper/alpha/A4.png', truth: 'paper/alpha/A4.truth.png', width: WIDTH, height: HEIGHT },
    ]);
    expect(index.sets[1].pages.map((page) => [page.id, page.split])).toEqual([['G1', 'report'], ['G2', 'report']]);
    expect(result.sets.map((set) => [set.name, set.pinned, set.built, set.converted, set.reused])).toEqual([['alpha', 5, 3, 3, 0], ['beta', 2, 2, 2, 0]]);
    expect(result.refused).toEqual([]);
  });

  it('lists what is missing and why: the size mismatch and the absent blob', () => {
    const { missing } = readDatasetIndex(out('main'));
    expect(missing.map(({ set, page, path }) => [set, page, path])).toEqual([['alpha', 'A3', 'truth/A3_gt.png'], ['alpha', 'A5', 'scans/A5.png']]);
    expect(missing[0].reason).toMatch(/image is 6 × 4 but truth 5 × 4/);
    expect(missing[1].reason).toMatch(/absent from the copy/);
  });

  it('writes truth as one 8-bit channel, 255 = ink, from palette, RGB and grey-level sources', async () => {
    for (const id of ['A1', 'A2', 'A4']) {
      const truth = file(out('main'), `paper/alpha/${id}.truth.png`);
      expect(pngHeader(truth), id).toEqual({ width: WIDTH, height: HEIGHT, bitDepth: 8, colourType: 0 });
      expect((await pixelsOf(truth)).data, id).toEqual(TRUTH_INK);
    }
    const greyLevelInk = GREY_LEVEL_TRUTH.map((v) => (v < 128 ? 255 : 0));
    for (const id of ['G1', 'G2']) expect((await pixelsOf(file(out('main'), `paper/beta/${id}.truth.png`))).data, id).toEqual(greyLevelInk);
  });

  it('writes pages as 8-bit RGB with the source pixels, from RGB, grey, RGBA and BMP sources', async () => {
    for (const id of ['A1', 'A2', 'A4']) expect(pngHeader(file(out('main'), `paper/alpha/${id}.png`)), id).toMatchObject({ bitDepth: 8, colourType: 2 });
    expect((await pixelsOf(file(out('main'), 'paper/alpha/A1.png'))).data).toEqual(pagePixels(1));
    const grey = pagePixels(2).filter((_, i) => i % 3 === 0);
    expect((await pixelsOf(file(out('main'), 'paper/alpha/A2.png'))).data).toEqual(grey.flatMap((v) => [v, v, v]));
    expect((await pixelsOf(file(out('main'), 'paper/alpha/A4.png'))).data).toEqual(pagePixels(4));
    expect((await pixelsOf(file(out('main'), 'paper/beta/G1.png'))).data).toEqual(pagePixels(7));
  });

  it('re-runs incrementally: nothing converted again unless an output went missing', async () => {
    const again = await buildRealData({ from: repos, out: out('main'), manifest });
    expect(again.sets.map((set) => [set.converted, set.reused])).toEqual([[0, 3], [0, 2]]);
    expect(again.index.sets).toEqual(readDatasetIndex(out('main')).sets);
    const before = statSync(join(out('main'), 'paper/alpha/A2.png')).mtimeMs;
    rmSync(join(out('main'), 'paper/alpha/A1.truth.png'));
    const repaired = await buildRealData({ from: repos, out: out('main'), manifest });
    expect(repaired.sets.map((set) => [set.converted, set.reused])).toEqual([[1, 2], [0, 2]]);
    expect(statSync(join(out('main'), 'paper/alpha/A2.png')).mtimeMs).toBe(before);
    expect((await pixelsOf(file(out('main'), 'paper/alpha/A1.truth.png'))).data).toEqual(TRUTH_INK);
  });

  it('converts a page again when its pinned source changes', async () => {
    const other = changed((copy) => {
      copy.sets[0].pages[0].truth = { ...manifest.sets[0].pages[1].truth! };
    });
    const result = await buildRealData({ from: repos, out: out('main'), manifest: other, sets: ['alpha'] });
    expect(result.sets[0]).toMatchObject({ converted: 1, reused: 2 });
  });

  it('building some sets keeps the sets an earlier build indexed', async () => {
    const whole = await buildRealData({ from: repos, out: out('partial'), manifest });
    const names = whole.index.sets.map((set) => set.name);
    expect(names.length).toBeGreaterThan(1);
    const one = await buildRealData({ from: repos, out: out('partial'), manifest, sets: [names[1]] });
    expect(one.index.sets.map((set) => set.name).sort()).toEqual([...names].sort());
    expect(readDatasetIndex(out('partial')).sets.map((set) => set.name).sort()).toEqual([...names].sort());
  });

  it('refuses a file whose checksum differs from the pin, and builds the rest', async () => {
    const wrong = changed((copy) => {
      copy.sets[0].pages[1].truth!.sha256 = '0'.repeat(64);
    });
    const result = await buildRealData({ from: repos, out: out('refused'), manifest: wrong });
    expect(result.refused.map(({ page, path }) => [page, path])).toEqual([['A2', 'truth/A2_gt.png']]);
    expect(result.refused[0].reason).toMatch(/checksum mismatch: sha256 [0-9a-f]{64}, pinned 0{64}/);
    expect(result.index.sets[0].pages.map((page) => page.id)).toEqual(['A1', 'A4']);
    expect(result.index.missing.map((entry) => entry.page)).toContain('A2');
  });

  it('says when the repository is not in DIR, or lacks the commit', async () => {
    const empty = join(root, 'empty');
    mkdirSync(empty, { recursive: true });
    const none = await buildRealData({ from: empty, out: out('none'), manifest });
    expect(none.index.sets).toEqual([]);
    expect(none.index.missing).toHaveLength(14);
    expect(none.index.missing[0].reason).toMatch(/repository Fixture\/Pages not found in/);
    const old = changed((copy) => copy.sets.forEach((set) => (set.commit = 'f'.repeat(40))));
    const noCommit = await buildRealData({ from: repos, out: out('nocommit'), manifest: old, sets: ['beta'] });
    expect(noCommit.index.missing.map((entry) => entry.reason)).toEqual(Array(4).fill(expect.stringMatching(/commit f{40} missing from the copy/)));
  });

  it('builds only the sets asked for, and refuses a set name it does not know', async () => {
    const beta = await buildRealData({ from: repos, out: out('beta'), manifest, sets: ['beta'] });
    expect(beta.index.sets.map((set) => set.name)).toEqual(['beta']);
    expect(beta.index.missing).toEqual([]);
    await expect(buildRealData({ from: repos, out: out('beta'), manifest, sets: ['gamma'] })).rejects.toThrow(/unknown set gamma/);
  });

  describe('the npm run data:real command line', () => {
    const cli = async (...args: string[]) => {
      try {
        const { stdout, stderr } = await run(join('node_modules', '.bin', 'tsx'), [join('src', 'tools', 'realData', 'dataRealCli.ts'), ...args]);
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    };
    const writeManifest = (name: string, content: SourcesManifest) => {
      const path = join(root, `${name}.json`);
      writeFileSync(path, JSON.stringify(content));
      return path;
    };

    it('builds, prints the counts and the missing list, and exits 0', async () => {
      const result = await cli('--from', repos, '--out', out('cli'), '--manifest', writeManifest('good', manifest));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/alpha\s+Alpha\s+3\/5\s+2\s+1\s+0\s+3\s+0/);
      expect(result.stdout).toMatch(/beta\s+Beta\s+2\/2\s+0\s+0\s+2\s+2\s+0/);
      expect(result.stdout).toMatch(/missing: 2 file\(s\)/);
      expect(result.stdout).toMatch(/alpha\/A5: scans\/A5\.png — blob [0-9a-f]{12} absent/);
      expect(readDatasetIndex(out('cli')).sets.map((set) => set.pages.length)).toEqual([3, 2]);
    });

    it('exits 1 on a checksum mismatch and when nothing could be built, 2 without --from', async () => {
      const wrong = changed((copy) => {
        copy.sets[1].pages[0].image.size = 1;
      });
      const mismatch = await cli('--from', repos, '--out', out('cli-wrong'), '--manifest', writeManifest('wrong', wrong));
      expect(mismatch.code).toBe(1);
      expect(mismatch.stdout).toMatch(/checksum mismatch: size \d+, pinned 1/);
      expect(mismatch.stderr).toMatch(/1 file\(s\) refused/);
      const nothing = await cli('--from', join(root, 'empty'), '--out', out('cli-none'), '--manifest', writeManifest('good', manifest));
      expect(nothing.code).toBe(1);
      expect(nothing.stdout).toMatch(/alpha: 10 files — repository Fixture\/Pages not found/);
      expect(nothing.stderr).toMatch(/nothing could be built/);
      expect((await cli('--out', out('cli-none'))).code).toBe(2);
    });
  });
});
