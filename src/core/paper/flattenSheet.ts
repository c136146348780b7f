import { estimatePaperField, flattenAgainstPaper } from './paperField';
import { clearCovered, clearDeskAtFrameEdge, clearDeskAtSheetEdge, findSheet, sheetSpans } from '../page/sheet';
import type { RgbaImage, SheetFinding, SheetOutline } from '../shared/types';

/**
 * The page as the ink stages see it: the sheet found in a photo (null on a flat scan), the paper
 * field estimated from the sheet alone and divided out, and everything off the sheet (with the
 * dark sliver of desk its found edge may leave inside, and a strip of desk or a scanner's border
 * along the frame's edge) or under something lying on it made paper.
 * The finding is the one given (an engine's learned finder: sheet and cover), else the classical
 * finder's sheet.
 * One function for the pipeline and for the ink-class model's training pairs (models/prepare.ts),
 * so the model learns on photos exactly as the product presents them.
 */
export function flattenSheet(
  image: RgbaImage,
  lap: (stage: string) => void = () => {},
  { sheet, cover }: SheetFinding = { sheet: findSheet(image), cover: null },
): { sheet: SheetOutline | null; flattened: RgbaImage } {
  const spans = sheet ? sheetSpans(sheet, image.width, image.height) : undefined;
  lap('sheet');
  const flattened = flattenAgainstPaper(image, estimatePaperField(image, {}, spans), spans);
  if (spans) clearDeskAtSheetEdge(flattened, spans);
  clearDeskAtFrameEdge(flattened);
  if (cover) clearCovered(flattened, cover);
  lap('paper');
  return { sheet, flattened };
}
