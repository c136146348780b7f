import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPenTrajectoryLibrary, TRAJECTORY_LIBRARY_FILE } from '../../synth/penTrajectory';
import { dropBlob } from '../realData/gitFixture';
import { pinPenTrajectorySet } from '../realData/pinPenTrajectories';
import { checkSourcesManifest, type SourcesManifest } from '../realData/sourcesManifest';
import { makeTrajectoryFixture, signatureText, TRAJECTORY_WRITERS, VAL_WRITERS, type TrajectoryFixture } from '../realData/trajectoryFixture';
import { buildTrajectoryLibrary } from './buildTrajectories';
import { parseTrajectoryText, penDownStrokes, toPenTrajectory, TRAJECTORY_UNIT } from './penTrajectoryText';

const about = { id: '001-g-01', set: 'test', writer: '001', authenticity: 'genuine' as const };

describe('reading a tablet signature file', () => {
  it('splits strokes where the pen is lifted (pressure 0), not on a stray penup toggle', () => {
    const text = [
      '0.00 10 20 100 1 0 0',
      '0.01 11 20 300 0 0 0',
      '0.02 12 20 400 1 0 0', // a toggle inside continuous pressure: the same stroke
      '0.03 13 20 0 1 0 0', // lifted
      '0.04 14 21 0 0 0 0', // hovering
      '0.05 15 22 500 1 0 0', // down again
      '0.06 16 22 600 0 0 0',
      '',
    ].join('\n');
    const samples = parseTrajectoryText(text);
    expect(samples).toHaveLength(7);
    expect(penDownStrokes(samples).map((stroke) => stroke.map((s) => s.x))).toEqual([[10, 11, 12], [15, 16]]);
    expect(penDownStrokes(parseTrajectoryText(signatureText(0))).map((stroke) => stroke.length)).toEqual([12, 6]);
    expect(() => parseTrajectoryText('0.00 10 20 100 1 0\n', 'x.txt')).toThrow(/x\.txt:1: not 7 numbers/);
  });

  it('normalises to a unit box over the longer side, aspect kept, y pointing down, pressure in thousandths', () => {
    // 40 mm wide, 10 mm tall; y up in the file.
    const text = ['0 0 0 1023 1 0 0', '0.01 40 10 511 0 0 0', '0.02 40 10 0 1 0 0', '0.03 20 5 200 1 0 0', ''].join('\n');
    const t = toPenTrajectory(parseTrajectoryText(text), about)!;
    expect([t.widthMm, t.heightMm]).toEqual([40, 10]);
    // 4095 over 40 mm: (0, 10) → (0, 1024), (40, 0) → (4095, 0) after the flip; (20, 5) → (2048, 512). Pressure 200/1023 → 196.
    expect(t.strokes).toEqual([[0, 1024, 1000, TRAJECTORY_UNIT, 0, 500], [2048, 512, 196]]);
    expect(toPenTrajectory(parseTrajectoryText('0 1 1 0 1 0 0\n'), about)).toBeNull();
  });
});

describe('the trajectory library, from a fixture repository', () => {
  let root: string;
  let fixture: TrajectoryFixture;
  let manifest: SourcesManifest;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-trajectory-build-'));
    fixture = makeTrajectoryFixture(root);
    const set = await pinPenTrajectorySet(fixture.definition, async () => fixture.gitDir);
    manifest = checkSourcesManifest({ version: 1, note: 'test', reserved: [], sets: [set] });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('holds every train writer\'s signatures and never reads a val writer\'s file', async () => {
    // The val writers' files are gone from the copy: reading one would be listed as missing.
    for (const page of manifest.sets[0].pages.filter((p) => p.split === 'val')) dropBlob(fixture.gitDir, page.image.blob);
    const out = join(root, 'out');
    const built = await buildTrajectoryLibrary(manifest, root, out);
    expect(built.missing).toEqual([]);
    expect(built.file).toBe(join(out, TRAJECTORY_LIBRARY_FILE));
    const library = readPenTrajectoryLibrary(built.file!)!;
    const train = TRAJECTORY_WRITERS.filter((w) => !VAL_WRITERS.includes(w));
    expect([...new Set(library.trajectories.map((t) => t.writer))]).toEqual(train);
    expect(library.trajectories).toHaveLength(train.length * 2);
    expect(built).toMatchObject({ signatures: 12, writers: 6, byAuthenticity: { genuine: 7, forgery: 1, unknown: 4 } });
    expect(library.trajectories.every((t) => t.strokes.length === 2)).toBe(true);
    const file = JSON.parse(readFileSync(built.file!, 'utf8'));
    expect(file.sources).toEqual([{ set: 'trajtest', repository: 'Fixture/Trajectories', commit: fixture.commit, licence: fixture.definition.licence }]);
  });

  it('refuses a file whose bytes are not the pinned ones', async () => {
    const tampered = JSON.parse(JSON.stringify(manifest)) as SourcesManifest;
    const page = tampered.sets[0].pages.find((p) => p.id === '001-g-01')!;
    page.image.sha256 = '0'.repeat(64);
    const built = await buildTrajectoryLibrary(tampered, root, join(root, 'out-tampered'));
    expect(built.missing).toEqual([expect.stringMatching(/001-g-01\.txt: checksum mismatch/)]);
    expect(built.signatures).toBe(11);
  });

  it('writes nothing when no trajectory set is pinned', async () => {
    expect(await buildTrajectoryLibrary({ version: 1, note: 'test', reserved: [], sets: [] }, root, join(root, 'none'))).toMatchObject({ file: null, signatures: 0 });
  });
});
