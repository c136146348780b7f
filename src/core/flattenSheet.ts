import { estimatePaperField, flattenAgainstPaper } from './paperField';
import { clearOffSheet, findSheet, sheetSpans } from './sheet';
import type { RgbaImage, SheetOutline } from './types';

/**
 * The page as the ink stages see it: the sheet found in a photo (null on a flat scan), the paper
 * field estimated from the sheet alone and divided out, and everything off the sheet made paper.
 * The sheet is the one given (an engine's learned finder), else the classical finder's.
 * One function for the pipeline and for the ink-class model's training pairs (models/prepare.ts),
 * so the model learns on photos exactly as the product presents them.
 */
export function flattenSheet(
  image: RgbaImage,
  lap: (stage: string) => void = () => {},
  sheet: SheetOutline | null = findSheet(image),
): { sheet: SheetOutline | null; flattened: RgbaImage } {
  const spans = sheet ? sheetSpans(sheet, image.width, image.height) : undefined;
  lap('sheet');
  const flattened = flattenAgainstPaper(image, estimatePaperField(image, {}, spans));
  if (spans) clearOffSheet(flattened, spans);
  lap('paper');
  return { sheet, flattened };
}
