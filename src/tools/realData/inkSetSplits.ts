/**
 * How the real ink sets' pages are split, by page id alone (never by what a page holds or how a
 * method scores on it), so the split is the same on every machine and for every copy.
 *
 * StaVer (and its StaVerGt label maps, the same pages): stampDS-00360…00399 and 00420…00427 are
 * reserved (reservedSets.ts) and never pinned. Of the rest, stampDS-00300…00359 and 00400…00419 are
 * `report` (figures only); the others are `train`, every 4th of them in id order (index % 4 === 3) `val`.
 *
 * Tobacco800: the reserved documents are never pinned. The rest go by document (a letter's pages stay
 * together), documents in id order alternating: odd index `report`; the even ones alternate again,
 * index % 4 === 0 `train` (their signatures teach the class model, src/tools/realInk/letterPages.ts),
 * index % 4 === 2 `val`. Until 2026-11-29 every even document was `val`; the `report` half never moved.
 *
 * Ink crops (Cross-media Signatures): by writer, so no hand is on both sides; writers in id order
 * (numerically: 1, 2, … 10, not 1, 10, 2), every 4th (index % 4 === 3) `val`, the rest `train`.
 *
 * Name pages (Cross-media Signatures' page scans, page N written by volunteer N of writers 1…100): the
 * same writers on the same side as their crops, so a hand trained on as crops is never scored as a
 * page; the crops' `val` writers (4, 8, … 100) are halved: N ≡ 4 (mod 8) `val`, N ≡ 0 (mod 8) `report`.
 */
import type { PageSplit } from './datasetIndex';
import { staverPageNumber } from './reservedSets';

export const STAVER_REPORT_PAGES: readonly (readonly [number, number])[] = [
  [300, 359],
  [400, 419],
];

export const STAVER_SPLIT_RULE =
  'stampDS-00300…00359 and 00400…00419 report; of the other pages (00360…00399 and 00420…00427 are reserved and never pinned) every 4th in id order (index % 4 === 3) val, the rest train';

export const TOBACCO800_SPLIT_RULE =
  'by document (the first 8 characters of the file name), documents in id order: odd index report, index % 4 === 0 train, index % 4 === 2 val; reserved documents never pinned';

export const WRITER_SPLIT_RULE =
  'by writer (every crop of a writer on one side): writers in numeric id order, every 4th (index % 4 === 3) val, the rest train; no report split (figures come from the page sets)';

export const NAME_PAGE_SPLIT_RULE =
  'by writer, as the Cross-media crops (page N is volunteer N\'s, writers 1…100): the crops\' train writers train; of their val writers (every 4th: 4, 8, … 100) N ≡ 4 (mod 8) val, N ≡ 0 (mod 8) report';

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function isStaverReport(id: string): boolean {
  const page = staverPageNumber(id);
  if (page === null) throw new Error(`${id} is not a StaVer page id (stampDS-NNNNN)`);
  return STAVER_REPORT_PAGES.some(([first, last]) => page >= first && page <= last);
}

/** Each StaVer page's split, for the (non-reserved) page ids given. */
export function staverSplits(ids: readonly string[]): Map<string, PageSplit> {
  const splits = new Map<string, PageSplit>();
  let trainIndex = 0;
  for (const id of [...ids].sort(byId)) {
    if (isStaverReport(id)) splits.set(id, 'report');
    else splits.set(id, trainIndex++ % 4 === 3 ? 'val' : 'train');
  }
  return splits;
}

/** The Tobacco800 document a page belongs to: its file name's first 8 characters, lower case. */
export function tobacco800Document(id: string): string {
  const match = /^([a-z0-9]{8})/i.exec(id);
  if (!match) throw new Error(`${id} does not start with a Tobacco800 document id`);
  return match[1].toLowerCase();
}

/** Each Tobacco800 page's split by its document's place in id order (TOBACCO800_SPLIT_RULE). */
export function tobacco800Splits(ids: readonly string[]): Map<string, PageSplit> {
  const documents = [...new Set(ids.map(tobacco800Document))].sort(byId);
  const half = new Map(documents.map((document, i) => [document, (i % 2 === 1 ? 'report' : i % 4 === 0 ? 'train' : 'val') as PageSplit]));
  return new Map(ids.map((id) => [id, half.get(tobacco800Document(id))!]));
}

/** Writer ids in id order: numerically when both are numbers, else as text. */
export function byWriterId(a: string, b: string): number {
  const numeric = /^\d+$/.test(a) && /^\d+$/.test(b);
  if (numeric && Number(a) !== Number(b)) return Number(a) - Number(b);
  return byId(a, b);
}

/** Each writer's split: every 4th writer in id order `val`, the rest `train`. */
export function writerSplits(writers: readonly string[]): Map<string, PageSplit> {
  const ordered = [...new Set(writers)].sort(byWriterId);
  return new Map(ordered.map((writer, i) => [writer, (i % 4 === 3 ? 'val' : 'train') as PageSplit]));
}

/** Each name page's split by its writer's number (NAME_PAGE_SPLIT_RULE). */
export function namePageSplits(ids: readonly string[]): Map<string, PageSplit> {
  return new Map(
    ids.map((id) => {
      if (!/^\d+$/.test(id) || Number(id) < 1 || Number(id) > 100) throw new Error(`${id} is not a Cross-media writer number (1…100)`);
      const writer = Number(id);
      return [id, writer % 4 !== 0 ? 'train' : writer % 8 === 4 ? 'val' : 'report'];
    }),
  );
}
