import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeInkAlpha, estimateAlphaThresholds, estimatePaperField, flattenAgainstPaper, InkClass, type ClassMap, type RgbaImage } from '../../core';
import { DEFAULT_EDGE_MODEL_PATH, DEFAULT_MODEL_PATH, DEFAULT_SEPARATION_MODEL_PATH, DEFAULT_SHEET_MODEL_PATH, loadModelEngine } from './ortNodeEngine';

const REPO = path.resolve(path.dirname(DEFAULT_MODEL_PATH), '..');
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'inkseg-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('loadModelEngine fallback', () => {
  it('uses the classical engine and says why when the model file is missing', async () => {
    const logged: string[] = [];
    const loaded = await loadModelEngine({ modelPath: path.join(scratch, 'none.onnx'), log: (m) => logged.push(m) });
    expect(loaded.kind).toBe('classical');
    expect(loaded.engine.name).toBe('classical');
    expect(logged[0]).toMatch(/no model file/);
  });

  it('uses the classical engine when the file is not a model', async () => {
    const broken = path.join(scratch, 'broken.onnx');
    writeFileSync(broken, 'not a model');
    const logged: string[] = [];
    const loaded = await loadModelEngine({ modelPath: broken, log: (m) => logged.push(m) });
    expect(loaded.kind).toBe('classical');
    expect(logged[0]).toMatch(/did not load/);
  });

  it('keeps the ink model but lets colour-to-alpha decide what is ink when the separation model is missing, and says so', async () => {
    const logged: string[] = [];
    const loaded = await loadModelEngine({ separationModelPath: path.join(scratch, 'none.onnx'), sheetModelPath: path.join(scratch, 'none.onnx'), log: (m) => logged.push(m) });
    expect(loaded.kind).toBe('model');
    expect(loaded.engine.name).toBe('model:inkseg-v17');
    expect(loaded.engine.separateInk).toBeUndefined();
    expect(logged[0]).toMatch(/ink-separation model not used.*no model file/);
  });

  it('keeps the ink-separation model alone when the edge network is missing or broken, and says so', async () => {
    const broken = path.join(scratch, 'broken-edge.onnx');
    writeFileSync(broken, 'not a model');
    for (const [edgeModelPath, why] of [[path.join(scratch, 'none.onnx'), /no model file/], [broken, /did not load/]] as const) {
      const logged: string[] = [];
      const loaded = await loadModelEngine({ edgeModelPath, log: (m) => logged.push(m) });
      expect(loaded.kind).toBe('model');
      expect(loaded.engine.name).toBe('model:inkseg-v17+inksep-v2+sheet-v3');
      expect(loaded.engine.separateInk).toBeTypeOf('function');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/edge network not used, the ink-separation model alone places the strokes' edges \(and no stray pieces are cleared\)/);
      expect(logged[0]).toMatch(why);
    }
  });

  it('keeps the ink models but lets the classical finder look for the sheet when the sheet model is missing or broken, and says so', async () => {
    const broken = path.join(scratch, 'broken-sheet.onnx');
    writeFileSync(broken, 'not a model');
    for (const [sheetModelPath, why] of [[path.join(scratch, 'none.onnx'), /no model file/], [broken, /did not load/]] as const) {
      const logged: string[] = [];
      const loaded = await loadModelEngine({ sheetModelPath, log: (m) => logged.push(m) });
      expect(loaded.kind).toBe('model');
      expect(loaded.engine.name).toBe('model:inkseg-v17+inksep-v2+inkedge-v1+inkstray-v1');
      expect(loaded.engine.findSheet).toBeUndefined();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/sheet model not used, the classical sheet finder looks/);
      expect(logged[0]).toMatch(why);
    }
  });
});

/** Three generated test-split documents with their class truth (rendered once per run). */
function renderedTestDocuments(): string {
  const out = path.join(scratch, 'docs');
  if (existsSync(out)) return out;
  execFileSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'src/synth/render.ts'), '--split', 'test', '--count', '3', '--out', out], {
    cwd: REPO,
    stdio: 'pipe',
  });
  return out;
}

/** Share of the ground-truth pixels of class `cls` (solid ink only) that the class map labels `as`. */
function labelledAs(map: ClassMap, truth: Uint8Array, inkAlpha: Uint8Array, width: number, height: number, cls: number, as = cls): { share: number; pixels: number } {
  let pixels = 0;
  let hits = 0;
  for (let y = 0; y < height; y++) {
    const row = Math.min(map.height - 1, Math.floor((y * map.height) / height)) * map.width;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (truth[p] !== cls || inkAlpha[p] < 128) continue;
      pixels++;
      if (map.classes[row + Math.min(map.width - 1, Math.floor((x * map.width) / width))] === as) hits++;
    }
  }
  return { share: hits / Math.max(1, pixels), pixels };
}

/** A white sheet lying tilted on a dark desk, 640 × 480. */
function sheetOnDesk(): RgbaImage {
  const [width, height] = [640, 480];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = (x - 320) * Math.cos(0.2) + (y - 240) * Math.sin(0.2);
      const v = -(x - 320) * Math.sin(0.2) + (y - 240) * Math.cos(0.2);
      data.set(Math.abs(u) < 150 && Math.abs(v) < 180 ? [235, 232, 225, 255] : [70, 50, 35, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe('the committed model in onnxruntime-node', () => {
  it('is committed, small, and loads', async () => {
    expect(existsSync(DEFAULT_MODEL_PATH)).toBe(true);
    expect(statSync(DEFAULT_MODEL_PATH).size).toBeLessThanOrEqual(2 * 1024 * 1024);
    const loaded = await loadModelEngine({ log: () => undefined });
    expect(loaded.kind).toBe('model');
    expect(loaded.engine.name).toBe('model:inkseg-v17+inksep-v2+inkedge-v1+inkstray-v1+sheet-v3');
    expect(loaded.engine.separateInk).toBeTypeOf('function');
    expect(existsSync(DEFAULT_SEPARATION_MODEL_PATH)).toBe(true);
    expect(existsSync(DEFAULT_EDGE_MODEL_PATH)).toBe(true);
    expect(existsSync(DEFAULT_SHEET_MODEL_PATH)).toBe(true);
    // The four models together stay within the 8 MB the web app downloads once.
    const total = [DEFAULT_MODEL_PATH, DEFAULT_SEPARATION_MODEL_PATH, DEFAULT_EDGE_MODEL_PATH, DEFAULT_SHEET_MODEL_PATH].reduce((sum, file) => sum + statSync(file).size, 0);
    expect(total).toBeLessThanOrEqual(8 * 1000 * 1000);
  });

  it('finds the sheet in a photo with the sheet model: its corners within a few pixels', async () => {
    const loaded = await loadModelEngine({ log: () => undefined });
    expect(loaded.engine.findSheet).toBeTypeOf('function');
    const { sheet, cover } = await loaded.engine.findSheet!(sheetOnDesk());
    expect(sheet?.corners).toHaveLength(4);
    // The model also says what lies on the sheet: nothing on this blank one (its middle, in the cover map's cells).
    expect(cover).not.toBeNull();
    for (let y = 40; y < 88; y++) for (let x = 40; x < 88; x++) expect(cover!.probability[y * cover!.width + x]).toBeLessThan(0.15);
    const truth = [
      [-150, -180],
      [150, -180],
      [150, 180],
      [-150, 180],
    ].map(([u, v]) => ({ x: 320 + u * Math.cos(0.2) - v * Math.sin(0.2), y: 240 + u * Math.sin(0.2) + v * Math.cos(0.2) }));
    for (const corner of sheet!.corners) expect(Math.min(...truth.map((t) => Math.hypot(t.x - corner.x, t.y - corner.y)))).toBeLessThan(6);
  });

  it('labels a generated test document: stamps as stamp, signatures as handwriting, print not as handwriting', async () => {
    const out = renderedTestDocuments();
    const { engine } = await loadModelEngine({ threads: 2 });
    const ids = readdirSync(out).map((f) => /^(\d+)\.classes\.png$/.exec(f)?.[1]).filter((id): id is string => Boolean(id)).sort();
    const totals = { stamp: [0, 0], handwriting: [0, 0], printedAsHand: [0, 0] };
    for (const id of ids) {
      const imageFile = readdirSync(out).find((f) => new RegExp(`^${id}\\.(png|jpe?g|webp)$`).test(f))!;
      const decoded = await sharp(path.join(out, imageFile)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const image: RgbaImage = { width: decoded.info.width, height: decoded.info.height, data: new Uint8ClampedArray(decoded.data) };
      const truth = new Uint8Array(await sharp(path.join(out, `${id}.classes.png`)).extractChannel(0).raw().toBuffer());
      const flattened = flattenAgainstPaper(image, estimatePaperField(image));
      const inkAlpha = computeInkAlpha(flattened, estimateAlphaThresholds(flattened));
      const map = await engine.classify({ flattened, inkAlpha });
      const { width, height } = image;
      for (const [key, cls] of [['stamp', InkClass.stamp], ['handwriting', InkClass.handwriting]] as const) {
        const r = labelledAs(map, truth, inkAlpha, width, height, cls);
        totals[key][0] += r.share * r.pixels;
        totals[key][1] += r.pixels;
      }
      const printed = labelledAs(map, truth, inkAlpha, width, height, InkClass.printed, InkClass.handwriting);
      totals.printedAsHand[0] += printed.share * printed.pixels;
      totals.printedAsHand[1] += printed.pixels;
    }
    const share = (k: keyof typeof totals) => totals[k][0] / Math.max(1, totals[k][1]);
    expect(totals.stamp[1] + totals.handwriting[1]).toBeGreaterThan(0);
    if (totals.stamp[1] > 0) expect(share('stamp')).toBeGreaterThan(0.8);
    if (totals.handwriting[1] > 0) expect(share('handwriting')).toBeGreaterThan(0.8);
    if (totals.printedAsHand[1] > 0) expect(share('printedAsHand')).toBeLessThan(0.1);
  });

  it('labels a close-up photo of only the signature as handwriting (strokes far thicker than on a page)', async () => {
    const out = renderedTestDocuments();
    const { engine } = await loadModelEngine({ threads: 2 });
    let cropped = 0;
    for (const id of readdirSync(out).map((f) => /^(\d+)\.classes\.png$/.exec(f)?.[1]).filter((v): v is string => Boolean(v))) {
      const truthFile = path.join(out, `${id}.classes.png`);
      const meta = await sharp(truthFile).metadata();
      const classes = new Uint8Array(await sharp(truthFile).extractChannel(0).raw().toBuffer());
      let [x0, y0, x1, y1] = [meta.width!, meta.height!, -1, -1];
      for (let p = 0; p < classes.length; p++) {
        if (classes[p] !== InkClass.handwriting) continue;
        const x = p % meta.width!;
        const y = Math.floor(p / meta.width!);
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
      if (x1 < 0) continue;
      // The signature's box with a small margin, enlarged 4× as a phone held close to it would see it.
      const margin = Math.round(0.15 * Math.max(x1 - x0, y1 - y0));
      const box = { left: Math.max(0, x0 - margin), top: Math.max(0, y0 - margin), width: 0, height: 0 };
      box.width = Math.min(meta.width! - box.left, x1 + margin - box.left + 1);
      box.height = Math.min(meta.height! - box.top, y1 + margin - box.top + 1);
      const imageFile = readdirSync(out).find((f) => new RegExp(`^${id}\\.(png|jpe?g|webp)$`).test(f))!;
      const size = { width: box.width * 4, height: box.height * 4 };
      const decoded = await sharp(path.join(out, imageFile)).extract(box).resize(size).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const image: RgbaImage = { width: decoded.info.width, height: decoded.info.height, data: new Uint8ClampedArray(decoded.data) };
      const truth = new Uint8Array(await sharp(truthFile).extract(box).resize({ ...size, kernel: 'nearest' }).extractChannel(0).raw().toBuffer());
      const flattened = flattenAgainstPaper(image, estimatePaperField(image));
      const inkAlpha = computeInkAlpha(flattened, estimateAlphaThresholds(flattened));
      const map = await engine.classify({ flattened, inkAlpha });
      expect(labelledAs(map, truth, inkAlpha, image.width, image.height, InkClass.handwriting).share).toBeGreaterThan(0.7);
      cropped++;
    }
    expect(cropped).toBeGreaterThan(0);
  });
});
