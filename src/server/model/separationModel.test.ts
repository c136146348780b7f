/**
 * The committed ink-separation model (models/inksep.onnx) through onnxruntime-node and src/core's
 * pipeline: what users see of paper removal on pages the colour-to-alpha thresholds got wrong.
 */
import { describe, expect, it } from 'vitest';
import { cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import { flattenSheet } from '../../core/paper/flattenSheet';
import { generateDeskPhoto } from '../../synth/desk/scene';
import { generateDocument } from '../../synth/generate';
import { splitSeed } from '../../synth/splits';
import { loadModelEngine } from './ortNodeEngine';

const BASIC: CleanOptions = { mode: 'basic', extract: '', aggressive: false, crop: false };

/**
 * A phone-camera look at yellowed paper (light falling off across it, ±6 levels of sensor noise), a
 * wavy handwritten line in faint brown ink (12% darker than the paper), and a dark line below it or
 * not. Colour-to-alpha alone keeps 86% of the faint line's core at alpha ≥ 128 and 43% opaque.
 */
function fadedLetterPage(withDarkLine: boolean): { image: RgbaImage; faint: number[]; dark: number[]; paper: number[] } {
  const width = 1200;
  const height = 800;
  const data = new Uint8ClampedArray(width * height * 4);
  const paperRgb = [236, 222, 178];
  const faintRgb = [208, 192, 150];
  const darkRgb = [40, 35, 60];
  const faint: number[] = [];
  const dark: number[] = [];
  const paper: number[] = [];
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32 - 0.5) * 12;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const shade = 1 - 0.06 * (x / width); // light falling off across the sheet
      let rgb = paperRgb.map((c) => c * shade);
      const onFaint = x > 100 && x < 1100 && Math.abs(y - (300 + 40 * Math.sin(x / 37))) < 2.5;
      const onDark = withDarkLine && x > 100 && x < 1100 && Math.abs(y - (560 + 30 * Math.sin(x / 29))) < 2.5;
      if (onFaint) rgb = faintRgb.map((c) => c * shade);
      if (onDark) rgb = darkRgb;
      const n = noise();
      data.set([...rgb.map((c) => Math.round(c + n)), 255], p * 4);
      if (onFaint && Math.abs(y - (300 + 40 * Math.sin(x / 37))) < 1.5) faint.push(p);
      else if (onDark && Math.abs(y - (560 + 30 * Math.sin(x / 29))) < 1.5) dark.push(p);
      else if (y < 200 || (y > 400 && y < 480) || y > 680) paper.push(p);
    }
  }
  return { image: { width, height, data }, faint, dark, paper };
}

describe('the ink-separation model in the pipeline', () => {
  it('gives faint handwriting on yellowed paper back as opaque pale ink, and the paper as transparent', async () => {
    const { engine } = await loadModelEngine({ threads: 2 });
    expect(engine.separateInk).toBeTypeOf('function');
    const page = fadedLetterPage(false);
    const { image } = await cleanImage(page.image, BASIC, engine);
    const alpha = (p: number) => image.data[p * 4 + 3];
    const share = (pixels: number[], test: (a: number) => boolean) => pixels.filter((p) => test(alpha(p))).length / pixels.length;
    // The faint stroke's core is ink (alpha ≥ 128), mostly fully opaque.
    expect(share(page.faint, (a) => a >= 128)).toBeGreaterThan(0.95);
    expect(share(page.faint, (a) => a === 255)).toBeGreaterThan(0.7);
    // ...in its own pale colour, not the dark brown a translucent stroke would need.
    const kept = page.faint.filter((p) => alpha(p) >= 128);
    expect(kept.reduce((sum, p) => sum + image.data[p * 4], 0) / kept.length).toBeGreaterThan(180);
    expect(share(page.paper, (a) => a === 0)).toBeGreaterThan(0.99);
  });

  it('drops the same faint mark as bleed-through when the page is written in dark ink (colour-to-alpha keeps 86% of it)', async () => {
    const { engine } = await loadModelEngine({ threads: 2 });
    const page = fadedLetterPage(true);
    const { image } = await cleanImage(page.image, BASIC, engine);
    const alpha = (p: number) => image.data[p * 4 + 3];
    const share = (pixels: number[], test: (a: number) => boolean) => pixels.filter((p) => test(alpha(p))).length / pixels.length;
    expect(share(page.faint, (a) => a >= 128)).toBeLessThan(0.05);
    expect(share(page.dark, (a) => a >= 128)).toBeGreaterThan(0.97);
    expect(share(page.paper, (a) => a === 0)).toBeGreaterThan(0.99);
  });
});

/** Rows of handwriting-like dark strokes (5 px, 60 px apart) on white, sharp. */
function strokesPage(): RgbaImage {
  const width = 900;
  const height = 600;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const y = Math.floor(p / width);
    const x = p - y * width;
    const v = x >= 100 && x < 800 && y < 560 && (y - 40) % 60 >= 0 && (y - 40) % 60 < 5 ? 30 : 250;
    data.set([v, v, v + 5, 255], p * 4);
  }
  return { width, height, data };
}

const count = (ink: Uint8Array) => ink.reduce((n, v) => n + v, 0);

describe('the camera blur thinned on photos', () => {
  it('takes the blurred rims off the strokes of a photo, never adds ink, and leaves sharp strokes as they are', async () => {
    // Against the plain decision: the edge network (a flat page's step, below) is left out.
    const { engine } = await loadModelEngine({ threads: 2, edgeModelPath: '/nonexistent/inkedge.onnx', log: () => undefined });
    // A generated desk photo whose capture is blurred (sigma 1.3 px).
    const photo = await generateDeskPhoto(splitSeed('val', 0), { megapixels: 2 });
    const { flattened } = flattenSheet(photo.image, undefined, await engine.findSheet!(photo.image));
    const asScan = (await engine.separateInk!(flattened, false)).ink;
    const asPhoto = (await engine.separateInk!(flattened, true)).ink;
    for (let p = 0; p < asPhoto.length; p++) if (asPhoto[p] > asScan[p]) throw new Error(`thinning added ink at ${p}`);
    expect(count(asPhoto)).toBeLessThan(0.9 * count(asScan));
    expect(count(asPhoto)).toBeGreaterThan(0.4 * count(asScan));
    const sharp = strokesPage();
    expect(Array.from((await engine.separateInk!(sharp, true)).ink)).toEqual(Array.from((await engine.separateInk!(sharp, false)).ink));
  });

  it('is asked for by the pipeline when a sheet is found in a photo, not on a flat page', async () => {
    const { engine } = await loadModelEngine({ threads: 2 });
    const asked: (boolean | undefined)[] = [];
    const recording: Engine = { name: engine.name, classify: (input) => engine.classify(input), findSheet: engine.findSheet, separateInk: (flattened, photo) => (asked.push(photo), engine.separateInk!(flattened, photo)) };
    await cleanImage(strokesPage(), BASIC, recording);
    const photo = await generateDeskPhoto(splitSeed('val', 0), { megapixels: 1 });
    const { sheet } = await cleanImage(photo.image, BASIC, recording);
    expect(sheet).not.toBeNull();
    expect(asked).toEqual([false, true]);
  });
});

/** F-measure (%) of ink = alpha ≥ 128 against the generated truth ≥ 128, its soft border (0 < truth < 128) not scored. */
function fMeasure(image: RgbaImage, truth: Uint8Array): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let p = 0; p < truth.length; p++) {
    if (truth[p] > 0 && truth[p] < 128) continue;
    const kept = image.data[p * 4 + 3] >= 128;
    const ink = truth[p] >= 128;
    if (kept && ink) tp++;
    else if (kept) fp++;
    else if (ink) fn++;
  }
  return (200 * tp) / (2 * tp + fp + fn);
}

describe('the edge network on flat pages', () => {
  it('places the strokes\' edges closer to the truth than the decision alone, changing only pixels at the decision\'s line', async () => {
    const withEdge = (await loadModelEngine({ threads: 2 })).engine;
    const alone = (await loadModelEngine({ threads: 2, edgeModelPath: '/nonexistent/inkedge.onnx', log: () => undefined })).engine;
    expect(withEdge.name).toContain('inkedge-v1');
    expect(alone.name).not.toContain('inkedge');
    let gain = 0;
    for (const i of [8, 9, 15]) {
      // Generated validation pages on which the decision keeps a rim around small, soft strokes.
      const doc = await generateDocument(splitSeed('val', i), { megapixels: 2 });
      const a = await cleanImage(doc.image, BASIC, alone);
      const b = await cleanImage(doc.image, BASIC, withEdge);
      gain += fMeasure(b.image, doc.truth.all) - fMeasure(a.image, doc.truth.all);
      // The decision itself changes only at its line: pixels whose 5 × 5 holds decided ink and paper.
      const { flattened } = flattenSheet(doc.image, undefined, { sheet: null, cover: null });
      const plain = (await alone.separateInk!(flattened, false)).ink;
      const stepped = (await withEdge.separateInk!(flattened, false)).ink;
      const { width, height } = flattened;
      let changed = 0;
      for (let y = 2; y < height - 2; y++) {
        for (let x = 2; x < width - 2; x++) {
          const p = y * width + x;
          if (plain[p] === stepped[p]) continue;
          changed++;
          let inked = 0;
          for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) inked += plain[p + dy * width + dx];
          expect(inked).toBeGreaterThan(0);
          expect(inked).toBeLessThan(25);
        }
      }
      expect(changed).toBeGreaterThan(0);
    }
    expect(gain / 3).toBeGreaterThan(1);
  });
});
