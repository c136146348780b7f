/**
 * The class truth of a page that holds pen-written names and nothing else (the Cross-media name
 * pages): every connected piece of the ink the product's own ink/paper decision finds is handwriting,
 * except the pieces that cannot be writing: those touching the page's edge (a scanner's dark border,
 * the shadow of a photographed sheet's edge) and solid blobs (punch holes, a finger), which are noise.
 * Input: the ink alpha (0 = paper) of the page; output: one InkClass id per pixel.
 */
import { labelComponents } from '../../core/shared/components';
import { InkClass } from '../../core/shared/types';

/** A piece this close to the page's edge (pixels) touches it. */
const EDGE_MARGIN = 3;
/** Pieces larger than this (pixels) that fill more than SOLID_FILL of their bounding box are blobs, not strokes. */
const SOLID_MIN_AREA = 1500;
const SOLID_FILL = 0.5;

export function namePageClasses(inkAlpha: Uint8Array, width: number, height: number): Uint8Array {
  if (inkAlpha.length !== width * height) throw new Error('namePageClasses: alpha and size differ');
  const pieces = labelComponents(inkAlpha, width, height);
  const labelOf = new Uint8Array(pieces.count + 1);
  for (let k = 1; k <= pieces.count; k++) {
    const [x0, y0, x1, y1] = [pieces.left[k], pieces.top[k], pieces.right[k], pieces.bottom[k]];
    const touchesEdge = x0 < EDGE_MARGIN || y0 < EDGE_MARGIN || x1 >= width - EDGE_MARGIN || y1 >= height - EDGE_MARGIN;
    const area = pieces.area[k];
    const solid = area > SOLID_MIN_AREA && area > SOLID_FILL * (x1 - x0 + 1) * (y1 - y0 + 1);
    labelOf[k] = touchesEdge || solid ? InkClass.noise : InkClass.handwriting;
  }
  const classes = new Uint8Array(width * height);
  for (let p = 0; p < classes.length; p++) if (pieces.labels[p] !== 0) classes[p] = labelOf[pieces.labels[p]];
  return classes;
}
