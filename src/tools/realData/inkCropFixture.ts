/**
 * A tiny stand-in for an ink-crop repository (Cross-media Signatures), made on the spot for the
 * tests: experiment/rect/<writer>/<n>.<ext> for writers 1 2 3 4 5 10 11 12 (numeric order differs
 * from text order), crops 1-2 "paper" (pinned) and 3 "digital" (a Git LFS pointer: pinning fails if
 * it is ever read). Crops are 8 × 6 grey:
 *   INK_CROP           paper 240; ink core 40 at column 2, rows 1-4; a lighter stroke 140 at (3, 2)
 *                      and (4, 2); light paper noise 230 at (6, 5) and (7, 5)
 *   writer 2, crop 2   nearly full (ink everywhere but the last row and a half)
 *   writer 3, crop 2   empty paper
 * Writer 4's crops (val) differ from INK_CROP only in their noise (231, 232), so they are blobs of their
 * own that a test can take out of the copy; writer 12's crops (val) are JPEG.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { makeRepository, rawPng } from './gitFixture';
import type { InkSetDefinition } from './inkSetDefinitions';

export const CROP_WIDTH = 8;
export const CROP_HEIGHT = 6;
export const CROP_WRITERS = ['1', '2', '3', '4', '5', '10', '11', '12'];

const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1\noid sha256:0000\nsize 4000000\n';

export const INK_CROP = Array.from({ length: CROP_WIDTH * CROP_HEIGHT }, (_, p) => {
  const x = p % CROP_WIDTH;
  const y = Math.floor(p / CROP_WIDTH);
  if (x === 2 && y >= 1 && y <= 4) return 40;
  if (y === 2 && (x === 3 || x === 4)) return 140;
  if (y === 5 && x >= 6) return 230;
  return 240;
});
const withNoise = (grey: number[], noise: number) => grey.map((v) => (v === 230 ? noise : v));
export const FULL_CROP = Array.from({ length: CROP_WIDTH * CROP_HEIGHT }, (_, p) => (p < 38 ? 40 : 240));
export const EMPTY_CROP: number[] = Array(CROP_WIDTH * CROP_HEIGHT).fill(240);

export interface InkCropFixture {
  definition: InkSetDefinition;
  gitDir: string;
  /** Each crop's bytes by path. */
  files: Record<string, Buffer | string>;
}

export async function makeInkCropFixture(reposDir: string): Promise<InkCropFixture> {
  const png = (grey: number[]) => rawPng(CROP_WIDTH, CROP_HEIGHT, 1, grey);
  const jpg = (grey: number[]) => sharp(Buffer.from(grey), { raw: { width: CROP_WIDTH, height: CROP_HEIGHT, channels: 1 } }).jpeg({ quality: 95 }).toBuffer();
  const files: Record<string, Buffer | string> = { 'README.md': 'fixture' };
  for (const writer of CROP_WRITERS) {
    const encode = writer === '12' ? jpg : png;
    const ext = writer === '12' ? 'jpg' : 'png';
    const second = { 2: FULL_CROP, 3: EMPTY_CROP, 4: withNoise(INK_CROP, 232) }[writer] ?? INK_CROP;
    files[`experiment/rect/${writer}/1.${ext}`] = await encode(writer === '4' ? withNoise(INK_CROP, 231) : INK_CROP);
    files[`experiment/rect/${writer}/2.${ext}`] = await encode(second);
    files[`experiment/rect/${writer}/3.${ext}`] = LFS_POINTER;
  }
  files['control/rect/1/1.png'] = await png(INK_CROP);
  const commit = makeRepository(join(reposDir, 'Fixture+Crops'), files);
  const definition: InkSetDefinition = {
    name: 'cropstest',
    title: 'Crops test',
    kind: 'inkCrops',
    role: 'split',
    repository: 'Fixture/Crops',
    commit,
    licence: 'MIT: test fixture',
    paths: { image: 'experiment/rect/{writer}/{n}.{ext}' },
    crops: { ink: 'signature', first: 1, last: 2 },
    splitRule: 'as writerSplits',
  };
  return { definition, gitDir: join(reposDir, 'Fixture+Crops', '.git'), files };
}
