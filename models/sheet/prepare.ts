/**
 * Turns rendered desk photos (src/synth/render.ts --photos) and flat pages into the sheet model's
 * training pairs, reduced by the same area average the product runs (src/core/page/sheet/lowResolution.ts),
 * to SOURCE_LONG_SIDE on the long side so training can still cut frames out of them. Per case it writes
 *   NAME.rgb.png   the photo's mean colour per cell
 *   NAME.mask.png  the share of the cell on the sheet (0..255; a flat page is all sheet)
 *   NAME.objects.png  generated photos only: the share of the cell that things on and beside the sheet
 *                  cover (hands, phones, pens; 0..255). Absent elsewhere: a flat page or scan has none,
 *                  and the real photos' truth does not say.
 * `--held DIR`: photos of sheets held up in a hand (render.ts --photos --held), named held-* (trained on
 * as photos; a group of their own in validation).
 * `--real-val DIR`: the real sheet photos' validation session (src/tools/realData/photoSets.ts: never
 * trained on, only to choose the checkpoint), their masks drawn from the corner truth.
 * `--real-scans DIR --scan-split train|val`: the real scans of a `npm run data:real` build, that split
 * only, never report pages: the paper scans (the DIBCO family, Bickley, PHIBD, Nabuco: tight crops of
 * stained, darkened historical pages), the Cross-media pages of brush- and pen-written names and the
 * Tobacco800 letters (bold print, logos, thick signatures) — all sheet, nothing lying on them: a scan
 * with a dark margin is not a photo of a sheet on a desk, and a thick stroke is not a pen on the page.
 * Usage: tsx models/sheet/prepare.ts --out DIR [--photos DIR]... [--held DIR]... [--flat DIR --flat-count N] [--real-val DIR]
 *          [--real-scans DIR --scan-split S] [--part K/N]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { polygonMask } from '../../src/core/shared/polygon';
import { SCANNER_TEST_PHOTOS, sessionOf, sheetPhotoSplit } from '../../src/tools/realData/photoSets';
import { areaAverageRgb } from '../../src/core/page/sheet/lowResolution';
import { readDatasetIndex } from '../../src/tools/realData/datasetIndex';
import type { RgbaImage } from '../../src/core/shared/types';

const SOURCE_LONG_SIDE = 512;

function args(name: string): string[] {
  const values: string[] = [];
  process.argv.forEach((a, i) => {
    if (a === `--${name}` && process.argv[i + 1]) values.push(process.argv[i + 1]);
  });
  return values;
}

async function readRgba(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

function gridSize(width: number, height: number): { w: number; h: number } {
  const scale = Math.max(width, height) / SOURCE_LONG_SIDE;
  return { w: Math.max(1, Math.round(width / scale)), h: Math.max(1, Math.round(height / scale)) };
}

async function writeGrid(file: string, means: Float64Array, w: number, h: number, channels: 1 | 3): Promise<void> {
  const bytes = Buffer.alloc(w * h * channels);
  for (let p = 0; p < w * h; p++) for (let c = 0; c < channels; c++) bytes[p * channels + c] = Math.round(means[p * 3 + c]);
  await sharp(bytes, { raw: { width: w, height: h, channels } }).png({ compressionLevel: 3 }).toFile(file);
}

type MaskSource = string | { corners: [number, number][] } | null;

async function prepareCase(out: string, name: string, imageFile: string, maskSource: MaskSource, objectsFile?: string): Promise<void> {
  const image = await readRgba(imageFile);
  const { w, h } = gridSize(image.width, image.height);
  await writeGrid(path.join(out, `${name}.rgb.png`), areaAverageRgb(image, w, h), w, h, 3);
  const mask = typeof maskSource === 'string' ? await readRgba(maskSource) : maskSource ? cornerMask(maskSource.corners, image.width, image.height) : { width: w, height: h, data: new Uint8ClampedArray(w * h * 4).fill(255) };
  await writeGrid(path.join(out, `${name}.mask.png`), areaAverageRgb(mask, w, h), w, h, 1);
  if (objectsFile) await writeGrid(path.join(out, `${name}.objects.png`), areaAverageRgb(await readRgba(objectsFile), w, h), w, h, 1);
}

function cornerMask(corners: [number, number][], width: number, height: number): RgbaImage {
  const inside = polygonMask(corners.map(([x, y]) => ({ x, y })), width, height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < inside.length; i++) {
    data.fill(inside[i], i * 4, i * 4 + 3);
    data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

async function main(): Promise<void> {
  const out = args('out')[0];
  if (!out) throw new Error('missing --out');
  const [k, n] = (args('part')[0] ?? '0/1').split('/').map(Number);
  mkdirSync(out, { recursive: true });
  const cases: { name: string; image: string; mask: MaskSource; objects?: string }[] = [];
  for (const dir of args('real-val')) {
    const corners = JSON.parse(readFileSync(path.join(dir, 'corners.json'), 'utf8')) as Record<string, [number, number][]>;
    for (const id of Object.keys(corners).sort()) {
      const file = path.join(dir, `${id}.jpg`);
      const meta = await sharp(file).metadata();
      if (sheetPhotoSplit(sessionOf(meta.width!, meta.height!), SCANNER_TEST_PHOTOS.valSessions ?? []) !== 'val') continue;
      cases.push({ name: `real-${id}`, image: file, mask: { corners: corners[id] } });
    }
  }
  for (const [flag, prefix] of [['photos', 'photo'], ['held', 'held']] as const) {
    for (const dir of args(flag)) {
      for (const f of readdirSync(dir).filter((f) => f.endsWith('.sheet.png')).sort()) {
        const id = f.replace('.sheet.png', '');
        const objects = path.join(dir, `${id}.objects.png`);
        if (!existsSync(objects)) throw new Error(`${objects} is missing: render the photos again (render.ts writes it since sheet-v3)`);
        cases.push({ name: `${prefix}-${id}`, image: path.join(dir, `${id}.jpg`), mask: path.join(dir, f), objects });
      }
    }
  }
  const flatCount = Number(args('flat-count')[0] ?? 0);
  for (const dir of args('flat')) {
    const files = readdirSync(dir).filter((f) => /^\d+\.(png|jpg)$/.test(f)).sort().slice(0, flatCount);
    for (const f of files) cases.push({ name: `flat-${path.basename(dir)}-${f.replace(/\.\w+$/, '')}`, image: path.join(dir, f), mask: null });
  }
  const scanSplit = args('scan-split')[0] ?? 'train';
  for (const dir of args('real-scans')) {
    for (const set of readDatasetIndex(dir).sets) {
      if (set.kind !== 'paper' && set.kind !== 'signatureBoxes') continue;
      for (const page of set.pages) if (page.split === scanSplit) cases.push({ name: `scan-${set.name}-${page.id}`, image: path.join(dir, page.image), mask: null });
    }
  }
  let done = 0;
  for (let i = k; i < cases.length; i += n) {
    await prepareCase(out, cases[i].name, cases[i].image, cases[i].mask, cases[i].objects);
    if (++done % 200 === 0) console.log(`sheet prepare ${k}/${n}: ${done}`);
  }
  console.log(`sheet prepare ${k}/${n}: ${done} cases → ${out}`);
}

await main();
