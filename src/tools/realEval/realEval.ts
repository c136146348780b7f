/**
 * The real evaluation: the pipeline's paper removal (cleanImage, basic mode, ink = alpha ≥ 128) on
 * the pixel-truth pages of the real dataset's build folder, scored with the DIBCO contests' FM and
 * PSNR beside global Otsu and Sauvola on the same pages. One markdown table per split: a row per
 * set and an overall row. The command line is realEvalCli.ts (`npm run eval -- --real`).
 */
import type { PageSplit } from '../realData/datasetIndex';
import { BASELINES, pipelineMethod } from './inkMethods';
import { realEvalTable, summariseSets, type SummaryRow } from './realEvalTable';
import { openRealData, pagesOfSplit, type SetPages } from './realPages';
import { checkReadmeSplit, loadUsableEngines, writeEvalOutputs, type RealEvalRunOptions } from './realEvalRun';
import { scoreRealPages, type PageResult } from './scoreRealPages';

/** The readme section is `real-eval`. */
export type RealEvalOptions = RealEvalRunOptions;

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

/** These pages are flat scans: a sheet found on one means the pipeline dropped its ink off that "sheet". */
export function sheetsFoundNote(results: readonly PageResult[], methods: readonly string[]): string {
  const notes = methods.flatMap((method) => {
    const pages = results.filter((r) => r.scores[method].sheetFound).map((r) => `${r.set}/${r.page}`);
    return pages.length ? [`${method} found a sheet on ${pages.length} of ${results.length} flat scans, dropping the ink off it: ${pages.join(', ')}.`] : [];
  });
  return notes.length ? ` ${notes.join(' ')}` : ` No method found a sheet on these flat scans.`;
}

export async function runRealEval(options: RealEvalOptions): Promise<RealEvalReport> {
  const log = options.log ?? console.log;
  checkReadmeSplit(options);
  const index = openRealData(options.dataDir);
  // Paper removal is scored on the paper sets only (the ink sets have their own tasks: realInkReport.ts).
  const sets = pagesOfSplit(index, options.split).filter(({ set }) => set.kind === 'paper');
  if (sets.length === 0) throw new Error(`eval --real: ${options.dataDir}/index.json holds no ${options.split} pages of a paper set`);

  const { usable, unavailable } = await loadUsableEngines(options, log);
  const inkMethods = [...usable.map((s) => pipelineMethod(s.label, s.engine)), ...BASELINES];
  const methods = inkMethods.map((m) => m.label);

  const results = await scoreRealPages(options.dataDir, sets, inkMethods, log);
  const rows = summariseSets(results, sets.map((s) => s.set), methods);
  const table = realEvalTable(rows, methods);
  const caption = captionFor(options.split, sets, results.length, unavailable) + sheetsFoundNote(results, methods);
  log(`\n${table}\n\n${caption}`);

  const summary = Object.fromEntries(rows.map((r) => [r.label, { pages: r.pages, ...r.byMethod }]));
  writeEvalOutputs(options, index, { figures: { methods, summary, pages: results }, unit: 'page', section: 'real-eval', defaultCommand: 'npm run eval -- --real', body: `${table}\n\n${caption}`, what: 'table' }, log);
  return { methods, rows, results, table, caption };
}
