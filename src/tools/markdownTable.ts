/** A plain Markdown table (also readable in a terminal), and replacing a marked section of a file. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, c) => (cell ?? '').padEnd(widths[c])).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** Writes `content` between `<!-- NAME:start -->` and `<!-- NAME:end -->`, appending the markers when missing. */
export function writeMarkedSection(file: string, name: string, content: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const block = `${start}\n${content.trim()}\n${end}`;
  const next = i >= 0 && j > i ? `${text.slice(0, i)}${block}${text.slice(j + end.length)}` : `${text.replace(/\n*$/, '\n\n')}${block}\n`;
  writeFileSync(file, next);
}
