import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = path.resolve('src/core');
const STAGE_FOLDERS = ['shared', 'page', 'paper', 'classes', 'compose'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Relative imports and re-exports of a file (type-only ones too: a cycle of types is a cycle to read), resolved to files. */
function importsOf(file: string, files: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const base = path.resolve(path.dirname(file), match[1]);
    const target = [`${base}.ts`, path.join(base, 'index.ts'), base].find((candidate) => files.has(candidate));
    if (target) found.push(target);
  }
  return found;
}

/** One import cycle among the files, as a path that comes back to its start, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    trail.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    if (state.has(file)) continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('src/core layout', () => {
  const files = sourceFiles(CORE);
  const graph = new Map(files.map((file) => [file, importsOf(file, new Set(files))]));

  it('reads the imports it checks (the pipeline imports every stage)', () => {
    const pipeline = graph.get(path.join(CORE, 'pipeline.ts')) ?? [];
    for (const stage of STAGE_FOLDERS) expect(pipeline.some((file) => file.startsWith(path.join(CORE, stage) + path.sep))).toBe(true);
  });

  it('has no import cycles', () => {
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => path.relative(CORE, file)) ?? null).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual(['a', 'b', 'c', 'a']);
  });

  it('opens every stage folder with a paragraph on what goes in and comes out', () => {
    for (const stage of STAGE_FOLDERS) expect(readFileSync(path.join(CORE, stage, 'README.md'), 'utf8').length).toBeGreaterThan(200);
  });
});
