import type { PageTilt } from './pageTilt';
import { sheetTilt } from './pageTilt';
import { solidInkGrid, type SolidInkGrid } from './solidInkGrid';
import { textTilt } from './textSkew';
import type { SheetOutline } from '../../shared/types';

/**
 * The tilt the ink classes are read at: a found sheet's (pageTilt.ts) first, else that of the page's
 * rows of type (textSkew.ts), or none. With the solid ink grid the rows were read on (null when the
 * sheet answered), for the orientation to reuse when the page is read as it is. The pipeline and the
 * class model's training pairs (models/prepare.ts) both ask here, so the model is taught the page as
 * it reads it.
 */
export function readingTilt(sheet: SheetOutline | null, inkAlpha: Uint8Array, width: number, height: number): { tilt: PageTilt | null; grid: SolidInkGrid | null } {
  const tilt = sheet && sheetTilt(sheet, width, height);
  if (tilt) return { tilt, grid: null };
  const grid = solidInkGrid(inkAlpha, width, height);
  return { tilt: textTilt(inkAlpha, width, height, grid), grid };
}
