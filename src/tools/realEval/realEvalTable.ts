/**
 * The real evaluation's figures as DIBCO reports them: per set the mean over its pages, and an
 * overall row, the mean over all pages of the sets shown (not the mean of the set means).
 */
import { mean, median } from '../evalMetrics';
import { markdownTable } from '../markdownTable';
import type { PageResult } from './scoreRealPages';

export interface MethodSummary {
  fm: number;
  psnr: number;
  /** Median milliseconds per page. */
  ms: number;
}

export interface SummaryRow {
  /** The set's title, or "overall". */
  label: string;
  pages: number;
  byMethod: Record<string, MethodSummary>;
}

function summariseRow(label: string, results: readonly PageResult[], methods: readonly string[]): SummaryRow {
  const byMethod: Record<string, MethodSummary> = {};
  for (const method of methods) {
    const scores = results.map((r) => r.scores[method]);
    byMethod[method] = { fm: mean(scores.map((s) => s.fm)), psnr: mean(scores.map((s) => s.psnr)), ms: median(scores.map((s) => s.ms)) };
  }
  return { label, pages: results.length, byMethod };
}

/** One row per set (in the order given) and the overall row. */
export function summariseSets(results: readonly PageResult[], sets: readonly { name: string; title: string }[], methods: readonly string[]): SummaryRow[] {
  const rows = sets.map((set) => summariseRow(set.title, results.filter((r) => r.set === set.name), methods));
  return [...rows, summariseRow('overall', results, methods)];
}

const fixed2 = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(2));
const wholeMs = (v: number) => (Number.isNaN(v) ? '–' : String(Math.round(v)));

export function realEvalTable(rows: readonly SummaryRow[], methods: readonly string[]): string {
  return markdownTable(
    ['set', 'pages', ...methods.flatMap((m) => [`${m} FM`, 'PSNR', 'ms'])],
    rows.map((row) => [
      row.label === 'overall' ? '**overall**' : row.label,
      String(row.pages),
      ...methods.flatMap((m) => [fixed2(row.byMethod[m].fm), fixed2(row.byMethod[m].psnr), wholeMs(row.byMethod[m].ms)]),
    ]),
  );
}
