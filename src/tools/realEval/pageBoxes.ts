/**
 * Rectangles marked by hand per set and page, in page pixels [x0, y0, x1, y1) (end exclusive), read from
 * a file `{ "sets": { set: { page: [[x0, y0, x1, y1], …] } } }` (typed-text.json, writing-boxes.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import type { PixelBox } from '../realData/datasetIndex';

/** Per set, per page id: the rectangles; a page listed with none was looked at and holds none. */
export type PageBoxes = Readonly<Record<string, Readonly<Record<string, readonly PixelBox[]>>>>;

function isBox(value: unknown): value is PixelBox {
  return Array.isArray(value) && value.length === 4 && value.every((v) => Number.isInteger(v) && v >= 0) && value[0] < value[2] && value[1] < value[3];
}

/** The rectangles of a file, checked; no file → none. */
export function readPageBoxes(file: string): PageBoxes {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { sets?: unknown };
  if (typeof parsed.sets !== 'object' || parsed.sets === null) throw new Error(`${file}: no "sets" object`);
  for (const [set, pages] of Object.entries(parsed.sets)) {
    for (const [page, boxes] of Object.entries(pages as Record<string, unknown>)) {
      if (!Array.isArray(boxes) || !boxes.every(isBox)) throw new Error(`${file}: ${set}/${page}: expected a list of [x0, y0, x1, y1] with x0 < x1, y0 < y1`);
    }
  }
  return parsed.sets as PageBoxes;
}

/** The page's rectangles, or undefined when the page is not in the file. */
export function pageBoxesOf(marked: PageBoxes, set: string, page: string): readonly PixelBox[] | undefined {
  return marked[set]?.[page];
}
