/**
 * A tiny real-dataset build folder made by code, for the real evaluation's tests: the contract's
 * index.json and, per page, an RGB PNG of soft-edged dark strokes on grainy, slightly shaded paper
 * beside its truth PNG (255 = ink). No real data is needed, so CI runs it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DatasetIndex, IndexedPage, IndexedSet, PageSplit } from '../realData/datasetIndex';

export interface FixturePage {
  set: { name: string; title: string };
  id: string;
  split: PageSplit;
  seed: number;
}

const WIDTH = 480;
const HEIGHT = 360;

/** Rows of letter-like strokes (bars and crossbars, 3 px wide) placed by a seeded sequence. */
function strokeTruth(seed: number): Uint8Array {
  let state = seed >>> 0;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const truth = new Uint8Array(WIDTH * HEIGHT);
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) truth[y * WIDTH + x] = 255;
  };
  for (let top = 40; top + 30 < HEIGHT - 30; top += 50) {
    for (let x = 40; x + 14 < WIDTH - 40; x += 14 + Math.floor(random() * 10)) {
      const tall = 16 + Math.floor(random() * 12);
      fill(x, top + 28 - tall, 3, tall);
      if (random() < 0.6) fill(x, top + 14, 10, 3);
      if (random() < 0.4) fill(x + 8, top + 14, 3, 14);
    }
  }
  return truth;
}

/**
 * Warm off-white paper darkening a little to the right, with grain; ink a dark blue-black mixed
 * into it by the stroke's coverage over a 3×3 neighbourhood, so stroke edges are soft as in a scan
 * and the methods disagree on some of them.
 */
function pageRgb(truth: Uint8Array, seed: number): Uint8Array {
  let state = (seed * 7919) >>> 0;
  const random = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  const ink = [45, 40, 60];
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      let covered = 0;
      let cells = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (y + dy < 0 || y + dy >= HEIGHT || x + dx < 0 || x + dx >= WIDTH) continue;
          cells++;
          if (truth[(y + dy) * WIDTH + x + dx]) covered++;
        }
      }
      const coverage = covered / cells;
      const shade = 1 - (0.15 * x) / WIDTH;
      const grain = 16 * (random() - 0.5);
      const paper = [222 * shade, 214 * shade, 196 * shade];
      const p = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) rgb[p + c] = Math.max(0, Math.min(255, Math.round(coverage * ink[c] + (1 - coverage) * paper[c] + grain)));
    }
  }
  return rgb;
}

/** Writes index.json and the pages' PNGs under `dir`; returns the index written. */
export async function writeFixtureBuildFolder(dir: string, pages: readonly FixturePage[]): Promise<DatasetIndex> {
  const sets = new Map<string, IndexedSet>();
  for (const page of pages) {
    const folder = join('paper', page.set.name);
    mkdirSync(join(dir, folder), { recursive: true });
    const truth = strokeTruth(page.seed);
    const truthPath = join(folder, `${page.id}.truth.png`);
    const indexed: IndexedPage = { id: page.id, split: page.split, image: join(folder, `${page.id}.png`), truth: truthPath, width: WIDTH, height: HEIGHT };
    await sharp(pageRgb(truth, page.seed), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png().toFile(join(dir, indexed.image));
    await sharp(truth, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }).png().toFile(join(dir, truthPath));
    if (!sets.has(page.set.name)) sets.set(page.set.name, { ...page.set, kind: 'paper', source: 'fixture@0', licence: 'test fixture', pages: [] });
    sets.get(page.set.name)!.pages.push(indexed);
  }
  const index: DatasetIndex = { version: 1, builtAt: new Date(0).toISOString(), sets: [...sets.values()], missing: [] };
  writeFileSync(join(dir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}
