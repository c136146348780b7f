/**
 * A tiny stand-in for the real source repositories, made on the spot for the tests: two sets of
 * 6 × 4 pages in one git repository, with every case the builder must handle.
 *   alpha (train, black-on-white truth, `scans/{id}.png` + `truth/{id}_gt.png`):
 *     A1 RGB page, 1-bit palette truth      A2 grey page, RGB truth
 *     A3 truth one column narrower (size mismatch: skipped)
 *     A4 RGBA page (the 4th in id order: val)      A5 page blob dropped (absent, as in a mirror)
 *     B1 does not match the set's ids and is not pinned
 *   beta (report, grey-level truth, `other/{id}_source.{ext}` + `other/{id}_target.{ext}`):
 *     G1 24-bit BMP page with grey-level PNG truth      G2 TIFF page and TIFF truth
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { blobOf, dropBlob, makeRepository, rawPng, writeBmp } from './gitFixture';
import type { SetDefinition } from './pinnedSetDefinitions';

export const FIXTURE_REPOSITORY = 'Fixture/Pages';
export const WIDTH = 6;
export const HEIGHT = 4;

/** The truth every alpha page draws: ink (0) in the first two columns and on the last row. */
export const TRUTH_GREY = Array.from({ length: WIDTH * HEIGHT }, (_, i) => (i % WIDTH < 2 || i >= WIDTH * (HEIGHT - 1) ? 0 : 255));
export const TRUTH_INK = TRUTH_GREY.map((v) => (v < 128 ? 255 : 0));
/** Beta's grey-level truth: a ramp, ink below 128. */
export const GREY_LEVEL_TRUTH = Array.from({ length: WIDTH * HEIGHT }, (_, i) => Math.round((i * 255) / (WIDTH * HEIGHT - 1)));

/** A distinct RGB page per seed (distinct bytes, so no two files share a blob). */
export function pagePixels(seed: number): number[] {
  return Array.from({ length: WIDTH * HEIGHT * 3 }, (_, i) => (seed * 37 + i * 11) % 256);
}

const rgbToBw = (grey: number[]): number[] => grey.flatMap((v) => [v, v, v]);

export interface PaperFixture {
  workTree: string;
  gitDir: string;
  commit: string;
  definitions: SetDefinition[];
}

export async function makePaperFixture(reposDir: string): Promise<PaperFixture> {
  const workTree = join(reposDir, 'Fixture+Pages');
  const paletteTruth = await sharp(Buffer.from(rgbToBw(TRUTH_GREY)), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .png({ palette: true, colours: 2 })
    .toBuffer();
  const rgba = pagePixels(4).flatMap((v, i) => (i % 3 === 2 ? [v, 255] : [v]));
  const grey = (seed: number) => pagePixels(seed).filter((_, i) => i % 3 === 0);
  const tiff = (pixels: number[], channels: 1 | 3) =>
    sharp(Buffer.from(pixels), { raw: { width: WIDTH, height: HEIGHT, channels } })
      .toColourspace(channels === 1 ? 'b-w' : 'srgb')
      .tiff({ compression: 'lzw' })
      .toBuffer();
  const files: Record<string, Buffer> = {
    'scans/A1.png': await rawPng(WIDTH, HEIGHT, 3, pagePixels(1)),
    'truth/A1_gt.png': paletteTruth,
    'scans/A2.png': await rawPng(WIDTH, HEIGHT, 1, grey(2)),
    'truth/A2_gt.png': await rawPng(WIDTH, HEIGHT, 3, rgbToBw(TRUTH_GREY)),
    'scans/A3.png': await rawPng(WIDTH, HEIGHT, 3, pagePixels(3)),
    'truth/A3_gt.png': await rawPng(WIDTH - 1, HEIGHT, 1, TRUTH_GREY.slice(0, (WIDTH - 1) * HEIGHT)),
    'scans/A4.png': await rawPng(WIDTH, HEIGHT, 4, rgba),
    'truth/A4_gt.png': await rawPng(WIDTH, HEIGHT, 1, TRUTH_GREY),
    'scans/A5.png': await rawPng(WIDTH, HEIGHT, 3, pagePixels(5)),
    'truth/A5_gt.png': await rawPng(WIDTH, HEIGHT, 1, TRUTH_GREY.map((v) => (v === 0 ? 1 : v))),
    'scans/B1.png': await rawPng(WIDTH, HEIGHT, 3, pagePixels(6)),
    'truth/B1_gt.png': await rawPng(WIDTH, HEIGHT, 1, TRUTH_GREY.map((v) => (v === 0 ? 2 : v))),
    'other/G1_source.bmp': writeBmp(WIDTH, HEIGHT, 24, pagePixels(7)),
    'other/G1_target.png': await rawPng(WIDTH, HEIGHT, 1, GREY_LEVEL_TRUTH),
    'other/G2_source.tif': await tiff(pagePixels(8), 3),
    'other/G2_target.tif': await tiff(GREY_LEVEL_TRUTH, 1),
  };
  const commit = makeRepository(workTree, files);
  const gitDir = join(workTree, '.git');
  dropBlob(gitDir, blobOf(workTree, commit, 'scans/A5.png'));

  const common = { kind: 'paper' as const, repository: FIXTURE_REPOSITORY, commit, licence: 'none stated: test fixture' };
  const definitions: SetDefinition[] = [
    { ...common, name: 'alpha', title: 'Alpha', role: 'train', truthFormat: 'binary', paths: { image: 'scans/{id}.png', truth: 'truth/{id}_gt.png' }, ids: /^A\d$/ },
    { ...common, name: 'beta', title: 'Beta', role: 'report', truthFormat: 'greyLevel', paths: { image: 'other/{id}_source.{ext}', truth: 'other/{id}_target.{ext}' }, ids: /^G\d$/ },
  ];
  return { workTree, gitDir, commit, definitions };
}
