/**
 * Tiny stand-ins for the real ink repositories, made on the spot for the tests (CI has no real data):
 *   Fixture/StaVer    stamp-ai/scans/scans/stampDS-NNNNN.png (6 × 4 pages) and stamp-ink maps
 *                     stamp-ai/ground-truth-pixel/ground-truth-pixel/stampDS-NNNNN-px.png
 *   Fixture/StaVerGt  GroundTruth/300dpi/stampDS-NNNNN/LabelAllInOne.png, 9 × 6 (1.5 × the page)
 *   Fixture/Tobacco   cnn_class_label_predictor/test/{signature,no_signature}/<doc>….tif + assets/ground_truth_bbox.json
 *   Fixture/Names     origin/49-100/paper/{51,52,56}.jpg, pages of pen-written names only (5 × 7 JPEGs)
 * Pages: StaVer 00001 (mask with a stamp + labels), 00002 (labels only), 00003 (empty mask: no stamp),
 * 00004 (neither: not pinned), 00300 (report block), 00360 (reserved: its files are Git LFS pointers,
 * so pinning fails if it ever reads them). Tobacco: aaa00a00 and bbb11b00_1 signed, bbb11b00_2 and
 * ccc22c00 unsigned; reserved xjx9aa00-first (signed, an LFS pointer) and ZKD43F00_4 (upper case).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { makeRepository, rawPng } from './gitFixture';
import type { InkSetDefinition } from './inkSetDefinitions';

export const INK_WIDTH = 6;
export const INK_HEIGHT = 4;
export const LABEL_WIDTH = 9;
export const LABEL_HEIGHT = 6;

const LFS_POINTER = 'version https://git-lfs.github.com/spec/v1\noid sha256:0000\nsize 4000000\n';

/** A distinct RGB page per seed. */
export function inkPagePixels(seed: number): number[] {
  return Array.from({ length: INK_WIDTH * INK_HEIGHT * 3 }, (_, i) => (seed * 53 + i * 7) % 256);
}

/** Stamp ink (black on white) in the top-right 2 × 2 of the page. */
export const STAMP_GREY = Array.from({ length: INK_WIDTH * INK_HEIGHT }, (_, i) => (i % INK_WIDTH >= 4 && i < 2 * INK_WIDTH ? 0 : 255));

/**
 * The 9 × 6 label map: text (0) in column 0, signature (7) in rows 4-5 at columns 3-8, stamp (4) at
 * columns 6-8 of rows 0-1, background 255 elsewhere.
 */
export const LABELS = Array.from({ length: LABEL_WIDTH * LABEL_HEIGHT }, (_, i) => {
  const x = i % LABEL_WIDTH;
  const y = Math.floor(i / LABEL_WIDTH);
  if (x === 0) return 0;
  if (y >= 4 && x >= 3) return 7;
  if (y <= 1 && x >= 6) return 4;
  return 255;
});

/** Tobacco pages are 8 × 6 bilevel; each signed page's box. */
export const TOBACCO_WIDTH = 8;
export const TOBACCO_HEIGHT = 6;
export const TOBACCO_BOXES: Record<string, number[]> = {
  'aaa00a00.tif': [1, 1, 5, 4],
  'bbb11b00_1.tif': [0, 2, 20, 6],
  'xjx9aa00-first.tif': [0, 0, 2, 2],
};

function bilevelTiff(seed: number): Promise<Buffer> {
  const grey = Array.from({ length: TOBACCO_WIDTH * TOBACCO_HEIGHT }, (_, i) => ((i * 3 + seed) % 5 === 0 ? 0 : 255));
  return sharp(Buffer.from(grey), { raw: { width: TOBACCO_WIDTH, height: TOBACCO_HEIGHT, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1 })
    .toBuffer();
}

/** Name pages are 5 × 7 JPEGs. */
export const NAME_PAGE_WIDTH = 5;
export const NAME_PAGE_HEIGHT = 7;

function namePageJpeg(seed: number): Promise<Buffer> {
  const rgb = Array.from({ length: NAME_PAGE_WIDTH * NAME_PAGE_HEIGHT * 3 }, (_, i) => (((i / 3) | 0) % (seed + 2) === 0 ? 40 : 235));
  return sharp(Buffer.from(rgb), { raw: { width: NAME_PAGE_WIDTH, height: NAME_PAGE_HEIGHT, channels: 3 } }).jpeg().toBuffer();
}

export interface InkFixture {
  staver: InkSetDefinition;
  tobacco: InkSetDefinition;
  names: InkSetDefinition;
  gitDirs: Record<string, string>;
}

export async function makeInkFixture(reposDir: string, options: { lfsInPinnedPage?: boolean } = {}): Promise<InkFixture> {
  const scan = (seed: number) => rawPng(INK_WIDTH, INK_HEIGHT, 3, inkPagePixels(seed));
  const stampMask = await rawPng(INK_WIDTH, INK_HEIGHT, 3, STAMP_GREY.flatMap((v) => [v, v, v]));
  const emptyMask = await rawPng(INK_WIDTH, INK_HEIGHT, 3, Array(INK_WIDTH * INK_HEIGHT * 3).fill(255));
  const labels = await rawPng(LABEL_WIDTH, LABEL_HEIGHT, 1, LABELS);
  const scans = 'stamp-ai/scans/scans';
  const masks = 'stamp-ai/ground-truth-pixel/ground-truth-pixel';
  const staverCommit = makeRepository(join(reposDir, 'Fixture+StaVer'), {
    [`${scans}/stampDS-00001.png`]: options.lfsInPinnedPage ? LFS_POINTER : await scan(1),
    [`${masks}/stampDS-00001-px.png`]: stampMask,
    [`${scans}/stampDS-00002.png`]: await scan(2),
    [`${scans}/stampDS-00003.png`]: await scan(3),
    [`${masks}/stampDS-00003-px.png`]: emptyMask,
    [`${scans}/stampDS-00004.png`]: await scan(4),
    [`${scans}/stampDS-00300.png`]: await scan(5),
    [`${masks}/stampDS-00300-px.png`]: await rawPng(INK_WIDTH, INK_HEIGHT, 1, STAMP_GREY.map((v) => (v === 0 ? 1 : v))),
    [`${scans}/stampDS-00360.png`]: LFS_POINTER,
    [`${masks}/stampDS-00360-px.png`]: LFS_POINTER,
  });
  const labelCommit = makeRepository(join(reposDir, 'Fixture+StaVerGt'), {
    'GroundTruth/300dpi/stampDS-00001/LabelAllInOne.png': labels,
    'GroundTruth/300dpi/stampDS-00002/LabelAllInOne.png': await rawPng(LABEL_WIDTH, LABEL_HEIGHT, 1, LABELS.map((v) => (v === 7 ? 255 : v))),
    'GroundTruth/300dpi/stampDS-00360/LabelAllInOne.png': LFS_POINTER,
  });
  const test = 'cnn_class_label_predictor/test';
  const tobaccoCommit = makeRepository(join(reposDir, 'Fixture+Tobacco'), {
    [`${test}/signature/aaa00a00.tif`]: await bilevelTiff(1),
    [`${test}/signature/bbb11b00_1.tif`]: await bilevelTiff(2),
    [`${test}/no_signature/bbb11b00_2.tif`]: await bilevelTiff(3),
    [`${test}/no_signature/ccc22c00.tif`]: await bilevelTiff(4),
    [`${test}/signature/xjx9aa00-first.tif`]: LFS_POINTER,
    [`${test}/no_signature/ZKD43F00_4.tif`]: LFS_POINTER,
    'assets/ground_truth_bbox.json': JSON.stringify(TOBACCO_BOXES),
  });
  const namesCommit = makeRepository(join(reposDir, 'Fixture+Names'), {
    'origin/49-100/paper/51.jpg': await namePageJpeg(1),
    'origin/49-100/paper/52.jpg': await namePageJpeg(2),
    'origin/49-100/paper/56.jpg': await namePageJpeg(3),
    'origin/49-100/paper/notes.txt': 'not a page',
  });
  const staver: InkSetDefinition = {
    name: 'stavertest',
    title: 'StaVer test',
    kind: 'inkClasses',
    role: 'split',
    repository: 'Fixture/StaVer',
    commit: staverCommit,
    licence: 'none stated: test fixture',
    paths: { image: `${scans}/{id}.png`, truth: `${masks}/{id}-px.png`, labels: 'GroundTruth/300dpi/{id}/LabelAllInOne.png' },
    truthFormat: 'binary',
    splitRule: 'as staverSplits',
    labelSource: { repository: 'Fixture/StaVerGt', commit: labelCommit, licence: 'none stated: test fixture' },
  };
  const tobacco: InkSetDefinition = {
    name: 'tobaccotest',
    title: 'Tobacco test',
    kind: 'signatureBoxes',
    role: 'split',
    repository: 'Fixture/Tobacco',
    commit: tobaccoCommit,
    licence: 'none stated: test fixture',
    paths: { image: `${test}/{class}/{id}.tif` },
    boxesPath: 'assets/ground_truth_bbox.json',
    boxesComplete: false,
    splitRule: 'as tobacco800Splits',
  };
  const names: InkSetDefinition = {
    name: 'namestest',
    title: 'Name pages test',
    kind: 'signatureBoxes',
    role: 'split',
    repository: 'Fixture/Names',
    commit: namesCommit,
    licence: 'none stated: test fixture',
    paths: { image: 'origin/49-100/paper/{id}.jpg' },
    pageIsBox: true,
    boxesComplete: true,
    splitRule: 'as namePageSplits',
  };
  const gitDirs = {
    'Fixture/StaVer': join(reposDir, 'Fixture+StaVer', '.git'),
    'Fixture/StaVerGt': join(reposDir, 'Fixture+StaVerGt', '.git'),
    'Fixture/Tobacco': join(reposDir, 'Fixture+Tobacco', '.git'),
    'Fixture/Names': join(reposDir, 'Fixture+Names', '.git'),
  };
  return { staver, tobacco, names, gitDirs };
}
