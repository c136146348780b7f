/**
 * npm run eval [-- --count N] [--start I] [--engine classical|model|both] [--megapixels X] [--write-readme] [--threads N] [--split test|val] [--json FILE] [--skew DEGREES]
 *
 * Scores src/core's pipeline on the held-out TEST split of src/synth (seeds 2 000 000 + i, i < count;
 * default 200 pages of ~2 MP, generated in memory — the same pages `src/synth/render.ts --split test`
 * writes). 200, not the first 40 it once was: over 40 pages the signature mean's standard error was
 * 0.038 and the stamp lead's 0.029, too coarse for targets such as "≥ 0.85" or "+0.10"; over 200
 * they are 0.014 and 0.019. Per task:
 *   all ink    {mode:'basic', extract:'', aggressive:false, crop:false}       vs truth.all
 *   signature  {mode:'advanced', extract:'signature', aggressive:true, ...}   vs truth.signature
 *   stamp      {mode:'advanced', extract:'stamp', aggressive:true, ...}       vs truth.stamp
 * Score per page: IoU of output alpha ≥ 128 vs truth ≥ 128, ignoring truth pixels with 0 < α < 128
 * (the antialiased border), plus precision and recall; the table shows means over pages and the
 * median milliseconds of cleanImage per page. Pages with no signature (no truth pixel ≥ 128) are
 * skipped for the signature task, pages with no stamp for the stamp task; the `pages` column says
 * how many counted. --engine both runs the classical engine and the ONNX model on the same pages
 * and prints them side by side with the model's IoU gain. `--split val` scores the validation split
 * instead: that is the split to tune on, so the test figures stay unseen until they are reported.
 * `--json FILE` also writes the unrounded means and each page's IoU by seed (to check a target such as "+0.10" exactly, or to
 * compare two model files: INKLIFT_MODEL_PATH picks the model).
 * `--skew D` turns every page by ±D degrees (alternately) as a scanner fed crooked would, truth with it
 * (src/tools/skewedPage.ts): the generator's own pages lie within 2.5° of straight.
 *
 * `npm run eval -- --real ...` scores real pixel-truth pages instead: src/tools/realEval/realEvalCli.ts;
 * `npm run eval -- --photos ...` phone photos of the same pages on desks: src/tools/photoEval.ts.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cleanImage, type RgbaImage } from '../core';
import { generateDocument } from '../synth/generate';
import { isSplit, splitSeed } from '../synth/splits';
import { isEngineChoice, loadEngines, type EngineSlot } from './engines';
import { countAtLeast, mean, median, ratios, scoreMask } from './evalMetrics';
import { TASKS, type TaskName } from './evalTasks';
import { markdownTable, writeMarkedSection } from './markdownTable';
import { skewedPage } from './skewedPage';

interface Tally {
  seeds: number[];
  iou: number[];
  precision: number[];
  recall: number[];
  ms: number[];
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const copy = (image: RgbaImage): RgbaImage => ({ width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) });
const f3 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(3));
const ms = (v: number) => (Number.isNaN(v) ? '–' : String(Math.round(v)));

async function main(): Promise<void> {
  const count = Number(arg('count', '200'));
  const start = Number(arg('start', '0'));
  const megapixels = Number(arg('megapixels', '2'));
  const choice = arg('engine', 'classical');
  const threads = Number(arg('threads', '1'));
  const split = arg('split', 'test');
  const skew = Number(arg('skew', '0'));
  if (skew !== 0 && process.argv.includes('--write-readme')) throw new Error('--write-readme reports the pages as generated, not skewed');
  if (!isSplit(split) || split === 'train') throw new Error('--split must be test or val');
  if ((split !== 'test' || start !== 0) && process.argv.includes('--write-readme')) throw new Error('--write-readme reports the test split from its first page only');
  if (!isEngineChoice(choice)) throw new Error('--engine must be classical, model or both');
  const slots = await loadEngines(choice, threads);
  const usable = slots.filter((s): s is EngineSlot & { engine: NonNullable<EngineSlot['engine']> } => s.engine !== null);
  for (const s of slots) if (!s.engine) console.log(`eval: ${s.label} engine unavailable: ${s.reason}`);
  if (usable.length === 0) throw new Error('eval: no engine to evaluate');

  const tallies = new Map<string, Tally>();
  const tally = (engine: string, task: TaskName) => {
    const key = `${engine}|${task}`;
    if (!tallies.has(key)) tallies.set(key, { seeds: [], iou: [], precision: [], recall: [], ms: [] });
    return tallies.get(key)!;
  };
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const generated = await generateDocument(splitSeed(split, start + i), { megapixels });
    const doc = skew === 0 ? generated : skewedPage(generated.image, generated.truth, i % 2 === 0 ? skew : -skew);
    for (const task of TASKS) {
      const truth = doc.truth[task.truth];
      if (task.truth !== 'all' && countAtLeast(truth, 128) === 0) continue;
      for (const slot of usable) {
        const t0 = performance.now();
        const result = await cleanImage(copy(doc.image), task.options, slot.engine);
        const elapsed = performance.now() - t0;
        const r = ratios(scoreMask(result.image.data, truth));
        const t = tally(slot.label, task.name);
        t.seeds.push(splitSeed(split, start + i));
        t.iou.push(r.iou);
        t.precision.push(r.precision);
        t.recall.push(r.recall);
        t.ms.push(elapsed);
      }
    }
    if ((i + 1) % 10 === 0 || i + 1 === count) console.log(`eval: ${i + 1}/${count} pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }

  const engines = usable.map((s) => s.label);
  const row = (engine: string, task: TaskName) => {
    const t = tally(engine, task);
    return { pages: t.iou.length, iou: mean(t.iou), p: mean(t.precision), r: mean(t.recall), ms: median(t.ms) };
  };
  let table: string;
  if (engines.length === 2) {
    table = markdownTable(
      ['task', 'pages', 'classical IoU', 'P', 'R', 'ms', 'model IoU', 'P', 'R', 'ms', 'Δ IoU'],
      TASKS.map(({ name }) => {
        const c = row('classical', name);
        const m = row('model', name);
        const delta = m.iou - c.iou;
        return [name, String(c.pages), f3(c.iou), f3(c.p), f3(c.r), ms(c.ms), f3(m.iou), f3(m.p), f3(m.r), ms(m.ms), `${delta >= 0 ? '+' : ''}${f3(delta)}`];
      }),
    );
  } else {
    table = markdownTable(
      ['task', 'engine', 'pages', 'IoU', 'precision', 'recall', 'median ms'],
      TASKS.map(({ name }) => {
        const x = row(engines[0], name);
        return [name, engines[0], String(x.pages), f3(x.iou), f3(x.p), f3(x.r), ms(x.ms)];
      }),
    );
  }
  const unavailable = slots.filter((s) => !s.engine).map((s) => `${s.label} engine unavailable (${s.reason})`);
  const caption =
    `${split === 'test' ? 'Held-out synthetic TEST' : 'Synthetic VALIDATION'} split (src/synth seeds ${splitSeed(split, start)}–${splitSeed(split, start + count - 1)}, ${count} pages, ~${megapixels} MP, ` +
    (skew !== 0 ? `turned by ±${skew}°, ` : '') +
    `photos and scans). IoU of alpha ≥ 128 vs truth ≥ 128, soft truth border ignored; means over pages; ` +
    `pages without a signature/stamp skipped for that task; ms = median cleanImage time per page (Node, this machine).`;
  console.log(`\n${table}\n\n${caption}${unavailable.length ? `\n${unavailable.join('; ')}` : ''}`);
  const jsonPath = arg('json', '');
  if (jsonPath) {
    const scores = Object.fromEntries(engines.map((engine) => [engine, Object.fromEntries(TASKS.map(({ name }) => [name, row(engine, name)]))]));
    const perPage = Object.fromEntries(
      engines.map((engine) => [engine, Object.fromEntries(TASKS.map(({ name }) => [name, Object.fromEntries(tally(engine, name).seeds.map((seed, k) => [seed, tally(engine, name).iou[k]]))]))]),
    );
    writeFileSync(jsonPath, `${JSON.stringify({ split, start, count, megapixels, scores, perPage }, null, 2)}\n`);
    console.log(`eval: unrounded means written to ${jsonPath}`);
  }
  if (process.argv.includes('--write-readme')) {
    const readme = fileURLToPath(new URL('../../models/README.md', import.meta.url));
    const date = new Date().toISOString().slice(0, 10);
    writeMarkedSection(readme, 'eval', `\`npm run eval -- --engine ${choice} --count ${count}\` (${date}):\n\n${table}\n\n${caption}${unavailable.length ? `\n\n${unavailable.join('; ')}.` : ''}`);
    console.log(`eval: table written to ${readme}`);
  }
}

const run = process.argv.includes('--real')
  ? () => import('./realEval/realEvalCli').then(({ realEvalCli }) => realEvalCli(process.argv.slice(2))).then((code) => void (process.exitCode = code))
  : process.argv.includes('--photos')
    ? () => import('./photoEval').then(({ photoEvalCli }) => photoEvalCli(process.argv.slice(2))).then((code) => void (process.exitCode = code))
    : main;

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
