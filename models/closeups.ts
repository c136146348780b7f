/**
 * Close-ups of a signature on a card, photographed on a desk: the case the stroke scale exists for,
 * and the one a whole-page reading of every photo breaks (models/README.md, "A photo that looks like a
 * close-up is read at both scales"). Each Tobacco800 val page's first signature box, with a margin, is
 * enlarged (--enlarge, default 1.5) onto a card on a wooden desk, lit unevenly, blurred 1.2 px and saved
 * as JPEG 85. Truth: the box's ink (grey < 128 in the scan). `extract=signature` (advanced) is scored
 * as recall-in-box twice: read once at the strokes' scale (as before 2026-11-28), and as shipped (a page
 * the stroke measure would shrink read at both scales). Val pages only; never the report split.
 * Usage: tsx models/closeups.ts [--count 20] [--enlarge 1.5] [--data models/.cache/real]
 */
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../src/core';
import type { DatasetIndex, IndexedPage } from '../src/tools/realData/datasetIndex';
import { readAtScale } from '../src/core/classes/model/engine';
import { strokeNormalisedLongSide } from '../src/core/classes/model/strokeScale';
import { createOrtNodeSession, DEFAULT_MODEL_PATH, ortRun } from '../src/server/model/ortNodeEngine';
import { loadEngines } from '../src/tools/engines';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const OPTIONS: CleanOptions = { mode: 'advanced', extract: 'signature', aggressive: false, crop: false };
const PAPER = [238, 234, 224];
const INK = [30, 32, 60];

interface CardPhoto {
  image: RgbaImage;
  /** 1 where the box's ink lies in the photo. */
  truth: Uint8Array;
}

async function cardPhoto(dataDir: string, page: IndexedPage, enlarge: number): Promise<CardPhoto> {
  const [x0, y0, x1, y1] = page.signatureBoxes![0];
  const [bw, bh] = [x1 - x0, y1 - y0];
  const left = Math.max(0, Math.round(x0 - bw * 0.35));
  const top = Math.max(0, Math.round(y0 - bh * 0.7));
  const right = Math.min(page.width, Math.round(x1 + bw * 0.35));
  const bottom = Math.min(page.height, Math.round(y1 + bh * 0.7));
  const [cw, ch] = [Math.round((right - left) * enlarge), Math.round((bottom - top) * enlarge)];
  const card = await sharp(join(dataDir, page.image))
    .extract({ left, top, width: right - left, height: bottom - top })
    .resize(cw, ch)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  const [W, H] = [Math.round(cw * 1.5), Math.round(ch * 1.6)];
  const [ox, oy] = [Math.round((W - cw) / 2), Math.round((H - ch) / 2)];
  const scene = new Uint8ClampedArray(W * H * 4);
  const truth = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const grain = 12 * Math.sin(x * 0.05 + Math.sin(y * 0.013) * 3);
      let rgb = [132 + grain, 92 + grain * 0.8, 58 + grain * 0.5];
      const [cx, cy] = [x - ox, y - oy];
      if (cx >= 0 && cy >= 0 && cx < cw && cy < ch) {
        const light = card[(cy * cw + cx) * 3] / 255;
        rgb = PAPER.map((paper, c) => paper * light + INK[c] * (1 - light));
        const [sx, sy] = [cx / enlarge + left, cy / enlarge + top];
        if (light < 0.5 && sx >= x0 && sx < x1 && sy >= y0 && sy < y1) truth[y * W + x] = 1;
      }
      const shade = 1 - 0.18 * (x / W) * (y / H);
      scene.set([rgb[0] * shade, rgb[1] * shade, rgb[2] * shade, 255], (y * W + x) * 4);
    }
  }
  const jpeg = await sharp(Buffer.from(scene.buffer), { raw: { width: W, height: H, channels: 4 } }).blur(1.2).jpeg({ quality: 85 }).toBuffer();
  const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { image: { width: info.width, height: info.height, data: new Uint8ClampedArray(data) }, truth };
}

function recallInBox(output: RgbaImage, truth: Uint8Array): number {
  let reference = 0;
  let kept = 0;
  for (let p = 0; p < truth.length; p++) {
    if (!truth[p]) continue;
    reference++;
    if (output.data[p * 4 + 3] >= 128) kept++;
  }
  return reference > 0 ? kept / reference : NaN;
}

const dataDir = arg('data', 'models/.cache/real');
const count = Number(arg('count', '20'));
const enlarge = Number(arg('enlarge', '1.5'));
const index = JSON.parse(readFileSync(join(dataDir, 'index.json'), 'utf8')) as DatasetIndex;
const tobacco = index.sets.find((set) => set.name === 'tobacco800');
if (!tobacco) throw new Error(`no Tobacco800 in ${dataDir}: run npm run data:real first`);
const pages = tobacco.pages.filter((page) => page.split === 'val' && (page.signatureBoxes?.length ?? 0) > 0).slice(0, count);
const [slot] = await loadEngines('model', 1);
const shipped = slot.engine!;
const { ort, session } = await createOrtNodeSession(DEFAULT_MODEL_PATH, 2);
const run = ortRun(ort, session);
const strokesOnly: Engine = {
  ...shipped,
  classify: async (input) => {
    const { width, height } = input.flattened;
    return (await readAtScale(run, input, strokeNormalisedLongSide(input.inkAlpha, width, height, 1024))).map;
  },
};
const sums = { strokesOnly: 0, shipped: 0 };
console.log('| page | photo | sheet found | read by strokes only | as shipped |\n|---|---|---|---|---|');
for (const page of pages) {
  const { image, truth } = await cardPhoto(dataDir, page, enlarge);
  const byStrokes = await cleanImage({ ...image, data: new Uint8ClampedArray(image.data) }, OPTIONS, strokesOnly);
  const asShipped = await cleanImage({ ...image, data: new Uint8ClampedArray(image.data) }, OPTIONS, shipped);
  const [a, b] = [recallInBox(byStrokes.image, truth), recallInBox(asShipped.image, truth)];
  sums.strokesOnly += a;
  sums.shipped += b;
  console.log(`| ${page.id} | ${image.width}×${image.height} | ${asShipped.sheet ? 'yes' : 'no'} | ${a.toFixed(2)} | ${b.toFixed(2)} |`);
}
console.log(`| **mean of ${pages.length}** | | | **${(sums.strokesOnly / pages.length).toFixed(3)}** | **${(sums.shipped / pages.length).toFixed(3)}** |`);
