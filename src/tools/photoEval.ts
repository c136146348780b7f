/**
 * npm run eval -- --photos [--split test|val] [--count N] [--start I] [--engine classical|model|both] [--megapixels X] [--threads N] [--desk-images DIR] [--json FILE]
 *
 * Scores src/core's pipeline on phone photos of sheets on desks (src/synth/desk: generateDeskPhoto)
 * made from the held-out split's seeds (test by default; val to tune on), beside the same seed's flat
 * page (generateDocument, as `npm run eval` scores it), so "flat scans unchanged" and what the desk
 * costs can be read side by side. Per page and engine:
 *   all ink / signature / stamp IoU   as npm run eval (alpha ≥ 128 vs truth ≥ 128, soft truth border
 *                                     ignored; pages without that ink skipped), on the flat page and the photo
 *   ink kept outside the sheet        kept pixels (alpha ≥ 128) off the true sheet ÷ all kept, in %, of the
 *                                     all-ink result (pages keeping nothing skipped)
 *   kept ink under objects            per task, kept pixels where a thing lying in the photo (a phone, a
 *                                     marker, a sticky note, on the sheet or off it) covers at least half
 *                                     the pixel ÷ all kept, in % (pages keeping nothing skipped)
 *   things' shadows kept as ink       per task, kept pixels where a thing's cast shadow darkens the paper
 *                                     by 5 % or more, with no ink in the truth and the thing not on the
 *                                     pixel ÷ all kept, in % (issue: shadows must not become ink)
 *   sheet IoU                         result.sheet's corner polygon against the true sheet, both within
 *                                     the frame; no sheet found counts as the whole frame
 *   signature / stamp IoU if the      the all-ink result kept only near the task's true ink and off other
 *   classes were right                true ink (photoMetrics.classesRightResult), scored like the task: the
 *                                     most the class decision can reach on this ink, on the flat page and
 *                                     the photo; what the task's IoU lacks of it is the classes' loss
 * Means over pages; a second table splits the photo figures by desk kind. `--desk-images DIR` puts the
 * sheets on real desk photos from DIR instead of the procedural desks (REAL-DATA.md lists 60+ such photos).
 * `--json FILE` also writes every page's figures per engine (seed, desk, flat and photo IoUs, ink outside,
 * sheet IoU), so two models can be compared page by page without running them again.
 */
import { writeFileSync } from 'node:fs';
import { cleanImage, type RgbaImage, type SheetOutline } from '../core';
import { generateDeskPhoto, type DeskMeta } from '../synth/desk/scene';
import { generateDocument } from '../synth/generate';
import { isSplit, splitSeed } from '../synth/splits';
import { isEngineChoice, loadEngines, type EngineSlot } from './engines';
import { countAtLeast, mean, median, ratios, scoreMask } from './evalMetrics';
import { TASKS, type TaskName } from './evalTasks';
import { markdownTable } from './markdownTable';
import { TASK_REACH, classesRightResult, inkOutsideSheet, inkUnderObjects, shadowKeptAsInk, sheetIoU } from './photoMetrics';

interface PageScore {
  seed: number;
  desk: DeskMeta['kind'];
  flat: Partial<Record<TaskName, number>>;
  photo: Partial<Record<TaskName, number>>;
  /** Signature and stamp IoU of the all-ink result with every ink pixel given its true class (flat page, photo). */
  classesRight: { flat: Partial<Record<TaskName, number>>; photo: Partial<Record<TaskName, number>> };
  /** % of the all-ink result's kept ink off the sheet; undefined when nothing was kept. */
  outside?: number;
  /** Per task, % of the photo result's kept ink under things lying in the photo; absent when nothing was kept. */
  underObjects: Partial<Record<TaskName, number>>;
  /** Per task, % of the photo result's kept ink that is a thing's cast shadow on paper; absent when nothing was kept. */
  inShadows: Partial<Record<TaskName, number>>;
  sheetIoU: number;
  sheetFound: boolean;
  flatMs: number;
  photoMs: number;
}

const copy = (image: RgbaImage): RgbaImage => ({ width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) });
const f3 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(3));
const f1 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));

function option(argv: readonly string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
}

type UsableSlot = EngineSlot & { engine: NonNullable<EngineSlot['engine']> };

export async function photoEvalCli(argv: readonly string[]): Promise<number> {
  const count = Number(option(argv, 'count', '50'));
  const start = Number(option(argv, 'start', '0'));
  const megapixels = Number(option(argv, 'megapixels', '2'));
  const split = option(argv, 'split', 'test');
  const choice = option(argv, 'engine', 'classical');
  const threads = Number(option(argv, 'threads', '1'));
  const deskImages = option(argv, 'desk-images', '') || undefined;
  const jsonPath = option(argv, 'json', '') || undefined;
  if (!isSplit(split) || split === 'train') throw new Error('--split must be test or val');
  if (!isEngineChoice(choice)) throw new Error('--engine must be classical, model or both');
  if (!(count > 0) || !Number.isInteger(count)) throw new Error('--count must be a positive integer');
  const slots = await loadEngines(choice, threads);
  for (const s of slots) if (!s.engine) console.log(`eval: ${s.label} engine unavailable: ${s.reason}`);
  const usable = slots.filter((s): s is UsableSlot => s.engine !== null);
  if (usable.length === 0) throw new Error('eval: no engine to evaluate');

  const scores = new Map<string, PageScore[]>(usable.map((s) => [s.label, []]));
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const seed = splitSeed(split, start + i);
    const flat = await generateDocument(seed, { megapixels });
    const photo = await generateDeskPhoto(seed, { megapixels, deskImages });
    for (const slot of usable) scores.get(slot.label)!.push(await scorePage(slot, seed, flat, photo));
    if ((i + 1) % 5 === 0 || i + 1 === count) console.log(`eval: ${i + 1}/${count} photos (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }

  const summaryRows: string[][] = [];
  const deskRows: string[][] = [];
  for (const [engine, pages] of scores) {
    for (const { name } of TASKS) {
      const flatValues = pages.flatMap((p) => (p.flat[name] === undefined ? [] : [p.flat[name]!]));
      const photoValues = pages.flatMap((p) => (p.photo[name] === undefined ? [] : [p.photo[name]!]));
      summaryRows.push([engine, `${name} IoU`, String(flatValues.length), f3(mean(flatValues)), String(photoValues.length), f3(mean(photoValues))]);
    }
    for (const { name } of TASKS.filter((t) => t.truth !== 'all')) {
      const flatValues = pages.flatMap((p) => (p.classesRight.flat[name] === undefined ? [] : [p.classesRight.flat[name]!]));
      const photoValues = pages.flatMap((p) => (p.classesRight.photo[name] === undefined ? [] : [p.classesRight.photo[name]!]));
      summaryRows.push([engine, `${name} IoU if the classes were right`, String(flatValues.length), f3(mean(flatValues)), String(photoValues.length), f3(mean(photoValues))]);
    }
    const outside = pages.flatMap((p) => (p.outside === undefined ? [] : [p.outside]));
    summaryRows.push([engine, 'ink kept outside the sheet %', '–', '–', String(outside.length), f1(mean(outside))]);
    for (const { name } of TASKS) {
      const under = pages.flatMap((p) => (p.underObjects[name] === undefined ? [] : [p.underObjects[name]!]));
      summaryRows.push([engine, `${name}: kept ink under objects %`, '–', '–', String(under.length), f1(mean(under))]);
    }
    for (const { name } of TASKS) {
      const shadows = pages.flatMap((p) => (p.inShadows[name] === undefined ? [] : [p.inShadows[name]!]));
      summaryRows.push([engine, `${name}: things' shadows kept as ink %`, '–', '–', String(shadows.length), f1(mean(shadows))]);
    }
    summaryRows.push([engine, 'sheet IoU', '–', '–', String(pages.length), f3(mean(pages.map((p) => p.sheetIoU)))]);
    summaryRows.push([engine, 'sheets found', '–', '–', String(pages.length), String(pages.filter((p) => p.sheetFound).length)]);
    summaryRows.push([engine, 'median ms (all ink)', String(pages.length), String(Math.round(median(pages.map((p) => p.flatMs)))), String(pages.length), String(Math.round(median(pages.map((p) => p.photoMs))))]);
    const kinds = [...new Set(pages.map((p) => p.desk))].sort();
    for (const desk of kinds) {
      const on = pages.filter((p) => p.desk === desk);
      const out = on.flatMap((p) => (p.outside === undefined ? [] : [p.outside]));
      deskRows.push([engine, desk, String(on.length), f3(mean(on.map((p) => p.flat['all ink']!))), f3(mean(on.map((p) => p.photo['all ink']!))), f1(mean(out)), f3(mean(on.map((p) => p.sheetIoU)))]);
    }
  }
  const summary = markdownTable(['engine', 'measure', 'flat pages', 'flat scan', 'photo pages', 'desk photo'], summaryRows);
  const byDesk = markdownTable(['engine', 'desk', 'photos', 'flat all-ink IoU', 'photo all-ink IoU', 'ink outside %', 'sheet IoU'], deskRows);
  const caption =
    `${split === 'test' ? 'Held-out synthetic TEST' : 'Synthetic VALIDATION'} split, seeds ${splitSeed(split, start)}–${splitSeed(split, start + count - 1)}: ` +
    `${count} phone photos of sheets on ${deskImages ? `real desk photos (${deskImages})` : 'procedural desks'} (src/synth/desk, ~${megapixels} MP) beside the same seeds' flat pages (~${megapixels} MP). ` +
    `IoU of alpha ≥ 128 vs truth ≥ 128, soft truth border ignored, pages without that ink skipped; ink outside the sheet = kept ink off the true sheet ÷ all kept ink ` +
    `of the all-ink result; kept ink under objects = kept ink where an object covers ≥ half the pixel ÷ all kept ink, per task; things' shadows kept as ink = kept pixels where a thing's cast shadow darkens the paper by ≥ 5 % and neither ink nor the thing is ÷ all kept ink, per task; sheet IoU = result.sheet's polygon vs the true sheet within the frame (no sheet found = the whole frame); IoU if the classes were right = the all-ink result kept only within ${TASK_REACH} px of the task's true ink and off other true ink, scored like the task (the most the class decision can reach on this ink); means over pages.`;
  console.log(`\n${summary}\n\nBy desk (photos):\n\n${byDesk}\n\n${caption}`);
  if (jsonPath) {
    writeFileSync(jsonPath, `${JSON.stringify({ split, start, count, megapixels, deskImages: deskImages ?? null, pages: Object.fromEntries(scores) }, null, 2)}\n`);
    console.log(`eval: per-page figures written to ${jsonPath}`);
  }
  return 0;
}

async function scorePage(slot: UsableSlot, seed: number, flat: Awaited<ReturnType<typeof generateDocument>>, photo: Awaited<ReturnType<typeof generateDeskPhoto>>): Promise<PageScore> {
  const page: PageScore = { seed, desk: photo.meta.desk.kind, flat: {}, photo: {}, classesRight: { flat: {}, photo: {} }, underObjects: {}, inShadows: {}, sheetIoU: NaN, sheetFound: false, flatMs: NaN, photoMs: NaN };
  const allInk = new Map<typeof flat | typeof photo, Uint8ClampedArray>();
  for (const task of TASKS) {
    for (const [doc, into] of [[flat, page.flat], [photo, page.photo]] as const) {
      const truth = doc.truth[task.truth];
      if (task.truth !== 'all' && countAtLeast(truth, 128) === 0) continue;
      const t0 = performance.now();
      const result = await cleanImage(copy(doc.image), task.options, slot.engine);
      const elapsed = performance.now() - t0;
      if (result.image.width !== doc.image.width || result.image.height !== doc.image.height) throw new Error(`eval: seed ${seed}: the result's size differs from the input's (crop or flatten?)`);
      into[task.name] = ratios(scoreMask(result.image.data, truth)).iou;
      const allInkResult = allInk.get(doc);
      if (task.truth === 'all') allInk.set(doc, new Uint8ClampedArray(result.image.data));
      else if (allInkResult) {
        const ceiling = classesRightResult(allInkResult, truth, doc.truth.all, doc.image.width, doc.image.height);
        page.classesRight[doc === flat ? 'flat' : 'photo'][task.name] = ratios(scoreMask(ceiling, truth)).iou;
      }
      if (doc === photo) {
        const { under, kept } = inkUnderObjects(result.image.data, photo.objectCover);
        if (kept > 0) page.underObjects[task.name] = (100 * under) / kept;
        const { inShadow } = shadowKeptAsInk(result.image.data, photo.objectShadow, photo.objectCover, photo.truth.all);
        if (kept > 0) page.inShadows[task.name] = (100 * inShadow) / kept;
      }
      if (task.truth !== 'all') continue;
      if (doc === flat) {
        page.flatMs = elapsed;
        continue;
      }
      page.photoMs = elapsed;
      const sheet: SheetOutline | null = result.sheet;
      const { outside, kept } = inkOutsideSheet(result.image.data, photo.sheetMask);
      if (kept > 0) page.outside = (100 * outside) / kept;
      page.sheetIoU = sheetIoU(sheet, photo.sheetMask, photo.meta.width, photo.meta.height);
      page.sheetFound = sheet !== null;
    }
  }
  return page;
}
