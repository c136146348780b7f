/**
 * Typed text marked by hand inside the signature boxes of a real set (models/data/real/typed-text.json):
 * Tobacco800's boxes are loose and often hold the typed closing, name and title, or the printed signing
 * line, which the reference ink of recall-in-box (Otsu inside the box) counts as signature ink. These
 * rectangles let the evaluation also say how much of the signature's own ink is kept.
 */
import { pageBoxesOf, readPageBoxes, type PageBoxes } from './pageBoxes';

export const DEFAULT_TYPED_TEXT = 'models/data/real/typed-text.json';

/** Per set, per page id: the rectangles; a page listed with none was looked at and holds nothing typed in its boxes. */
export type TypedText = PageBoxes;

/** The annotations of a file, checked; no file → none (the figure is then left out). */
export function readTypedText(file: string = DEFAULT_TYPED_TEXT): TypedText {
  return readPageBoxes(file);
}

/** The page's typed-text rectangles, or undefined when the page was not looked at. */
export const typedTextOf = pageBoxesOf;
