/**
 * A coarse grid of where a page's solid ink lies (1 per cell holding any pixel of ink alpha ≥ 128):
 * what the page's layout cues read (the orientation's gaps between lines, the skew of its rows), built
 * once per page for both.
 */
export interface SolidInkGrid {
  width: number;
  height: number;
  cells: Uint8Array;
  /** Pixels per cell side. */
  block: number;
}

/** Solid ink, as in the rest of the pipeline. */
const SOLID = 128;
/** The grid's long side, cells: fine enough to resolve the gaps between lines of type on any page. */
const GRID_LONG_SIDE = 600;

export function solidInkGrid(inkAlpha: Uint8Array, width: number, height: number): SolidInkGrid {
  const block = Math.max(1, Math.ceil(Math.max(width, height) / GRID_LONG_SIDE));
  const gw = Math.ceil(width / block);
  const gh = Math.ceil(height / block);
  const cells = new Uint8Array(gw * gh);
  for (let y = 0; y < height; y++) markSolidRow(inkAlpha, y * width, width, block, cells, ((y / block) | 0) * gw);
  return { width: gw, height: gh, cells, block };
}

/** Marks the cells of one pixel row holding solid ink (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function markSolidRow(inkAlpha: Uint8Array, start: number, width: number, block: number, cells: Uint8Array, row: number): void {
  for (let x = 0, p = start; x < width; x++, p++) if (inkAlpha[p] >= SOLID) cells[row + ((x / block) | 0)] = 1;
}
