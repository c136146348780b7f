import type { Components } from '../components';
import { inkHue } from '../inkColour';
import type { InkGrid } from '../inkGrid';

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
 * Per component label, 1 when most of its cells are coloured and the component's mean ink colour
 * lies outside the pen hues. `coloured[l]` is the number of coloured cells of component l.
 */
export function colouredOutsidePenHues(grid: InkGrid, comps: Components, coloured: Int32Array, colouredMask: Uint8Array): Uint8Array {
  const sums = new Float64Array((comps.count + 1) * 3);
  const { labels } = comps;
  for (let k = 0; k < labels.length; k++) {
    const l = labels[k];
    if (l === 0 || colouredMask[k] === 0) continue;
    sums[l * 3] += grid.inkDeficit[k * 3];
    sums[l * 3 + 1] += grid.inkDeficit[k * 3 + 1];
    sums[l * 3 + 2] += grid.inkDeficit[k * 3 + 2];
  }
  const result = new Uint8Array(comps.count + 1);
  for (let l = 1; l <= comps.count; l++) {
    if (coloured[l] * 2 <= comps.area[l]) continue;
    const deficit = [sums[l * 3] / coloured[l], sums[l * 3 + 1] / coloured[l], sums[l * 3 + 2] / coloured[l]];
    // Ink this close to neutral on average (a black or blue-black pen under a colour cast) has no hue to judge by.
    if (Math.max(...deficit) - Math.min(...deficit) < MIN_MEAN_CHROMA) continue;
    const hue = inkHue(255 - deficit[0], 255 - deficit[1], 255 - deficit[2]);
    if (hue < PEN_HUE_MIN || hue > PEN_HUE_MAX) result[l] = 1;
  }
  return result;
}
