/** Runs every ink method on every page of the chosen sets and scores it against the page's truth. */
import type { RgbaImage } from '../../core';
import { scoreBinaryPage, type PageBinaryScore } from './binaryMetrics';
import type { InkMethod } from './inkMethods';
import { loadRealPage, type SetPages } from './realPages';

export interface MethodPageScore extends PageBinaryScore {
  /** Milliseconds from the page's pixels to its ink map. */
  ms: number;
  /** The method took the scan for a photo of a sheet and dropped what lies off it. */
  sheetFound: boolean;
}

export interface PageResult {
  set: string;
  page: string;
  width: number;
  height: number;
  /** Share of the page's pixels that the truth calls ink. */
  truthInkShare: number;
  scores: Record<string, MethodPageScore>;
}

const copy = (image: RgbaImage): RgbaImage => ({ width: image.width, height: image.height, data: new Uint8ClampedArray(image.data) });

export async function scoreRealPages(dir: string, sets: readonly SetPages[], methods: readonly InkMethod[], log: (line: string) => void): Promise<PageResult[]> {
  const total = sets.reduce((n, s) => n + s.pages.length, 0);
  const results: PageResult[] = [];
  const started = performance.now();
  for (const { set, pages } of sets) {
    for (const page of pages) {
      const { image, truthInk } = await loadRealPage(dir, page);
      let inkPixels = 0;
      for (let p = 0; p < truthInk.length; p++) inkPixels += truthInk[p];
      const scores: Record<string, MethodPageScore> = {};
      for (const method of methods) {
        const input = copy(image);
        const t0 = performance.now();
        const { ink, sheetFound } = await method.inkMap(input);
        const ms = performance.now() - t0;
        scores[method.label] = { ...scoreBinaryPage(ink, truthInk), ms, sheetFound };
      }
      const truthInkShare = inkPixels / truthInk.length;
      if (truthInkShare > 0.5) log(`eval --real: ${set.name}/${page.id}: the truth calls ${(100 * truthInkShare).toFixed(0)}% of the page ink: is its polarity inverted (255 must be ink)?`);
      results.push({ set: set.name, page: page.id, width: image.width, height: image.height, truthInkShare, scores });
      if (results.length % 5 === 0 || results.length === total) {
        log(`eval --real: ${results.length}/${total} pages (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    }
  }
  return results;
}
