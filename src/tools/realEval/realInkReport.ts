/**
 * `npm run eval -- --real --task stamp|signature|all`: the real ink evaluation (realInkEval.ts) on one
 * split of the build folder, for the chosen engines, printed as a table per task and optionally written
 * into models/README.md's `real-eval-ink` section (report split only) and to a JSON file per page.
 */
import { writeFileSync } from 'node:fs';
import { INK_TRUTH_KINDS, type PageSplit } from '../realData/datasetIndex';
import { loadEngines, type EngineChoice, type EngineSlot } from '../engines';
import { writeMarkedSection } from '../markdownTable';
import { inkTables, medianMs, scoreInkPages, type InkPageResult, type InkTask } from './realInkEval';
import { openRealData, pagesOfSplit } from './realPages';

export interface RealInkEvalOptions {
  dataDir: string;
  split: PageSplit;
  engine: EngineChoice;
  threads: number;
  tasks: readonly InkTask[];
  jsonPath?: string;
  /** Writes the tables into this file's `real-eval-ink` marked section (report split only). */
  readmePath?: string;
  command?: string;
  log?: (line: string) => void;
}

export interface RealInkEvalReport {
  engines: string[];
  results: InkPageResult[];
  tables: Partial<Record<InkTask, string>>;
  caption: string;
}

const SPLIT_WORDS: Record<PageSplit, string> = {
  report: 'Report-only pages (never trained, tuned or chosen on)',
  val: 'Held-out validation pages (tune and choose on these, never fit)',
  train: 'Training pages (not a quality figure)',
};

function captionFor(split: PageSplit, counts: string, results: readonly InkPageResult[], engines: readonly string[], tasks: readonly InkTask[], unavailable: readonly string[]): string {
  const ms = (e: string, t: InkTask) => medianMs(results, e, t);
  const speed = engines.flatMap((e) => tasks.filter((t) => !Number.isNaN(ms(e, t))).map((t) => `${e} ${t} ${Math.round(ms(e, t))} ms`)).join(', ');
  return (
    `${SPLIT_WORDS[split]}: ${counts}. cleanImage advanced mode, aggressive, no crop; kept = output alpha ≥ 128. ` +
    'Stamp: IoU, precision, recall of the extract=stamp output against StaVer\'s stamp-ink mask, mean over pages with a stamp; FP area = kept pixels as % of the page on pages whose mask holds no stamp. ' +
    'Signature (extract=signature): recall-in-box = share of the reference ink (grey ≤ Otsu threshold of the grey levels inside each box) that is kept; ' +
    'leak = share of the kept ink outside every box, only where the boxes are complete (StaVerGt: boxes grouped from its signature label); Tobacco800\'s boxes may miss signatures, so no leak there; ' +
    'FP area = kept pixels as % of the page on pages without a signature (StaVerGt pages without the signature label, Tobacco800 no_signature). ' +
    `Means over the pages each column counts; overall = over all pages. Median ms per page: ${speed || '–'}.` +
    (unavailable.length ? ` ${unavailable.join('; ')}.` : '')
  );
}

export async function runRealInkEval(options: RealInkEvalOptions): Promise<RealInkEvalReport> {
  const log = options.log ?? console.log;
  if (options.readmePath && options.split !== 'report') throw new Error('eval --real: --write-readme reports the report split only');
  const index = openRealData(options.dataDir);
  const sets = pagesOfSplit(index, options.split).filter(({ set }) => INK_TRUTH_KINDS.includes(set.kind));
  if (sets.length === 0) throw new Error(`eval --real: ${options.dataDir}/index.json holds no ${options.split} pages of an ink set (StaVer, Tobacco800): build them with npm run data:real`);

  const slots = await loadEngines(options.engine, options.threads);
  const usable = slots.filter((s): s is EngineSlot & { engine: NonNullable<EngineSlot['engine']> } => s.engine !== null);
  const unavailable = slots.filter((s) => !s.engine).map((s) => `${s.label} engine unavailable (${s.reason})`);
  for (const line of unavailable) log(`eval --real: ${line}`);
  if (usable.length === 0) throw new Error('eval --real: no engine to evaluate');
  const engines = usable.map((s) => s.label);

  const results = await scoreInkPages(options.dataDir, index, options.split, usable, options.tasks, log);
  const all = inkTables(results, sets.map((s) => s.set), engines);
  const tables: Partial<Record<InkTask, string>> = {};
  for (const task of options.tasks) tables[task] = all[task];
  const counts = sets.map((s) => `${s.set.title} (${results.filter((r) => r.set === s.set.name).length} of ${s.pages.length} pages with a truth for the task)`).join(', ');
  const caption = captionFor(options.split, counts, results, engines, options.tasks, unavailable);
  const text = options.tasks.map((task) => `**${task}**\n\n${tables[task]}`).join('\n\n');
  log(`\n${text}\n\n${caption}`);

  if (options.jsonPath) {
    writeFileSync(options.jsonPath, `${JSON.stringify({ split: options.split, dataDir: options.dataDir, builtAt: index.builtAt, engines, tasks: options.tasks, pages: results }, null, 2)}\n`);
    log(`eval --real: per-page figures written to ${options.jsonPath}`);
  }
  if (options.readmePath) {
    const date = new Date().toISOString().slice(0, 10);
    writeMarkedSection(options.readmePath, 'real-eval-ink', `\`${options.command ?? 'npm run eval -- --real --task all'}\` (${date}):\n\n${text}\n\n${caption}`);
    log(`eval --real: ink tables written to ${options.readmePath}`);
  }
  return { engines, results, tables, caption };
}
