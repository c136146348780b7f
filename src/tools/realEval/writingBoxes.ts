/**
 * The writing's box marked by hand on pages whose set makes the page its own box, where the frame holds
 * more than the page (models/data/real/writing-boxes.json): a photo of a sheet of names on a desk. With
 * the whole frame as the box, the reference ink of recall-in-box takes in the desk and the sheet's
 * edges against it, which a correct result drops.
 */
import { pageBoxesOf, readPageBoxes, type PageBoxes } from './pageBoxes';

export const DEFAULT_WRITING_BOXES = 'models/data/real/writing-boxes.json';

export type WritingBoxes = PageBoxes;

export function readWritingBoxes(file: string = DEFAULT_WRITING_BOXES): WritingBoxes {
  return readPageBoxes(file);
}

/** The page's marked writing boxes, or undefined when the index's boxes stand. */
export const writingBoxesOf = pageBoxesOf;
