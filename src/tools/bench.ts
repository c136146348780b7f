/**
 * npm run bench [-- --runs N] [--warmup N] [--megapixels 1,4,12] [--threads N] [--targets node] [--scene page|desk]
 *
 * Medians over repeated runs after warm-up (default 2 warm-up + 5 measured runs), per stage and end
 * to end, for synthetic JPEG document photos at 1, 4 and 12 megapixels (src/synth test-split seeds
 * 2 900 000+; `--scene desk`: a phone photo of a sheet on a desk that the class model reads at two
 * scales, src/tools/bench/inputs.ts), per target. Stages (Node): decode (server adapter decodeDocument), each src/core
 * pipeline stage from result.timings (options: advanced/signature/aggressive, classical engine; with
 * models/inkseg.onnx also the model engine's stages and its session.run alone), PNG and WebP encode
 * (server adapters), end to end (decode → clean → PNG) per engine, peak RSS of the process. Chromium (WASM,
 * threads when cross-origin isolated; src/tools/bench/browser.ts): the app's worker end to end with
 * the deployed model, its stages and the model inference alone (session.run). API (src/tools/bench/api.ts):
 * POST /api/clean round trips to the real server on loopback (type=json, png, webp, default options and
 * engine) with the server's Server-Timing split. Targets are modules
 * under src/tools/bench/ (BenchTarget); add one there and list it in TARGETS.
 */
import { apiTarget } from './bench/api';
import { BENCH_SCENES, benchInputs, type BenchScene } from './bench/inputs';
import { browserTarget } from './bench/browser';
import { nodeTarget } from './bench/node';
import type { BenchResult, BenchTarget } from './bench/types';
import { markdownTable } from './markdownTable';

const TARGETS: readonly BenchTarget[] = [nodeTarget, apiTarget, browserTarget];

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

export function benchTable(results: readonly BenchResult[], megapixels: readonly number[]): string {
  const rows: string[][] = [];
  for (const result of results) {
    const stages = [...new Set(result.measurements.flatMap((m) => Object.keys(m.stages)))];
    for (const stage of stages) {
      const values = megapixels.map((mp) => result.measurements.find((m) => m.megapixels === mp)?.stages[stage]);
      const first = values[0];
      const last = values[values.length - 1];
      rows.push([
        result.target,
        stage,
        ...values.map((v) => (v === undefined ? '–' : v < 10 ? v.toFixed(1) : String(Math.round(v)))),
        first && last && first > 0.5 ? `${(last / first).toFixed(1)}×` : '–',
      ]);
    }
    rows.push([result.target, 'peak RSS (MB, cumulative)', ...megapixels.map((mp) => {
      const rss = result.measurements.find((m) => m.megapixels === mp)?.peakRss;
      return rss ? String(Math.round(rss / 1e6)) : '–';
    }), '']);
  }
  return markdownTable(['target', 'stage (median ms)', ...megapixels.map((mp) => `${mp} MP`), `${megapixels[megapixels.length - 1]}/${megapixels[0]} MP`], rows);
}

async function main(): Promise<void> {
  const megapixels = arg('megapixels', '1,4,12').split(',').map(Number);
  const settings = { warmup: Number(arg('warmup', '2')), runs: Number(arg('runs', '5')), threads: Number(arg('threads', '1')) };
  const wanted = arg('targets', TARGETS.map((t) => t.name).join(',')).split(',');
  const scene = arg('scene', 'page') as BenchScene;
  if (!BENCH_SCENES.includes(scene)) throw new Error(`bench: --scene is one of ${BENCH_SCENES.join(', ')}`);
  const inputs = await benchInputs(megapixels, scene);
  console.log(`bench: ${scene === 'page' ? 'a captured page' : 'a desk photo read at two scales'}, inputs ${inputs.map((i) => `${i.width}×${i.height} (${(i.bytes.length / 1e6).toFixed(2)} MB JPEG)`).join(', ')}; ${settings.warmup} warm-up + ${settings.runs} runs`);
  const results: BenchResult[] = [];
  for (const target of TARGETS.filter((t) => wanted.includes(t.name))) {
    const ok = await target.available();
    if (ok !== true) {
      console.log(`bench: ${target.name} skipped: ${ok}`);
      continue;
    }
    const started = performance.now();
    results.push(await target.run(inputs, settings));
    console.log(`bench: ${target.name} done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(`\n${benchTable(results, megapixels)}\n`);
  for (const r of results) for (const note of r.notes) console.log(`${r.target}: ${note}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
