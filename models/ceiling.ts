/**
 * The best any class map could do over src/core's ink alpha: the TRUE classes put into the class map
 * at a given cell size, scored like `npm run eval` (IoU of alpha ≥ 128 vs truth ≥ 128 per task).
 * Run it after changing the alpha (src/core/paper/inkAlpha.ts) or the model's output scale, before training.
 * Usage: tsx models/ceiling.ts [--split val|test] [--count N] [--cells 0,2,4]   (0 = full resolution)
 */
import { cleanImage, type ClassMap, type CleanOptions, type Engine, type RgbaImage } from '../src/core';
import { modelGeometry } from '../src/core/classes/model';
import { generateDocument } from '../src/synth/generate';
import { isSplit, splitSeed } from '../src/synth/splits';
import { countAtLeast, mean, ratios, scoreMask } from '../src/tools/evalMetrics';
import { cellTargets } from './prepare';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/** An engine that answers with the true classes, at cells of `cell` model pixels (0: per source pixel). */
function trueClassEngine(classes: Uint8Array, cell: number): Engine {
  return {
    name: `truth@${cell || 'full'}`,
    classify: async ({ flattened, inkAlpha }): Promise<ClassMap> => {
      const { width, height } = flattened;
      if (cell === 0) return { width, height, classes };
      const g = modelGeometry(width, height);
      const mapWidth = g.scaledWidth / cell;
      const mapHeight = g.scaledHeight / cell;
      const targets = cellTargets(inkAlpha, classes, width, height, mapWidth, mapHeight);
      const cellClasses = new Uint8Array(mapWidth * mapHeight);
      for (let k = 0; k < cellClasses.length; k++) cellClasses[k] = targets[k * 3];
      // True handwriting is recognised handwriting: the refinement follows pens and inks as for the model's map.
      return { width: mapWidth, height: mapHeight, classes: cellClasses, cellScale: 4 / cell, handwritingRecognised: true };
    },
  };
}

// The tasks of src/tools/eval.ts (importing that file would run it).
const TASKS: readonly { name: string; truth: 'all' | 'signature' | 'stamp'; options: CleanOptions }[] = [
  { name: 'all ink', truth: 'all', options: { mode: 'basic', extract: '', aggressive: false, crop: false } },
  { name: 'signature', truth: 'signature', options: { mode: 'advanced', extract: 'signature', aggressive: true, crop: false } },
  { name: 'stamp', truth: 'stamp', options: { mode: 'advanced', extract: 'stamp', aggressive: true, crop: false } },
];

const copy = (image: RgbaImage): RgbaImage => ({ width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) });

async function main(): Promise<void> {
  const split = arg('split', 'val');
  if (!isSplit(split) || split === 'train') throw new Error('--split must be val or test');
  const count = Number(arg('count', '40'));
  const cells = arg('cells', '0,2,4').split(',').map(Number);
  const iou = new Map<string, number[]>();
  const push = (key: string, value: number) => iou.set(key, [...(iou.get(key) ?? []), value]);
  for (let i = 0; i < count; i++) {
    const doc = await generateDocument(splitSeed(split, i + Number(arg('start', '0'))), { megapixels: 2 });
    for (const task of TASKS) {
      const truth = doc.truth[task.truth];
      if (task.truth !== 'all' && countAtLeast(truth, 128) === 0) continue;
      for (const cell of cells) {
        const result = await cleanImage(copy(doc.image), task.options, trueClassEngine(doc.truth.classes, cell));
        const r = ratios(scoreMask(result.image.data, truth));
        push(`${cell}|${task.name}`, r.iou);
        push(`${cell}|${task.name}|P`, r.precision);
        push(`${cell}|${task.name}|R`, r.recall);
      }
    }
  }
  console.log(`ceiling: true classes into the class map, ${split} split, ${count} pages, ~2 MP`);
  for (const cell of cells) {
    const f3 = (key: string) => mean(iou.get(key) ?? []).toFixed(3);
    const row = TASKS.map((t) => `${t.name} ${f3(`${cell}|${t.name}`)} (P ${f3(`${cell}|${t.name}|P`)} R ${f3(`${cell}|${t.name}|R`)})`).join('  ');
    console.log(`  cells ${cell === 0 ? 'full-res' : `${cell} model px`}: ${row}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
