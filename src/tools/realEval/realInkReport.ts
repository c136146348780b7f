/**
 * `npm run eval -- --real --task stamp|signature|all`: the real ink evaluation (realInkEval.ts) on one
 * split of the build folder, for the chosen engines, printed as a table per task and optionally written
 * into models/README.md's `real-eval-ink` section (report split only) and to a JSON file per page.
 */
import { INK_TRUTH_KINDS, type PageSplit } from '../realData/datasetIndex';
import { inkTables, isPrintedPagesSet, medianMs, scoreInkPages, type InkPageResult, type InkTask } from './realInkEval';
import { checkReadmeSplit, loadUsableEngines, writeEvalOutputs, type RealEvalRunOptions } from './realEvalRun';
import { openRealData, pagesOfSplit } from './realPages';
import { readTypedText } from './typedText';
import { readWritingBoxes } from './writingBoxes';

/** The readme section is `real-eval-ink`. */
export interface RealInkEvalOptions extends RealEvalRunOptions {
  tasks: readonly InkTask[];
  /** Typed text marked inside the signature boxes (default models/data/real/typed-text.json; a missing file leaves the own-ink figure out). */
  typedTextFile?: string;
  /** The writing's box marked on photographed pages that are their own box (default models/data/real/writing-boxes.json). */
  writingBoxesFile?: string;
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
    'Signature (extract=signature): recall-in-box = share of the reference ink (grey over the paper\'s level around it, ≤ the Otsu threshold of those inside each box) that is kept; ' +
    'Own-ink recall = the same with the reference ink inside typed text marked by hand in the boxes left out (models/data/real/typed-text.json: typed closings, names and titles, printed signing lines; a stroke crossing them is left out with them), where a page\'s boxes were looked at; typed share = that text\'s share of the reference ink. ' +
    'leak = share of the kept ink outside every box, only where the boxes are complete (StaVerGt: boxes grouped from its signature label); Tobacco800\'s boxes may miss signatures, so no leak there; ' +
    'FP area = kept pixels as % of the page on pages without a signature (StaVerGt pages without the signature label, Tobacco800 no_signature). ' +
    'Pages of names (Cross-media): the page is its own box (so no leak figure), but on a photo of the sheet on a desk the box around the writing marked by hand (models/data/real/writing-boxes.json), which then also gives a leak figure. Paper sets (DIBCO family, Bickley, PHIBD, Nabuco): on a handwritten page (its id: H…, HW…) recall = share of the pixel truth\'s ink kept; on a printed one (P…, PR…) FP area. ' +
    'Photos of printed pages (document_scanner scanner_test): FP area for both tasks, as % of the whole photo. ' +
    `Means over the pages each column counts; overall = over all pages. Median ms per page: ${speed || '–'}.` +
    (unavailable.length ? ` ${unavailable.join('; ')}.` : '')
  );
}

export async function runRealInkEval(options: RealInkEvalOptions): Promise<RealInkEvalReport> {
  const log = options.log ?? console.log;
  checkReadmeSplit(options);
  const index = openRealData(options.dataDir);
  const sets = pagesOfSplit(index, options.split).filter(({ set }) => INK_TRUTH_KINDS.includes(set.kind));
  if (sets.length === 0) throw new Error(`eval --real: ${options.dataDir}/index.json holds no ${options.split} pages of an ink set (StaVer, Tobacco800): build them with npm run data:real`);

  const { usable, unavailable } = await loadUsableEngines(options, log);
  const engines = usable.map((s) => s.label);

  const results = await scoreInkPages(options.dataDir, index, options.split, usable, options.tasks, log, readTypedText(options.typedTextFile), readWritingBoxes(options.writingBoxesFile));
  // The paper sets' handwritten and printed pages count for the signature task only: their rows come first there.
  const paperSets = pagesOfSplit(index, options.split).filter(({ set }) => set.kind === 'paper' && results.some((r) => r.set === set.name));
  // Photos of printed pages only count for both tasks, as false positives: their rows come last.
  const printedSets = pagesOfSplit(index, options.split).filter(({ set }) => isPrintedPagesSet(set.name) && results.some((r) => r.set === set.name));
  const tables: Partial<Record<InkTask, string>> = {};
  for (const task of options.tasks) {
    const taskSets = task === 'signature' ? [...paperSets, ...sets, ...printedSets] : [...sets, ...printedSets];
    tables[task] = inkTables(results, taskSets.map((s) => s.set), engines)[task];
  }
  const counts = [...paperSets, ...sets, ...printedSets].map((s) => `${s.set.title} (${results.filter((r) => r.set === s.set.name).length} of ${s.pages.length} pages with a truth for the task)`).join(', ');
  const caption = captionFor(options.split, counts, results, engines, options.tasks, unavailable);
  const text = options.tasks.map((task) => `**${task}**\n\n${tables[task]}`).join('\n\n');
  log(`\n${text}\n\n${caption}`);

  writeEvalOutputs(options, index, { figures: { engines, tasks: options.tasks, pages: results }, unit: 'page', section: 'real-eval-ink', defaultCommand: 'npm run eval -- --real --task all', body: `${text}\n\n${caption}`, what: 'ink tables' }, log);
  return { engines, results, tables, caption };
}
