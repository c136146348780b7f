import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { InkClass } from '../../core/shared/types';
import type { RealInkEntry } from '../../synth/realInk';
import { makeInkFixture, type InkFixture } from '../realData/inkFixture';
import { pinInkSet } from '../realData/pinInkSets';
import { checkSourcesManifest } from '../realData/sourcesManifest';
import { buildRealInk } from './buildRealInk';
import { labelsToClasses } from './labelsToClasses';

describe('StaVerGt labels as ink classes', () => {
  it('maps text, graphics, logos, stamps, signatures, noise and background', () => {
    expect(Array.from(labelsToClasses(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 255, 77])))).toEqual([
      InkClass.printed, InkClass.printed, InkClass.formLine, InkClass.printed, InkClass.stamp, InkClass.printed, InkClass.printed,
      InkClass.handwriting, InkClass.noise, InkClass.paper, InkClass.paper,
    ]);
  });
});

describe('the class model\'s real ink, from fixture repositories', () => {
  let root: string;
  let fixture: InkFixture;
  let sources: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-real-ink-build-'));
    fixture = await makeInkFixture(join(root, 'repos'));
    const locate = async (repository: string) => fixture.gitDirs[repository];
    const staver = await pinInkSet(fixture.staver, locate);
    const tobacco = await pinInkSet(fixture.tobacco, locate);
    sources = join(root, 'sources.json');
    writeFileSync(sources, JSON.stringify(checkSourcesManifest({ version: 1, note: 'test', reserved: [], sets: [staver.set, tobacco.set] })));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('cuts stamps and signatures out of train pages only, in their scan\'s colour, and writes labelled pages', async () => {
    const out = join(root, 'out');
    const built = await buildRealInk(join(root, 'repos'), out, sources);
    const entries = JSON.parse(readFileSync(join(out, 'cutouts', 'index.json'), 'utf8')) as RealInkEntry[];
    // Train pages: 00001 (stamp map + labels with a signature), 00002 (labels without one), 00003 (an empty stamp map);
    // 00300 is report, 00360 reserved.
    const page = (e: RealInkEntry) => e.source.split('@')[0].split('/')[1];
    expect(entries.filter((e) => e.kind === 'stamp').map(page)).toEqual(['stampDS-00001']);
    expect(entries.filter((e) => e.kind === 'signature').map(page)).toEqual(['stampDS-00001']);
    expect(entries.every((e) => e.colour === 'own' && e.unitsPerPixel === 1000 / 6)).toBe(true);
    expect(built).toMatchObject({ byKind: { stamp: 1, signature: 1 }, ownColour: 2, pages: 2 });
    // The stamp map marks the top-right 2 × 2: the cut-out's alpha is that square.
    const stamp = entries.find((e) => e.kind === 'stamp')!;
    const { data, info } = await sharp(join(out, 'cutouts', stamp.file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const opaque = Array.from({ length: info.width * info.height }, (_, p) => data[p * 4 + 3]).filter((a) => a === 255).length;
    expect(opaque).toBe(4);
    // A labelled page: the scan and its classes, signature rows as handwriting.
    expect(readdirSync(join(out, 'pages')).sort()).toEqual(['000000.classes.png', '000000.png', '000001.classes.png', '000001.png']);
    const classes = await sharp(join(out, 'pages', '000000.classes.png')).extractChannel(0).raw().toBuffer();
    expect(classes.length).toBe(24);
    expect(classes.includes(InkClass.handwriting)).toBe(true);
    expect(classes.includes(InkClass.printed)).toBe(true);
  });
});
