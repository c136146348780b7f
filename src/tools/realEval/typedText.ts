/**
 * Typed text marked by hand inside the signature boxes of a real set (models/data/real/typed-text.json):
 * Tobacco800's boxes are loose and often hold the typed closing, name and title, or the printed signing
 * line, which the reference ink of recall-in-box (Otsu inside the box) counts as signature ink. These
 * rectangles let the evaluation also say how much of the signature's own ink is kept.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { PixelBox } from '../realData/datasetIndex';

export const DEFAULT_TYPED_TEXT = 'models/data/real/typed-text.json';

/** Per set, per page id: the rectangles; a page listed with none was looked at and holds nothing typed in its boxes. */
export type TypedText = Readonly<Record<string, Readonly<Record<string, readonly PixelBox[]>>>>;

function isBox(value: unknown): value is PixelBox {
  return Array.isArray(value) && value.length === 4 && value.every((v) => Number.isInteger(v) && v >= 0) && value[0] < value[2] && value[1] < value[3];
}

/** The annotations of a file, checked; no file → none (the figure is then left out). */
export function readTypedText(file: string = DEFAULT_TYPED_TEXT): TypedText {
  return readPageBoxes(file);
}

/** A file of rectangles marked by hand per set and page (`{ "sets": { set: { page: [[x0, y0, x1, y1], …] } } }`), checked; no file → none. */
export function readPageBoxes(file: string): TypedText {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { sets?: unknown };
  if (typeof parsed.sets !== 'object' || parsed.sets === null) throw new Error(`${file}: no "sets" object`);
  for (const [set, pages] of Object.entries(parsed.sets)) {
    for (const [page, boxes] of Object.entries(pages as Record<string, unknown>)) {
      if (!Array.isArray(boxes) || !boxes.every(isBox)) throw new Error(`${file}: ${set}/${page}: expected a list of [x0, y0, x1, y1] with x0 < x1, y0 < y1`);
    }
  }
  return parsed.sets as TypedText;
}

/** The page's typed-text rectangles, or undefined when the page was not looked at. */
export function typedTextOf(typed: TypedText, set: string, page: string): readonly PixelBox[] | undefined {
  return typed[set]?.[page];
}
