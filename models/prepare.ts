/**
 * Turns a rendered synthetic dataset (src/synth/render.ts output) into the ink model's training
 * pairs, through the SAME code the product runs: src/core's sheet finding, paper flattening and ink alpha
 * (colour-to-alpha's by default, as inkseg-v7 was trained; `--separation FILE.onnx`: the learned
 * ink/paper decision as the model engine runs it), then src/core/classes/model's scale normalisation. Per case NNNN it writes into the output folder:
 *   NNNN.in.png      RGBA at the model's scale: the ink deficit (255 − flattened R, G, B) and the ink alpha (no padding)
 *   NNNN.target.png  RGB at 1/OUTPUT_STRIDE of that (the class map's cells):
 *                    R = the cell's class (the InkClass with the most ink in the cell, paper when none;
 *                        255 when the cell's only ink is truth 255, unlabelled: the loss skips it),
 *                    G = the cell's share of pixels with ink alpha ≥ 128 (0..255),
 *                    B = the winning class's share of the cell's ink (0..255).
 * `--sheet FILE.onnx`: the sheet found by the learned sheet model, and what lies on it cleared, as the
 * model engine finds it (default `none`: the classical finder, as inkseg-v7 was trained).
 * `--objects-as-noise`: where a photo's truth has an object over the sheet (`NNNN.objects.png`), its
 * ink is labelled noise (the class the product drops) instead of paper. Off by default: models
 * trained so dropped dense real print as noise (models/README.md).
 * `--straighten`: a page whose sheet or rows of type lie askew is turned straight, truth with it, as
 * the pipeline reads its classes (src/core/page/orientation/readingTilt.ts). Off by default: inkseg-v17 was trained on
 * tilted photos as they were.
 * Usage: tsx models/prepare.ts --in DIR --out DIR [--part K/N] [--separation FILE.onnx|none] [--sheet FILE.onnx|none] [--objects-as-noise] [--straighten]
 * (--part: only cases K, K+N, K+2N, … so N processes can share the work)
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { estimateAlphaThresholds, flattenSheet, InkClass, pageInkAlpha, type Engine, type RgbaImage, type SheetFinding, type SheetOutline } from '../src/core';
import { modelGeometry, toModelInput } from '../src/core/classes/model';
import { tiltImage, tiltPlane } from '../src/core/page/orientation/pageTilt';
import { readingTilt } from '../src/core/page/orientation/readingTilt';
import { findSheetWithModel } from '../src/core/page/sheet';
import { createOrtNodeSession, loadInkSeparation, ortRun } from '../src/server/model/ortNodeEngine';
// Ink of unknown class (weak labels of real pages) casts no vote; a cell holding only such ink gets
// this class, which the training loss skips (models/inkseg/data.py).
import { UNLABELLED } from '../src/tools/realInk/letterPageTruth';

const CLASS_COUNT = 6;

function arg(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  if (fallback !== undefined) return fallback;
  throw new Error(`missing --${name}`);
}

async function readRgba(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

async function readGray(file: string): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(file).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Per class-map cell: the class with the most ink, the cell's ink share and the winner's purity. */
export function cellTargets(inkAlpha: Uint8Array, classes: Uint8Array, width: number, height: number, mapWidth: number, mapHeight: number): Uint8Array {
  const votes = new Float32Array(mapWidth * mapHeight * CLASS_COUNT);
  const inked = new Uint32Array(mapWidth * mapHeight);
  const unlabelled = new Float32Array(mapWidth * mapHeight);
  const area = new Uint32Array(mapWidth * mapHeight);
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(mapWidth - 1, Math.floor((x * mapWidth) / width));
  for (let y = 0; y < height; y++) {
    const row = Math.min(mapHeight - 1, Math.floor((y * mapHeight) / height)) * mapWidth;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const k = row + cellX[x];
      area[k]++;
      const a = inkAlpha[p];
      if (a === 0) continue;
      if (a >= 128) inked[k]++;
      if (classes[p] === UNLABELLED) {
        unlabelled[k] += a;
        continue;
      }
      const c = classes[p] < CLASS_COUNT ? classes[p] : 0;
      votes[k * CLASS_COUNT + c] += a;
    }
  }
  const out = new Uint8Array(mapWidth * mapHeight * 3);
  for (let k = 0; k < mapWidth * mapHeight; k++) {
    let best = 0;
    let bestVotes = 0;
    let total = 0;
    for (let c = 0; c < CLASS_COUNT; c++) {
      const v = votes[k * CLASS_COUNT + c];
      total += v;
      if (v > bestVotes) {
        bestVotes = v;
        best = c;
      }
    }
    out[k * 3] = total === 0 && unlabelled[k] > 0 ? UNLABELLED : best;
    out[k * 3 + 1] = Math.round((255 * inked[k]) / Math.max(1, area[k]));
    out[k * 3 + 2] = total > 0 ? Math.round((255 * bestVotes) / total) : 255;
  }
  return out;
}

/**
 * The page as the pipeline gives it to the model: turned straight, its alpha and truth classes with
 * it, when its sheet or its rows of type lie askew (src/core/page/orientation/readingTilt.ts); as it is otherwise.
 */
export function readStraight(sheet: SheetOutline | null, flattened: RgbaImage, inkAlpha: Uint8Array, classes: Uint8Array): { page: RgbaImage; inkAlpha: Uint8Array; classes: Uint8Array } {
  const { width, height } = flattened;
  const { tilt } = readingTilt(sheet, inkAlpha, width, height);
  if (!tilt) return { page: flattened, inkAlpha, classes };
  return { page: tiltImage(flattened, tilt), inkAlpha: tiltPlane(inkAlpha, width, height, tilt), classes: tiltPlane(classes, width, height, tilt, InkClass.paper) };
}

async function loadSeparation(file: string): Promise<Engine['separateInk']> {
  return file === 'none' ? undefined : loadInkSeparation(file);
}

type SheetFinder = ((image: RgbaImage) => Promise<SheetFinding>) | undefined;

async function loadSheetFinder(file: string): Promise<SheetFinder> {
  if (file === 'none') return undefined;
  const { ort, session } = await createOrtNodeSession(file, 1);
  const run = ortRun(ort, session);
  return (image) => findSheetWithModel(run, image);
}

/** Truth classes with the ink under things lying on the sheet (any cover in the render's object map) as noise. */
function labelObjectsNoise(classes: Uint8Array, objects: Uint8Array): void {
  for (let p = 0; p < classes.length; p++) if (objects[p] > 0) classes[p] = InkClass.noise;
}

async function prepareCase(dir: string, id: string, imageFile: string, outDir: string, separateInk: Engine['separateInk'], findSheet: SheetFinder, objectsAsNoise: boolean, straighten: boolean): Promise<void> {
  const image = await readRgba(path.join(dir, imageFile));
  const classes = await readGray(path.join(dir, `${id}.classes.png`));
  if (classes.width !== image.width || classes.height !== image.height) throw new Error(`${id}: classes map size differs from the image`);
  const objectsFile = path.join(dir, `${id}.objects.png`);
  if (objectsAsNoise && existsSync(objectsFile)) labelObjectsNoise(classes.data, (await readGray(objectsFile)).data);
  const { sheet, flattened } = flattenSheet(image, undefined, findSheet ? await findSheet(image) : undefined);
  const { alpha: alphaAsGiven } = await pageInkAlpha(flattened, estimateAlphaThresholds(flattened), separateInk, sheet !== null);
  const { page, inkAlpha, classes: truth } = straighten ? readStraight(sheet, flattened, alphaAsGiven, classes.data) : { page: flattened, inkAlpha: alphaAsGiven, classes: classes.data };
  const geometry = modelGeometry(page.width, page.height);
  const tensor = toModelInput({ flattened: page, inkAlpha }, geometry);
  const { scaledWidth: sw, scaledHeight: sh, inputWidth: iw, inputHeight: ih } = geometry;
  const plane = iw * ih;
  const rgba = Buffer.alloc(sw * sh * 4);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const k = y * iw + x;
      const o = (y * sw + x) * 4;
      for (let c = 0; c < 4; c++) rgba[o + c] = Math.round(tensor[c * plane + k] * 255);
    }
  }
  const targets = cellTargets(inkAlpha, truth, page.width, page.height, geometry.mapWidth, geometry.mapHeight);
  await Promise.all([
    sharp(rgba, { raw: { width: sw, height: sh, channels: 4 } }).png({ compressionLevel: 1 }).toFile(path.join(outDir, `${id}.in.png`)),
    sharp(Buffer.from(targets), { raw: { width: geometry.mapWidth, height: geometry.mapHeight, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toFile(path.join(outDir, `${id}.target.png`)),
  ]);
}

async function main(): Promise<void> {
  const inDir = arg('in');
  const outDir = arg('out');
  mkdirSync(outDir, { recursive: true });
  const files = readdirSync(inDir);
  const cases = files
    .map((f) => /^(\d+)\.(png|jpe?g|webp)$/i.exec(f))
    .filter((m): m is RegExpExecArray => m !== null && files.includes(`${m[1]}.classes.png`))
    .map((m) => ({ id: m[1], file: m[0] }))
    .sort((a, b) => a.id.localeCompare(b.id));
  if (cases.length === 0) throw new Error(`no NNNN.{png,jpg} + NNNN.classes.png cases in ${inDir}`);
  const [part, parts] = arg('part', '0/1').split('/').map(Number);
  const mine = cases.filter((_, i) => i % parts === part);
  const separateInk = await loadSeparation(arg('separation', 'none'));
  const findSheet = await loadSheetFinder(arg('sheet', 'none'));
  const started = performance.now();
  for (const [i, c] of mine.entries()) {
    await prepareCase(inDir, c.id, c.file, outDir, separateInk, findSheet, process.argv.includes('--objects-as-noise'), process.argv.includes('--straighten'));
    if ((i + 1) % 50 === 0) console.log(`prepare: ${i + 1}/${mine.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  console.log(`prepare: ${mine.length} cases from ${inDir} → ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
