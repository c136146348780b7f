/**
 * npx tsx src/tools/realInk/namePages.ts --out DIR [--real models/.cache/real] [--separation models/inksep.onnx] [--height 2000]
 *
 * Training pages for the class model from the TRAIN pages of the real name-page sets (`npm run
 * data:real`'s signatureBoxes sets whose page is its box: pages of pen-written names and nothing
 * else); val and report pages are never read. Each page's truth comes from the product's own ink/paper
 * decision (the learned one, as the pipeline runs it) and namePageTruth.ts: handwriting, or noise at
 * the page's edge. Written as NNNN.jpg + NNNN.classes.png, read by models/prepare.ts like a rendered
 * page. Two layouts, so the names come at two sizes at the model's scale: each page alone, and four
 * pages in a 2 × 2 grid (adding two pages side by side as a third layout raised the kept area on
 * unsigned letters: models/README.md). Deterministic: the same pages give the same files.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { estimateAlphaThresholds, flattenSheet, pageInkAlpha, type Engine, type RgbaImage } from '../../core';
import { loadInkSeparation } from '../../server/model/ortNodeEngine';
import { isWholePageBox, type DatasetIndex } from '../realData/datasetIndex';
import { namePageClasses } from './namePageTruth';

export interface LabelledPage {
  rgb: Buffer;
  classes: Uint8Array;
  width: number;
  height: number;
}

/** The first id of the written pages (after the rendered train pages' seeds, so the names never collide). */
const FIRST_ID = 5000;

async function labelPage(file: string, height: number, separateInk: NonNullable<Engine['separateInk']>): Promise<LabelledPage> {
  const { data, info } = await sharp(file).resize({ height }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rgba = new Uint8ClampedArray(info.width * info.height * 4);
  for (let p = 0, q = 0; q < data.length; p += 4, q += 3) {
    rgba[p] = data[q];
    rgba[p + 1] = data[q + 1];
    rgba[p + 2] = data[q + 2];
    rgba[p + 3] = 255;
  }
  const image: RgbaImage = { width: info.width, height: info.height, data: rgba };
  const { flattened } = flattenSheet(image);
  const { alpha } = await pageInkAlpha(flattened, estimateAlphaThresholds(flattened), separateInk);
  return { rgb: data, classes: namePageClasses(alpha, info.width, info.height), width: info.width, height: info.height };
}

/** The paper between pages laid side by side: the median colour of the first page (every 97th pixel). */
function paperColour(rgb: Buffer): { r: number; g: number; b: number } {
  const [r, g, b] = [0, 1, 2].map((channel) => {
    const values: number[] = [];
    for (let i = channel; i < rgb.length; i += 3 * 97) values.push(rgb[i]);
    values.sort((x, y) => x - y);
    return values[values.length >> 1] ?? 255;
  });
  return { r, g, b };
}

/** Pages laid out in a grid of `columns` as one training page: OUT/ID.jpg and its classes OUT/ID.classes.png. */
export async function writeLayout(pages: LabelledPage[], columns: number, out: string, id: string): Promise<void> {
  const rows = Math.ceil(pages.length / columns);
  const cellWidth = Math.max(...pages.map((p) => p.width));
  const cellHeight = Math.max(...pages.map((p) => p.height));
  const width = cellWidth * columns;
  const height = cellHeight * rows;
  const at = (i: number, p: LabelledPage) => ({ left: (i % columns) * cellWidth + ((cellWidth - p.width) >> 1), top: Math.floor(i / columns) * cellHeight });
  // Written straight from the composite: its raw output carries an alpha channel, which read back as
  // three channels sheared every row (the name pages trained on before 2026-11-29 were such noise).
  await sharp({ create: { width, height, channels: 3, background: paperColour(pages[0].rgb) } })
    .composite(pages.map((p, i) => ({ input: p.rgb, raw: { width: p.width, height: p.height, channels: 3 as const }, ...at(i, p) })))
    .jpeg({ quality: 92 })
    .toFile(path.join(out, `${id}.jpg`));
  const classes = Buffer.alloc(width * height);
  pages.forEach((p, i) => {
    const { left, top } = at(i, p);
    for (let y = 0; y < p.height; y++) classes.set(p.classes.subarray(y * p.width, (y + 1) * p.width), (top + y) * width + left);
  });
  await sharp(classes, { raw: { width, height, channels: 1 } }).png().toFile(path.join(out, `${id}.classes.png`));
}

export async function writeNamePages(options: { real: string; out: string; separation: string; height: number }): Promise<number> {
  const index = JSON.parse(readFileSync(path.join(options.real, 'index.json'), 'utf8')) as DatasetIndex;
  const files = index.sets
    .filter((set) => set.kind === 'signatureBoxes')
    .flatMap((set) => set.pages.filter((page) => page.split === 'train' && page.signatureBoxesComplete && isWholePageBox(page.signatureBoxes, page.width, page.height)))
    .map((page) => path.join(options.real, page.image))
    .sort();
  if (files.length === 0) throw new Error(`no train name pages in ${options.real} (npm run data:real -- --from DIR builds them)`);
  mkdirSync(options.out, { recursive: true });
  const separateInk = await loadInkSeparation(options.separation);
  const cache = new Map<string, LabelledPage>();
  const labelled = async (file: string, height: number) => {
    const key = `${file}@${height}`;
    if (!cache.has(key)) cache.set(key, await labelPage(file, height, separateInk));
    return cache.get(key)!;
  };
  // The grids' pages, spread over the list so neighbours differ; layout numbers (and so file names)
  // 0 … n−1 are the single pages, 2n … 3n−1 the grids (n … 2n−1 were the side-by-side pairs).
  const pick = (layout: number, count: number) => Array.from({ length: count }, (_, i) => files[(layout * 7 + i * 13) % files.length]);
  let written = 0;
  for (const [i, file] of files.entries()) {
    await writeLayout([await labelled(file, options.height)], 1, options.out, String(FIRST_ID + i));
    written++;
  }
  for (let k = 0; k < files.length; k++) {
    const layout = 2 * files.length + k;
    await writeLayout(await Promise.all(pick(layout, 4).map((f) => labelled(f, Math.round(options.height * 0.75)))), 2, options.out, String(FIRST_ID + layout));
    written++;
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, real: { type: 'string', default: process.env.INKLIFT_REAL_DATA ?? 'models/.cache/real' }, separation: { type: 'string', default: 'models/inksep.onnx' }, height: { type: 'string', default: '2000' } },
  });
  if (!values.out) {
    console.error('usage: npx tsx src/tools/realInk/namePages.ts --out DIR [--real models/.cache/real] [--separation models/inksep.onnx] [--height 2000]');
    process.exit(2);
  }
  const started = performance.now();
  const count = await writeNamePages({ real: values.real!, out: values.out, separation: values.separation!, height: Number(values.height) });
  console.log(`namePages: ${count} training pages → ${values.out} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
