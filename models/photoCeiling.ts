/**
 * What a per-pixel threshold could reach on the generated phone photos: per photo, the flattened
 * photo's darkness (255 − min(R, G, B) after the paper field is divided out) thresholded at the one
 * level that scores best against that photo's own truth — an oracle no method has — scored as
 * `npm run eval -- --photos` scores all ink (IoU on the sheet, soft truth border ignored). Twice:
 * with the things lying on the sheet scored as the product meets them, and with them left out.
 * Read it beside the pipeline's all-ink figure on the same photos.
 * Usage: tsx models/photoCeiling.ts [--split val|test] [--count N]
 */
import { estimatePaperField, flattenAgainstPaper } from '../src/core/paper/paperField';
import type { RgbaImage } from '../src/core';
import { generateDeskPhoto } from '../src/synth/desk/scene';
import { isSplit, splitSeed } from '../src/synth/splits';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/** Best IoU over every darkness threshold, from the darkness histograms of true ink and of the rest. */
function bestThresholdIoU(ink: Float64Array, rest: Float64Array): number {
  const totalInk = ink.reduce((a, b) => a + b, 0);
  let truePositive = totalInk;
  let falsePositive = rest.reduce((a, b) => a + b, 0);
  let best = 0;
  // Ink is darkness ≥ level; raising the level drops that level's pixels.
  for (let level = 0; level < 256; level++) {
    const union = totalInk + falsePositive;
    best = Math.max(best, union === 0 ? 1 : truePositive / union);
    truePositive -= ink[level];
    falsePositive -= rest[level];
  }
  return best;
}

const split = arg('split', 'val');
const count = Number(arg('count', '40'));
if (!isSplit(split) || split === 'train') throw new Error('--split must be val or test');
const withObjects: number[] = [];
const withoutObjects: number[] = [];
for (let i = 0; i < count; i++) {
  const photo = await generateDeskPhoto(splitSeed(split, i), { megapixels: 2 });
  const { width, height } = photo.image;
  const image: RgbaImage = { width, height, data: new Uint8ClampedArray(photo.image.data) };
  const flat = flattenAgainstPaper(image, estimatePaperField(image));
  const histograms = [0, 1].map(() => ({ ink: new Float64Array(256), rest: new Float64Array(256) }));
  for (let p = 0; p < width * height; p++) {
    const truth = photo.truth.all[p];
    if (!photo.sheetMask[p] || (truth > 0 && truth < 128)) continue;
    const darkness = 255 - Math.min(flat.data[p * 4], flat.data[p * 4 + 1], flat.data[p * 4 + 2]);
    const underObject = photo.objectCover[p] >= 128;
    for (const [k, h] of histograms.entries()) {
      if (k === 1 && underObject) continue;
      (truth >= 128 ? h.ink : h.rest)[darkness]++;
    }
  }
  withObjects.push(bestThresholdIoU(histograms[0].ink, histograms[0].rest));
  withoutObjects.push(bestThresholdIoU(histograms[1].ink, histograms[1].rest));
  const capture = photo.meta.capture as { blur?: number };
  console.log(`${splitSeed(split, i)} ${photo.meta.desk.kind.padEnd(11)} blur ${(capture.blur ?? 0).toFixed(2)}  best threshold IoU ${withObjects[i].toFixed(3)}, objects left out ${withoutObjects[i].toFixed(3)}`);
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(`${split} photos 0–${count - 1}: mean best-threshold all-ink IoU ${mean(withObjects).toFixed(3)}; objects left out ${mean(withoutObjects).toFixed(3)}`);
