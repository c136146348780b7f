/**
 * Turns pages with ink truth into the ink-separation model's training pages, through the SAME code the
 * product runs (src/core's paper flattening and ink features). Per page it writes into --out:
 *   <name>.deficit.png  full-resolution ink deficit of the flattened page (255 − min(R, G, B))
 *   <name>.luma.png     full-resolution luminance deficit (255 − Y)
 *   <name>.truth.png    255 = ink, 0 = paper, 128 = no say (the synthetic truth's soft border)
 *   <name>.inks.png     generated pages only: RGB = the stamp's, the signature's and all ink's coverage
 *                       (0–255), so training can fade one ink beside the others (train.py --fade-ink)
 * and pages.json (name, source, split, size). The model's low-resolution input is computed from the
 * two deficits by the training code, mirroring src/core/paper/inkSeparation/features.ts.
 * Usage: tsx models/separation/prepare.ts --out DIR [--real DIR] [--synth N] [--synth-val N] [--part K/N]
 *   --real: a build folder of `npm run data:real` (its train and val pages; report pages are never read)
 *   --synth: N pages of src/synth's train split (and --synth-val of its val split)
 *   --photos: N phone photos of src/synth's train-split pages on desks (src/synth/desk; and --photos-val
 *     of its val split), flattened against the true sheet; under the things lying on the sheet the
 *     truth has no say (128): whether a pen on the page is ink is the class model's question
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { flattenSheet, type RgbaImage, type SheetOutline } from '../../src/core';
import { inkFeatures } from '../../src/core/paper/inkSeparation/features';
import { generateDeskPhoto } from '../../src/synth/desk/scene';
import { generateDocument } from '../../src/synth/generate';
import { splitSeed } from '../../src/synth/splits';
import { readDatasetIndex } from '../../src/tools/realData/datasetIndex';

function arg(name: string, fallback = ''): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

interface PreparedPage {
  name: string;
  source: 'real' | 'synth' | 'photo';
  set: string;
  split: 'train' | 'val';
  width: number;
  height: number;
}

async function readRgba(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

async function readGrey(file: string): Promise<Uint8Array> {
  const { data } = await sharp(file).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

const writeGrey = (file: string, data: Uint8Array, width: number, height: number) =>
  sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels: 1 } }).png({ compressionLevel: 1 }).toFile(file);

async function writeInks(file: string, inks: NonNullable<PreparedImage['inks']>, width: number, height: number): Promise<void> {
  const rgb = Buffer.alloc(width * height * 3);
  for (let k = 0; k < width * height; k++) {
    rgb[k * 3] = inks.stamp[k];
    rgb[k * 3 + 1] = inks.signature[k];
    rgb[k * 3 + 2] = inks.all[k];
  }
  await sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toFile(file);
}

async function writePage(out: string, name: string, image: RgbaImage, truth: Uint8Array, sheet: SheetOutline | null): Promise<void> {
  const { flattened } = flattenSheet(image, undefined, { sheet, cover: null });
  const f = inkFeatures(flattened);
  await writeGrey(path.join(out, `${name}.deficit.png`), f.deficit, f.width, f.height);
  await writeGrey(path.join(out, `${name}.luma.png`), f.lumaDeficit, f.width, f.height);
  await writeGrey(path.join(out, `${name}.truth.png`), truth, f.width, f.height);
}

interface PreparedImage {
  image: RgbaImage;
  truth: Uint8Array;
  /** Generated pages: per-ink coverage (stamp, signature, all), as `<name>.inks.png`. */
  inks?: { stamp: Uint8Array; signature: Uint8Array; all: Uint8Array };
  /** The sheet a photo is flattened against (its true corners); none for a flat page. */
  sheet?: SheetOutline;
}

/** Generated truth (0–255 coverage) as 255 ink, 0 paper, 128 no say: its soft border, and under what `covered` hides (≥ 32 of 255). */
function threeLevelTruth(all: Uint8Array, covered?: Uint8Array): Uint8Array {
  const truth = new Uint8Array(all.length);
  for (let k = 0; k < all.length; k++) truth[k] = covered && covered[k] >= 32 ? 128 : all[k] >= 128 ? 255 : all[k] > 0 ? 128 : 0;
  return truth;
}

async function main(): Promise<void> {
  const out = arg('out');
  if (!out) throw new Error('missing --out');
  mkdirSync(out, { recursive: true });
  const [part, parts] = arg('part', '0/1').split('/').map(Number);
  const pages: PreparedPage[] = [];
  const jobs: { page: PreparedPage; make: () => Promise<PreparedImage> }[] = [];
  const realDir = arg('real');
  if (realDir) {
    for (const set of readDatasetIndex(realDir).sets) {
      if (set.kind !== 'paper') continue;
      for (const p of set.pages) {
        if (p.split === 'report') continue;
        const page: PreparedPage = { name: `${set.name}-${p.id}`, source: 'real', set: set.name, split: p.split, width: p.width, height: p.height };
        jobs.push({ page, make: async () => ({ image: await readRgba(path.join(realDir, p.image)), truth: await readGrey(path.join(realDir, p.truth)) }) });
      }
    }
  }
  /** Generated pages of a split: seeds 0…count−1 of it, each made (and its truth read) only when not yet prepared. */
  const generated = (source: 'synth' | 'photo', split: 'train' | 'val', count: number, make: (seed: number) => Promise<PreparedImage>) => {
    for (let i = 0; i < count; i++) {
      const seed = splitSeed(split, i);
      jobs.push({ page: { name: `${source}-${seed}`, source, set: source, split, width: 0, height: 0 }, make: () => make(seed) });
    }
  };
  const synth = (split: 'train' | 'val', count: number) =>
    generated('synth', split, count, async (seed) => {
      const doc = await generateDocument(seed, { megapixels: 2 });
      return { image: doc.image, truth: threeLevelTruth(doc.truth.all), inks: { stamp: doc.truth.stamp, signature: doc.truth.signature, all: doc.truth.all } };
    });
  const photos = (split: 'train' | 'val', count: number) =>
    generated('photo', split, count, async (seed) => {
      const photo = await generateDeskPhoto(seed, { megapixels: 2 });
      return { image: photo.image, truth: threeLevelTruth(photo.truth.all, photo.objectCover), sheet: photo.sheet };
    });
  synth('train', Number(arg('synth', '0')));
  synth('val', Number(arg('synth-val', '0')));
  photos('train', Number(arg('photos', '0')));
  photos('val', Number(arg('photos-val', '0')));
  for (let k = 0; k < jobs.length; k++) {
    const { page, make } = jobs[k];
    if (k % parts === part) {
      const inksFile = path.join(out, `${page.name}.inks.png`);
      const needsInks = page.source === 'synth' && !existsSync(inksFile);
      if (!existsSync(path.join(out, `${page.name}.truth.png`)) || needsInks) {
        const { image, truth, sheet, inks } = await make();
        await writePage(out, page.name, image, truth, sheet ?? null);
        if (inks) await writeInks(inksFile, inks, image.width, image.height);
        page.width = image.width;
        page.height = image.height;
        console.log(`prepare: ${page.name} ${image.width}×${image.height}`);
      }
    }
    pages.push(page);
  }
  if (part === 0) writeFileSync(path.join(out, 'pages.json'), `${JSON.stringify(pages, null, 1)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
