/**
 * The real ink evaluation (`npm run eval -- --real --task stamp|signature|all`): what
 * `extract=stamp` and `extract=signature` (cleanImage, advanced mode, aggressive, no crop; kept =
 * output alpha ≥ 128) keep on the real ink sets' pages of one split, scored by inkMetrics.ts:
 *   stamp      IoU / precision / recall against StaVer's stamp-ink mask, pages with a stamp;
 *              kept area on pages whose mask holds no stamp (false positives)
 *   signature  recall of the reference ink in the boxes (StaVerGt label-7 boxes, Tobacco800 boxes, a
 *              page of names as its own box); leak outside the boxes where they are complete
 *              (StaVerGt); where typed text inside the boxes was marked by hand (typedText.ts), also the
 *              recall of the signature's own ink, that text left out; kept area on pages known to have no signature (StaVerGt pages without label
 *              7, Tobacco800 no_signature). And on the paper sets' pages (DIBCO family, Bickley,
 *              PHIBD, Nabuco), whose ids say handwritten or printed: on a handwritten page all of the
 *              truth's ink is writing, so the share of it kept is the recall; on a printed page
 *              whatever is kept is a false positive.
 * Photo sets of printed pages only (photoSets.ts `printedPagesOnly`: phone photos of printed papers)
 * count for both tasks as false-positive pages.
 * A table per task, a row per set: means over the pages that count for each figure.
 */
import { cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import { INK_TRUTH_KINDS, isWholePageBox, type DatasetIndex, type IndexedPage, type PageSplit } from '../realData/datasetIndex';
import { PHOTO_SET_DEFINITIONS } from '../realData/photoSets';
import { mean, median } from '../evalMetrics';
import { markdownTable } from '../markdownTable';
import { greyLevels } from './greyLevels';
import { loadMask, loadPageImage } from './inkPages';
import { boxMask, keptAreaShare, leakOutsideBoxes, recallInBoxes, recallOutside, referenceInkInBoxes, scoreAgainstMask, type MaskScore } from './inkMetrics';
import { pagesOfSplit } from './realPages';
import { typedTextOf, type TypedText } from './typedText';
import { writingBoxesOf, type WritingBoxes } from './writingBoxes';

export type InkTask = 'stamp' | 'signature';
export const INK_TASKS: readonly InkTask[] = ['stamp', 'signature'];

export const EXTRACT_OPTIONS: Record<InkTask, CleanOptions> = {
  stamp: { mode: 'advanced', extract: 'stamp', aggressive: true, crop: false },
  signature: { mode: 'advanced', extract: 'signature', aggressive: true, crop: false },
};

export interface EngineUnderTest {
  label: string;
  engine: Engine;
}

/** One engine's figures on one page; absent fields did not apply to the page. */
export interface InkPageScore {
  stamp?: MaskScore;
  stampFalsePositive?: number;
  signatureRecall?: number;
  /** Recall with the typed text marked inside the boxes left out, and that text's share of the reference ink. */
  signatureOwnRecall?: number;
  typedShare?: number;
  signatureLeak?: number;
  signatureFalsePositive?: number;
  /** Milliseconds of cleanImage per task. */
  ms: Partial<Record<InkTask, number>>;
}

export interface InkPageResult {
  set: string;
  page: string;
  width: number;
  height: number;
  byEngine: Record<string, InkPageScore>;
}

/** What a paper set's page holds by its id (`2009-H04`, `2011-PR4`, `Nabuco_H13`…): handwriting, print, or unknown. */
export function paperPageWriting(id: string): 'handwritten' | 'printed' | null {
  const kind = /(?:^|[-_])(HW|H|PR|P)\d+$/.exec(id)?.[1];
  if (kind === undefined) return null;
  return kind.startsWith('H') ? 'handwritten' : 'printed';
}

/** A set whose every page is printed matter without handwriting or a stamp (photoSets.ts). */
export function isPrintedPagesSet(name: string): boolean {
  return PHOTO_SET_DEFINITIONS.some((definition) => definition.name === name && definition.printedPagesOnly === true);
}

/**
 * Which tasks a page counts for, from what its index entry says (`paper`: the page is a paper set's;
 * `printedOnly`: a set of printed pages only, where every task counts, as false positives).
 */
export function tasksOf(page: IndexedPage, tasks: readonly InkTask[], paper = false, printedOnly = false): InkTask[] {
  if (printedOnly) return [...tasks];
  if (paper) return tasks.filter((task) => task === 'signature' && page.truth !== undefined && paperPageWriting(page.id) !== null);
  return tasks.filter((task) =>
    task === 'stamp' ? page.stampInk !== undefined : (page.signatureBoxes?.length ?? 0) > 0 || page.hasSignature === false,
  );
}

async function keptMap(image: RgbaImage, options: CleanOptions, engine: Engine): Promise<{ kept: Uint8Array; ms: number }> {
  const input: RgbaImage = { width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) };
  const t0 = performance.now();
  const result = await cleanImage(input, options, engine);
  const ms = performance.now() - t0;
  const { width, height, data } = result.image;
  if (width !== image.width || height !== image.height) throw new Error(`output ${width}×${height} for a ${image.width}×${image.height} page`);
  const kept = new Uint8Array(width * height);
  for (let p = 0; p < kept.length; p++) kept[p] = data[p * 4 + 3] >= 128 ? 1 : 0;
  return { kept, ms };
}

export async function scoreInkPages(
  dir: string,
  index: DatasetIndex,
  split: PageSplit,
  engines: readonly EngineUnderTest[],
  tasks: readonly InkTask[],
  log: (line: string) => void,
  typedText: TypedText = {},
  writingBoxes: WritingBoxes = {},
): Promise<InkPageResult[]> {
  const sets = pagesOfSplit(index, split).filter(({ set }) => INK_TRUTH_KINDS.includes(set.kind) || set.kind === 'paper' || isPrintedPagesSet(set.name));
  const work = sets.flatMap(({ set, pages }) =>
    pages.filter((page) => tasksOf(page, tasks, set.kind === 'paper', isPrintedPagesSet(set.name)).length > 0).map((page) => ({ set, page })),
  );
  const results: InkPageResult[] = [];
  const started = performance.now();
  for (const { set, page } of work) {
    const image = await loadPageImage(dir, page);
    const paper = set.kind === 'paper';
    const printedOnly = isPrintedPagesSet(set.name);
    const pageTasks = tasksOf(page, tasks, paper, printedOnly);
    const stampInk = page.stampInk && page.hasStamp !== false ? await loadMask(dir, page, page.stampInk) : null;
    const boxes = writingBoxesOf(writingBoxes, set.name, page.id) ?? page.signatureBoxes ?? [];
    const writing = paper ? paperPageWriting(page.id) : null;
    const reference =
      writing === 'handwritten' ? await loadMask(dir, page, page.truth!) : boxes.length > 0 ? referenceInkInBoxes(greyLevels(image), image.width, image.height, boxes) : null;
    const unsigned = writing === 'printed' || printedOnly || (!paper && page.hasSignature === false);
    // A page that is its own box leaks nothing by construction: no leak figure.
    const typed = reference && boxes.length > 0 ? typedTextOf(typedText, set.name, page.id) : undefined;
    const typedMask = typed ? boxMask(image.width, image.height, typed) : null;
    const inBoxes = boxes.length > 0 && page.signatureBoxesComplete && !isWholePageBox(boxes, image.width, image.height) ? boxMask(image.width, image.height, boxes) : null;
    const byEngine: Record<string, InkPageScore> = {};
    for (const { label, engine } of engines) {
      const score: InkPageScore = { ms: {} };
      for (const task of pageTasks) {
        const { kept, ms } = await keptMap(image, EXTRACT_OPTIONS[task], engine);
        score.ms[task] = ms;
        if (task === 'stamp') {
          if (stampInk) score.stamp = scoreAgainstMask(kept, stampInk);
          else score.stampFalsePositive = keptAreaShare(kept);
        } else if (reference) {
          score.signatureRecall = recallInBoxes(kept, reference);
          if (typedMask) {
            const own = recallOutside(kept, reference, typedMask);
            score.signatureOwnRecall = own.recall;
            score.typedShare = own.excludedShare;
          }
          if (inBoxes) score.signatureLeak = leakOutsideBoxes(kept, inBoxes);
        } else if (unsigned) {
          score.signatureFalsePositive = keptAreaShare(kept);
        }
      }
      byEngine[label] = score;
    }
    results.push({ set: set.name, page: page.id, width: image.width, height: image.height, byEngine });
    if (results.length % 5 === 0 || results.length === work.length) log(`eval --real: ${results.length}/${work.length} ink pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return results;
}

/** Means of one figure over the pages that have it, and how many those are. */
function figure(results: readonly InkPageResult[], engine: string, pick: (score: InkPageScore) => number | undefined): { pages: number; mean: number } {
  const values = results.map((r) => pick(r.byEngine[engine])).filter((v): v is number => v !== undefined && !Number.isNaN(v));
  return { pages: values.length, mean: mean(values) };
}

const f3 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(3));
const pct = (v: number) => (Number.isNaN(v) ? '–' : `${(100 * v).toFixed(2)}`);

export function inkTables(results: readonly InkPageResult[], sets: readonly { name: string; title: string }[], engines: readonly string[]): Record<InkTask, string> {
  const rows = [...sets.map((set) => ({ label: set.title, pages: results.filter((r) => r.set === set.name) })), { label: '**overall**', pages: [...results] }];
  const count = (pages: readonly InkPageResult[], pick: (score: InkPageScore) => number | undefined) => String(figure(pages, engines[0], pick).pages);
  const stamp = markdownTable(
    ['set', 'stamp pages', ...engines.flatMap((e) => [`${e} IoU`, 'P', 'R']), 'no-stamp pages', ...engines.map((e) => `${e} FP area %`)],
    rows.map(({ label, pages }) => [
      label,
      count(pages, (s) => s.stamp?.iou),
      ...engines.flatMap((e) => [f3(figure(pages, e, (s) => s.stamp?.iou).mean), f3(figure(pages, e, (s) => s.stamp?.precision).mean), f3(figure(pages, e, (s) => s.stamp?.recall).mean)]),
      count(pages, (s) => s.stampFalsePositive),
      ...engines.map((e) => pct(figure(pages, e, (s) => s.stampFalsePositive).mean)),
    ]),
  );
  const signature = markdownTable(
    ['set', 'boxed pages', ...engines.map((e) => `${e} recall-in-box`), 'typed text marked: pages', 'its share of the reference', ...engines.map((e) => `${e} own-ink recall`), 'complete-box pages', ...engines.map((e) => `${e} leak`), 'no-signature pages', ...engines.map((e) => `${e} FP area %`)],
    rows.map(({ label, pages }) => [
      label,
      count(pages, (s) => s.signatureRecall),
      ...engines.map((e) => f3(figure(pages, e, (s) => s.signatureRecall).mean)),
      count(pages, (s) => s.signatureOwnRecall),
      f3(figure(pages, engines[0], (s) => s.typedShare).mean),
      ...engines.map((e) => f3(figure(pages, e, (s) => s.signatureOwnRecall).mean)),
      count(pages, (s) => s.signatureLeak),
      ...engines.map((e) => f3(figure(pages, e, (s) => s.signatureLeak).mean)),
      count(pages, (s) => s.signatureFalsePositive),
      ...engines.map((e) => pct(figure(pages, e, (s) => s.signatureFalsePositive).mean)),
    ]),
  );
  return { stamp, signature };
}

/** Median cleanImage milliseconds per engine and task, for the caption. */
export function medianMs(results: readonly InkPageResult[], engine: string, task: InkTask): number {
  return median(results.map((r) => r.byEngine[engine]?.ms[task]).filter((v): v is number => v !== undefined));
}
