import type { Components } from '../../shared/components';
import { inkHue } from '../inkHue';
import { cellHue, type InkGrid } from '../inkGrid';

/**
 * Pen inks are blue, violet or black: ballpoint, gel and fountain inks for signing come in those
 * colours, while red, orange, green and teal on a document are the printer's (letterhead titles,
 * logos, table headers). Coloured print that is not in rows long enough to count as type (a bold
 * title whose letters touch at analysis resolution, a logo) would otherwise be taken for
 * handwriting. Hue in degrees of the ink colour; the window is wide enough for blue-black and
 * violet inks after a photo's colour shift.
 */
export const PEN_HUE_MIN = 190;
export const PEN_HUE_MAX = 310;

/** Least spread of a component's mean ink deficit over the channels (0..255) for its hue to count. */
const MIN_MEAN_CHROMA = 20;

/**
 * Least share of a component's coloured cells in pen hues for it to hold a pen's ink (then judged cell
 * by cell): a tenth, as a signature touching a large seal is a small part of the merged component.
 */
const MIXED_PEN_SHARE = 0.1;
/** Fewest such cells: a few stray cells of shifted hue at a coloured glyph's edges are no pen. */
const MIXED_PEN_CELLS = 30;

export interface PrinterInk {
  /** Per component label, 1 when the component is the printer's ink as a whole. */
  components: Uint8Array;
  /** Per cell, 1 for coloured cells outside the pen hues in a component that also holds a pen's ink. */
  cells: Uint8Array;
}

/**
 * The printer's coloured ink. A component counts as a whole when most of its cells are coloured and
 * its mean ink colour lies outside the pen hues; one that also holds a fair share of pen-hued cells
 * (a blue signature merged with a red stamp or logo) is split cell by cell instead, since its mean
 * colour is neither ink's. `coloured[l]` is the number of coloured cells of component l.
 */
export function colouredOutsidePenHues(grid: InkGrid, comps: Components, coloured: Int32Array, colouredMask: Uint8Array): PrinterInk {
  const sums = new Float64Array((comps.count + 1) * 3);
  const penCells = new Int32Array(comps.count + 1);
  const { labels } = comps;
  for (let k = 0; k < labels.length; k++) {
    const l = labels[k];
    if (l === 0 || colouredMask[k] === 0) continue;
    sums[l * 3] += grid.inkDeficit[k * 3];
    sums[l * 3 + 1] += grid.inkDeficit[k * 3 + 1];
    sums[l * 3 + 2] += grid.inkDeficit[k * 3 + 2];
    if (inPenHues(cellHue(grid, k))) penCells[l]++;
  }
  const components = new Uint8Array(comps.count + 1);
  const mixed = new Uint8Array(comps.count + 1);
  for (let l = 1; l <= comps.count; l++) {
    if (penCells[l] >= MIXED_PEN_CELLS && penCells[l] >= MIXED_PEN_SHARE * coloured[l] && penCells[l] < coloured[l]) {
      mixed[l] = 1;
      continue;
    }
    if (coloured[l] * 2 <= comps.area[l]) continue;
    const deficit = [sums[l * 3] / coloured[l], sums[l * 3 + 1] / coloured[l], sums[l * 3 + 2] / coloured[l]];
    // Ink this close to neutral on average (a black or blue-black pen under a colour cast) has no hue to judge by.
    if (Math.max(...deficit) - Math.min(...deficit) < MIN_MEAN_CHROMA) continue;
    if (!inPenHues(inkHue(255 - deficit[0], 255 - deficit[1], 255 - deficit[2]))) components[l] = 1;
  }
  const cells = new Uint8Array(labels.length);
  for (let k = 0; k < labels.length; k++) if (mixed[labels[k]] !== 0 && colouredMask[k] !== 0 && !inPenHues(cellHue(grid, k))) cells[k] = 1;
  return { components, cells };
}

function inPenHues(hue: number): boolean {
  return hue >= PEN_HUE_MIN && hue <= PEN_HUE_MAX;
}
