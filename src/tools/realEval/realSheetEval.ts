/**
 * The real sheet evaluation (`npm run eval -- --real --task sheet [--split val|report]`): cleanImage
 * (basic mode, no crop, no flatten) on the real phone photos of a sheet (sets of kind sheetPhotos),
 * per engine and photo:
 *   sheet IoU     the polygon of `result.sheet`'s corners against the true corners, both clipped to
 *                 the frame (polygonClip.ts); no sheet found (null) = the whole frame is the answer
 *   ink outside   kept pixels (output alpha ≥ 128) whose centre lies outside the true sheet, as a share
 *                 of all kept pixels (none kept: no figure)
 *   standard kept on a set of printed pages only (realInkEval.ts isPrintedPagesSet): what
 *                 mode=standard keeps (alpha ≥ 128), which drops printed text, as a share of the
 *                 true sheet's pixels; a second run per photo
 *   ms            cleanImage's milliseconds (basic mode)
 * The photo issue's acceptance: sheet IoU ≥ 0.95 and ink outside ≤ 1 % on the report photos.
 */
import { cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import type { DatasetIndex, IndexedSet, PageSplit } from '../realData/datasetIndex';
import { mean, median } from '../evalMetrics';
import { markdownTable } from '../markdownTable';
import { loadPageImage } from './inkPages';
import { isPrintedPagesSet } from './realInkEval';
import { polygonMask } from '../../core/shared/polygon';
import { framePolygon, polygonIoU, type Vertex } from './polygonClip';
import { openRealData, pagesOfSplit } from './realPages';
import { checkReadmeSplit, loadUsableEngines, writeEvalOutputs, type RealEvalRunOptions } from './realEvalRun';

export const SHEET_OPTIONS: CleanOptions = { mode: 'basic', extract: '', aggressive: false, crop: false, flatten: false };
/** The default mode, which keeps handwriting and stamps and drops print: on a photo of a printed page it should keep next to nothing. */
export const STANDARD_OPTIONS: CleanOptions = { ...SHEET_OPTIONS, mode: 'standard' };

/** The acceptance of the photo issue, shown beside the figures. */
export const SHEET_IOU_TARGET = 0.95;
export const INK_OUTSIDE_TARGET = 0.01;

export interface SheetPageScore {
  /** IoU of the found sheet (or the whole frame when none was found) with the true sheet. */
  iou: number;
  /** Whether the pipeline returned a sheet. */
  found: boolean;
  /** Share of the kept pixels outside the true sheet; NaN when nothing was kept. */
  inkOutside: number;
  /** Kept pixels (alpha ≥ 128). */
  kept: number;
  /** On a printed page: what mode=standard kept, as a share of the true sheet's pixels; NaN on other sets. */
  standardKept: number;
  ms: number;
}

export interface SheetPageResult {
  set: string;
  page: string;
  width: number;
  height: number;
  byEngine: Record<string, SheetPageScore>;
}

export interface EngineUnderTest {
  label: string;
  engine: Engine;
}

/** Scores one photo's pipeline output against the true sheet (already as a pixel mask, 1 = on the sheet). */
export function scoreSheetOutput(output: RgbaImage, sheet: readonly Vertex[] | null, truth: readonly Vertex[], onTruth: Uint8Array): Omit<SheetPageScore, 'ms' | 'standardKept'> {
  const { width, height, data } = output;
  if (onTruth.length !== width * height) throw new Error(`output ${width}×${height} does not match the photo`);
  let kept = 0;
  let outside = 0;
  for (let p = 0; p < onTruth.length; p++) {
    if (data[p * 4 + 3] >= 128) {
      kept++;
      if (!onTruth[p]) outside++;
    }
  }
  const answer = sheet ?? framePolygon(width, height);
  return { iou: polygonIoU(answer, truth, width, height), found: sheet !== null, inkOutside: kept > 0 ? outside / kept : NaN, kept };
}

/** Kept pixels (alpha ≥ 128) of an output as a share of the true sheet's pixels. */
export function keptShareOfSheet(output: RgbaImage, onTruth: Uint8Array): number {
  let kept = 0;
  let sheet = 0;
  for (let p = 0; p < onTruth.length; p++) {
    if (output.data[p * 4 + 3] >= 128) kept++;
    if (onTruth[p]) sheet++;
  }
  return sheet > 0 ? kept / sheet : NaN;
}

export async function scoreSheetPhotos(dir: string, index: DatasetIndex, split: PageSplit, engines: readonly EngineUnderTest[], log: (line: string) => void): Promise<SheetPageResult[]> {
  const work = pagesOfSplit(index, split)
    .filter(({ set }) => set.kind === 'sheetPhotos')
    .flatMap(({ set, pages }) => pages.map((page) => ({ set, page })));
  const results: SheetPageResult[] = [];
  const started = performance.now();
  for (const { set, page } of work) {
    if (!page.sheetCorners) throw new Error(`${set.name}/${page.id}: a sheet photo without its corners in the index`);
    const image = await loadPageImage(dir, page);
    const truth = page.sheetCorners.map(([x, y]) => ({ x, y }));
    const onTruth = polygonMask(truth, image.width, image.height, 1);
    const byEngine: Record<string, SheetPageScore> = {};
    const copy = (): RgbaImage => ({ width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) });
    for (const { label, engine } of engines) {
      const t0 = performance.now();
      const result = await cleanImage(copy(), SHEET_OPTIONS, engine);
      const ms = performance.now() - t0;
      const standardKept = isPrintedPagesSet(set.name) ? keptShareOfSheet((await cleanImage(copy(), STANDARD_OPTIONS, engine)).image, onTruth) : NaN;
      byEngine[label] = { ...scoreSheetOutput(result.image, result.sheet?.corners ?? null, truth, onTruth), standardKept, ms };
    }
    results.push({ set: set.name, page: page.id, width: image.width, height: image.height, byEngine });
    if (results.length % 5 === 0 || results.length === work.length) log(`eval --real: ${results.length}/${work.length} sheet photos (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return results;
}

const f3 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(3));
const pct = (v: number) => (Number.isNaN(v) ? '–' : (100 * v).toFixed(2));
const wholeMs = (v: number) => (Number.isNaN(v) ? '–' : String(Math.round(v)));

/** A row per set and an overall row (over all photos shown); per engine the means, the share meeting the IoU target, and the median ms. */
export function sheetTable(results: readonly SheetPageResult[], sets: readonly { name: string; title: string }[], engines: readonly string[]): string {
  const rows = [...sets.map((set) => ({ label: set.title, photos: results.filter((r) => r.set === set.name) })), { label: '**overall**', photos: [...results] }];
  return markdownTable(
    ['set', 'photos', ...engines.flatMap((e) => [`${e} sheet IoU`, `IoU ≥ ${SHEET_IOU_TARGET}`, 'sheet found', 'ink outside %', 'standard kept %', 'ms'])],
    rows.map(({ label, photos }) => [
      label,
      String(photos.length),
      ...engines.flatMap((e) => {
        const scores = photos.map((r) => r.byEngine[e]).filter((s): s is SheetPageScore => s !== undefined);
        const outside = scores.map((s) => s.inkOutside).filter((v) => !Number.isNaN(v));
        return [
          f3(mean(scores.map((s) => s.iou).filter((v) => !Number.isNaN(v)))),
          `${scores.filter((s) => s.iou >= SHEET_IOU_TARGET).length}/${scores.length}`,
          `${scores.filter((s) => s.found).length}/${scores.length}`,
          pct(mean(outside)),
          pct(mean(scores.map((s) => s.standardKept).filter((v) => !Number.isNaN(v)))),
          wholeMs(median(scores.map((s) => s.ms))),
        ];
      }),
    ]),
  );
}

/** The readme section is `real-eval-sheet`. */
export type RealSheetEvalOptions = RealEvalRunOptions;

export interface RealSheetEvalReport {
  engines: string[];
  results: SheetPageResult[];
  table: string;
  caption: string;
}

const SPLIT_WORDS: Record<PageSplit, string> = {
  report: 'Report-only photos (never trained, tuned or chosen on)',
  val: 'Held-out validation photos (tune and choose on these, never fit)',
  train: 'Training photos (not a quality figure)',
};

function captionFor(split: PageSplit, sets: readonly IndexedSet[], results: readonly SheetPageResult[], unavailable: readonly string[]): string {
  const counts = sets.map((set) => `${set.title} (${results.filter((r) => r.set === set.name).length} photos)`).join(', ');
  return (
    `${SPLIT_WORDS[split]}: ${counts}. cleanImage basic mode, no crop, no flatten, pixels as stored. ` +
    'Sheet IoU = IoU of the quadrilateral of result.sheet with the true corners, both clipped to the frame; no sheet found = the whole frame. ' +
    `IoU ≥ ${SHEET_IOU_TARGET} = photos meeting the issue's target. Ink outside = kept pixels (output alpha ≥ 128) outside the true sheet as % of all kept pixels ` +
    `(target ≤ ${100 * INK_OUTSIDE_TARGET} %). Standard kept = on photos of printed pages only, what mode=standard (which drops printed text) keeps, as % of the true sheet's area. ` +
    'Means over photos; ms = median cleanImage milliseconds per photo (basic mode).' +
    (unavailable.length ? ` ${unavailable.join('; ')}.` : '')
  );
}

export async function runRealSheetEval(options: RealSheetEvalOptions): Promise<RealSheetEvalReport> {
  const log = options.log ?? console.log;
  checkReadmeSplit(options);
  const index = openRealData(options.dataDir);
  const sets = pagesOfSplit(index, options.split).filter(({ set }) => set.kind === 'sheetPhotos').map(({ set }) => set);
  if (sets.length === 0) throw new Error(`eval --real: ${options.dataDir}/index.json holds no ${options.split} sheet photos: build them with npm run data:real -- --from DIR --sets scannertest`);

  const { usable, unavailable } = await loadUsableEngines(options, log);
  const engines = usable.map((s) => s.label);

  const results = await scoreSheetPhotos(options.dataDir, index, options.split, usable, log);
  const table = sheetTable(results, sets, engines);
  const caption = captionFor(options.split, sets, results, unavailable);
  log(`\n**sheet**\n\n${table}\n\n${caption}`);
  writeEvalOutputs(options, index, { figures: { engines, photos: results }, unit: 'photo', section: 'real-eval-sheet', defaultCommand: 'npm run eval -- --real --task sheet', body: `${table}\n\n${caption}`, what: 'sheet table' }, log);
  return { engines, results, table, caption };
}
