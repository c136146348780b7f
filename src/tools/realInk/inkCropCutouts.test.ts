import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { RealInkEntry } from '../../synth/realInk';
import { dropBlob } from '../realData/gitFixture';
import { CROP_HEIGHT, CROP_WIDTH, makeInkCropFixture } from '../realData/inkCropFixture';
import { pinInkSet } from '../realData/pinInkSets';
import { checkSourcesManifest, type PinnedSet } from '../realData/sourcesManifest';
import { buildRealInk } from './buildRealInk';
import { NAME_HEIGHT_UNITS } from './inkCropCutouts';

describe('signature cut-outs from an ink-crop set', () => {
  let root: string;
  let set: PinnedSet;
  let sources: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'inklift-ink-crop-cutouts-'));
    const fixture = await makeInkCropFixture(join(root, 'repos'));
    set = (await pinInkSet(fixture.definition, async () => fixture.gitDir)).set;
    sources = join(root, 'sources.json');
    writeFileSync(sources, JSON.stringify(checkSourcesManifest({ version: 1, note: 'test', reserved: [], sets: [set] })));
    // Val crops (writers 4 and 12) leave the copy: reading one would be reported missing.
    const valBlobs = new Set(set.pages.filter((page) => page.split === 'val').map((page) => page.image.blob));
    expect(set.pages.some((page) => page.split === 'train' && valBlobs.has(page.image.blob))).toBe(false);
    for (const blob of valBlobs) dropBlob(fixture.gitDir, blob);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('cuts out train crops only, with the soft alpha, inked by the generator, each name 8 mm high', async () => {
    const out = join(root, 'out');
    const built = await buildRealInk(join(root, 'repos'), out, sources);
    expect(built.missing).toEqual([]);
    // Train writers 1 2 3 5 10 11, two crops each; 2-2 is nearly full of ink, 3-2 blank.
    expect(built.cropsRead).toBe(12);
    expect(built.cropsSkipped).toEqual([
      { id: 'cropstest/2-2', reason: 'nearly full (coverage 0.792)' },
      { id: 'cropstest/3-2', reason: 'no ink contrast (paper 240, core 240)' },
    ]);
    expect(built.byKind).toEqual({ signature: 10, stamp: 0 });
    const entries = JSON.parse(readFileSync(join(out, 'cutouts', 'index.json'), 'utf8')) as RealInkEntry[];
    expect(entries.map((e) => e.source.split('@')[0])).toEqual(
      ['1-1', '1-2', '2-1', '3-1', '5-1', '5-2', '10-1', '10-2', '11-1', '11-2'].map((id) => `cropstest/${id}`),
    );
    // The ink spans rows 1-4: 4 pixels are 8 mm = 38.1 page units.
    expect(entries.every((e) => e.kind === 'signature' && e.colour === 'ink' && e.unitsPerPixel === NAME_HEIGHT_UNITS / 4)).toBe(true);
    expect(NAME_HEIGHT_UNITS / 4).toBeCloseTo(9.524, 3);
    expect(readdirSync(join(out, 'cutouts')).filter((file) => file.endsWith('.png'))).toHaveLength(10);

    // The shape alone: white, alpha 255 on the core, 128 on the lighter stroke, 0 on paper and its light noise.
    const { data, info } = await sharp(join(out, 'cutouts', entries[0].file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([CROP_WIDTH, CROP_HEIGHT]); // a 3-pixel margin reaches every edge
    const alpha = Array.from({ length: info.width * info.height }, (_, p) => data[p * 4 + 3]);
    expect(alpha.filter((a) => a === 255)).toHaveLength(4);
    expect(alpha.filter((a) => a === 128)).toHaveLength(2);
    expect(alpha.filter((a) => a !== 0 && a !== 128 && a !== 255)).toHaveLength(0);
    expect(alpha[1 * CROP_WIDTH + 2]).toBe(255);
    expect(alpha[2 * CROP_WIDTH + 3]).toBe(128);
    expect(alpha[5 * CROP_WIDTH + 6]).toBe(0);
    expect(new Set(Array.from({ length: info.width * info.height }, (_, p) => data[p * 4]))).toEqual(new Set([255]));
  });
});
