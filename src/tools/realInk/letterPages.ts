/**
 * npx tsx src/tools/realInk/letterPages.ts --out DIR [--real models/.cache/real] [--separation models/inksep.onnx] [--typed models/data/real/typed-text.json]
 *
 * Training pages for the class model from the TRAIN pages of the real signed letters (`npm run
 * data:real`'s Tobacco800 pages with a signature box; val and report pages are never read). Each
 * page's truth comes from the product's own ink/paper decision (the learned one, as the pipeline runs
 * it) and letterPageTruth.ts: the signature in its box is handwriting, the typed text marked in the box
 * print, the rest mostly unlabelled. Written as NNNN.png + NNNN.classes.png, read by models/prepare.ts
 * like a rendered page. Deterministic: the same pages give the same files.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { estimateAlphaThresholds, flattenSheet, pageInkAlpha, type RgbaImage } from '../../core';
import { loadInkSeparation } from '../../server/model/ortNodeEngine';
import { DEFAULT_REAL_DATA_DIR, type DatasetIndex } from '../realData/datasetIndex';
import { tobacco800Document } from '../realData/inkSetSplits';
import { letterPageClasses, type Rect } from './letterPageTruth';

/** The first id of the letter pages (after the rendered pages' and the name pages' ids). */
const FIRST_ID = 7000;

interface TypedText {
  sets: Record<string, Record<string, Rect[]>>;
}

async function readPage(file: string): Promise<{ rgb: Buffer; image: RgbaImage }> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const rgba = new Uint8ClampedArray(width * height * 4);
  const rgb = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) {
      const v = data[p * channels + (channels >= 3 ? c : 0)];
      rgba[p * 4 + c] = v;
      rgb[p * 3 + c] = v;
    }
    rgba[p * 4 + 3] = 255;
  }
  return { rgb, image: { width, height, data: rgba } };
}

export async function writeLetterPages(options: { real: string; out: string; separation: string; typed: string }): Promise<number> {
  const index = JSON.parse(readFileSync(path.join(options.real, 'index.json'), 'utf8')) as DatasetIndex;
  const typed = (JSON.parse(readFileSync(options.typed, 'utf8')) as TypedText).sets.tobacco800 ?? {};
  const pages = index.sets
    .filter((set) => set.name === 'tobacco800')
    .flatMap((set) => set.pages.filter((page) => page.split === 'train' && page.hasSignature));
  if (pages.length === 0) throw new Error(`no signed Tobacco800 train pages in ${options.real} (npm run data:real -- --from DIR builds them)`);
  mkdirSync(options.out, { recursive: true });
  const separateInk = await loadInkSeparation(options.separation);
  for (const [i, page] of pages.entries()) {
    const { rgb, image } = await readPage(path.join(options.real, page.image));
    const { flattened } = flattenSheet(image);
    const { alpha } = await pageInkAlpha(flattened, estimateAlphaThresholds(flattened), separateInk);
    const rects = typed[page.id] ?? typed[tobacco800Document(page.id)] ?? [];
    const classes = letterPageClasses(alpha, image.width, image.height, (page.signatureBoxes ?? []) as Rect[], rects);
    const id = String(FIRST_ID + i);
    const raw = { width: image.width, height: image.height };
    await sharp(rgb, { raw: { ...raw, channels: 3 } }).png().toFile(path.join(options.out, `${id}.png`));
    await sharp(Buffer.from(classes), { raw: { ...raw, channels: 1 } }).png().toFile(path.join(options.out, `${id}.classes.png`));
  }
  return pages.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      real: { type: 'string', default: process.env.INKLIFT_REAL_DATA ?? DEFAULT_REAL_DATA_DIR },
      separation: { type: 'string', default: 'models/inksep.onnx' },
      typed: { type: 'string', default: 'models/data/real/typed-text.json' },
    },
  });
  if (!values.out) {
    console.error('usage: npx tsx src/tools/realInk/letterPages.ts --out DIR [--real models/.cache/real] [--separation models/inksep.onnx] [--typed models/data/real/typed-text.json]');
    process.exit(2);
  }
  const started = performance.now();
  const count = await writeLetterPages({ real: values.real!, out: values.out, separation: values.separation!, typed: values.typed! });
  console.log(`letterPages: ${count} training pages → ${values.out} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
