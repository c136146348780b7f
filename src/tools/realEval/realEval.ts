/**
 * The real evaluation: the pipeline's paper removal (cleanImage, basic mode, ink = alpha ≥ 128) on
 * the pixel-truth pages of the real dataset's build folder, scored with the DIBCO contests' FM and
 * PSNR beside global Otsu and Sauvola on the same pages. One markdown table per split: a row per
 * set and an overall row. The command line is realEvalCli.ts (`npm run eval -- --real`).
 */
import { writeFileSync } from 'node:fs';
import type { PageSplit } from '../realData/datasetIndex';
import { loadEngines, type EngineChoice, type EngineSlot } from '../engines';
import { writeMarkedSection } from '../markdownTable';
import { BASELINES, pipelineMethod } from './inkMethods';
import { realEvalTable, summariseSets, type SummaryRow } from './realEvalTable';
import { openRealData, pagesOfSplit, type SetPages } from './realPages';
import { scoreRealPages, type PageResult } from './scoreRealPages';

export interface RealEvalOptions {
  dataDir: string;
  split: PageSplit;
  engine: EngineChoice;
  threads: number;
  /** Writes each page's figures there. */
  jsonPath?: string;
  /** Writes the table into this file's `real-eval` marked section (report split only). */
  readmePath?: string;
  /** The command line quoted above the table in the readme. */
  command?: string;
  log?: (line: string) => void;
}

export interface RealEvalReport {
  methods: string[];
  rows: SummaryRow[];
  results: PageResult[];
  table: string;
  caption: string;
}

const SPLIT_WORDS: Record<PageSplit, string> = {
  report: 'Report-only pages (never trained, tuned or chosen on)',
  val: 'Held-out validation pages of the training sets (tune and choose on these, never fit)',
  train: 'Training pages (fitted on: not a quality figure)',
};

function captionFor(split: PageSplit, sets: readonly SetPages[], pages: number, unavailable: readonly string[]): string {
  const setList = sets.map((s) => `${s.set.title} (${s.pages.length})`).join(', ');
  return (
    `${SPLIT_WORDS[split]}: ${setList}; ${pages} pages. FM % and PSNR dB (C = 1) of the binary ink map against the pixel truth, as the DIBCO contests ` +
    `define them; set rows = mean over the set's pages, overall = mean over all ${pages} pages. Engines: cleanImage basic mode, ink = alpha ≥ 128. ` +
    `Baselines on the same pages' luminance (0.299R + 0.587G + 0.114B as OpenCV): global Otsu, Sauvola (window 31, k 0.2, R 128), ink where grey ≤ threshold. ` +
    `A page scored identical to its truth would count as one wrong pixel for PSNR. ms = median per page (Node, this machine).` +
    (unavailable.length ? ` ${unavailable.join('; ')}.` : '')
  );
}

export async function runRealEval(options: RealEvalOptions): Promise<RealEvalReport> {
  const log = options.log ?? console.log;
  if (options.readmePath && options.split !== 'report') throw new Error('eval --real: --write-readme reports the report split only');
  const index = openRealData(options.dataDir);
  // Paper removal is scored on the paper sets only (the ink sets have their own tasks: realInkReport.ts).
  const sets = pagesOfSplit(index, options.split).filter(({ set }) => set.kind === 'paper');
  if (sets.length === 0) throw new Error(`eval --real: ${options.dataDir}/index.json holds no ${options.split} pages of a paper set`);

  const slots = await loadEngines(options.engine, options.threads);
  const usable = slots.filter((s): s is EngineSlot & { engine: NonNullable<EngineSlot['engine']> } => s.engine !== null);
  const unavailable = slots.filter((s) => !s.engine).map((s) => `${s.label} engine unavailable (${s.reason})`);
  for (const line of unavailable) log(`eval --real: ${line}`);
  if (usable.length === 0) throw new Error('eval --real: no engine to evaluate');
  const inkMethods = [...usable.map((s) => pipelineMethod(s.label, s.engine)), ...BASELINES];
  const methods = inkMethods.map((m) => m.label);

  const results = await scoreRealPages(options.dataDir, sets, inkMethods, log);
  const rows = summariseSets(results, sets.map((s) => s.set), methods);
  const table = realEvalTable(rows, methods);
  const caption = captionFor(options.split, sets, results.length, unavailable);
  log(`\n${table}\n\n${caption}`);

  if (options.jsonPath) {
    const summary = Object.fromEntries(rows.map((r) => [r.label, { pages: r.pages, ...r.byMethod }]));
    writeFileSync(options.jsonPath, `${JSON.stringify({ split: options.split, dataDir: options.dataDir, builtAt: index.builtAt, methods, summary, pages: results }, null, 2)}\n`);
    log(`eval --real: per-page figures written to ${options.jsonPath}`);
  }
  if (options.readmePath) {
    const date = new Date().toISOString().slice(0, 10);
    writeMarkedSection(options.readmePath, 'real-eval', `\`${options.command ?? 'npm run eval -- --real'}\` (${date}):\n\n${table}\n\n${caption}`);
    log(`eval --real: table written to ${options.readmePath}`);
  }
  return { methods, rows, results, table, caption };
}
