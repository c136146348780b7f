/**
 * The class truth of a real signed letter page (Tobacco800) from what is known about it: the boxes
 * around its signatures and the typed text marked inside them (models/data/real/typed-text.json).
 * Every connected piece of the product's own ink decision is labelled:
 * - mostly inside a box and outside the typed text: handwriting (the parts of it in typed text: print);
 * - typed text inside a box: print;
 * - touching the page's edge or a solid blob: UNLABELLED (a scanner's border or a punch hole, but as
 *   often writing cut by a crop's edge);
 * - a long thin straight run: form line (a signing line, an underline);
 * - anything else outside the boxes: UNLABELLED. A letter's boxes may miss a second signature or a
 *   handwritten note, so calling the rest print taught the class model that rows of real handwriting
 *   are print; calling its specks, or its pieces at the page's edge, noise taught it to drop real
 *   writing as noise in `mode=basic` (models/README.md, "Real signed letters").
 * Input: the ink alpha (0 = paper) of the page; output: one InkClass id (or UNLABELLED) per pixel.
 */
import { labelComponents } from '../../core/shared/components';
import { InkClass } from '../../core/shared/types';

/** Truth for ink whose class is unknown: models/prepare.ts gives it no vote and the loss skips its cells. */
export const UNLABELLED = 255;

/** [x0, y0, x1, y1) in page pixels, end exclusive. */
export type Rect = readonly [number, number, number, number];

/** A piece this close to the page's edge (pixels) touches it. */
const EDGE_MARGIN = 3;
/** Pieces larger than this (pixels) that fill more than SOLID_FILL of their bounding box are blobs, not strokes. */
const SOLID_MIN_AREA = 1500;
const SOLID_FILL = 0.5;
/** A form line: at least this long (pixels) and at most 1/LINE_ASPECT as thick (at least LINE_MIN_THICKNESS allowed). */
const LINE_MIN_LENGTH = 150;
const LINE_ASPECT = 40;
const LINE_MIN_THICKNESS = 5;
/** A piece is the signature's when at least this share of its pixels lies in a box outside the typed text. */
const SIGNATURE_SHARE = 0.5;

const inside = (r: Rect, x: number, y: number) => x >= r[0] && y >= r[1] && x < r[2] && y < r[3];

export function letterPageClasses(inkAlpha: Uint8Array, width: number, height: number, boxes: readonly Rect[], typed: readonly Rect[]): Uint8Array {
  if (inkAlpha.length !== width * height) throw new Error('letterPageClasses: alpha and size differ');
  const inBox = (x: number, y: number) => boxes.some((b) => inside(b, x, y));
  const inTyped = (x: number, y: number) => typed.some((r) => inside(r, x, y));
  const pieces = labelComponents(inkAlpha, width, height);
  const signaturePixels = new Float64Array(pieces.count + 1);
  for (let p = 0; p < inkAlpha.length; p++) {
    const k = pieces.labels[p];
    if (k === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    if (inBox(x, y) && !inTyped(x, y)) signaturePixels[k]++;
  }
  const labelOf = new Uint8Array(pieces.count + 1);
  for (let k = 1; k <= pieces.count; k++) {
    const [x0, y0, x1, y1] = [pieces.left[k], pieces.top[k], pieces.right[k], pieces.bottom[k]];
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const area = pieces.area[k];
    const touchesEdge = x0 < EDGE_MARGIN || y0 < EDGE_MARGIN || x1 >= width - EDGE_MARGIN || y1 >= height - EDGE_MARGIN;
    const solid = area > SOLID_MIN_AREA && area > SOLID_FILL * w * h;
    const line = (w >= LINE_MIN_LENGTH && h <= Math.max(LINE_MIN_THICKNESS, w / LINE_ASPECT)) || (h >= LINE_MIN_LENGTH && w <= Math.max(LINE_MIN_THICKNESS, h / LINE_ASPECT));
    if (touchesEdge || solid) labelOf[k] = UNLABELLED;
    else if (signaturePixels[k] >= SIGNATURE_SHARE * area) labelOf[k] = InkClass.handwriting;
    else if (line) labelOf[k] = InkClass.formLine;
    else labelOf[k] = InkClass.printed;
  }
  const classes = new Uint8Array(width * height);
  for (let p = 0; p < classes.length; p++) {
    const k = pieces.labels[p];
    if (k === 0) continue;
    const x = p % width;
    const y = (p - x) / width;
    let label: number = labelOf[k];
    if (label === InkClass.handwriting && inTyped(x, y)) label = InkClass.printed;
    else if (label === InkClass.printed) label = !inBox(x, y) ? UNLABELLED : signaturePixels[k] > 0 && !inTyped(x, y) ? InkClass.handwriting : InkClass.printed;
    classes[p] = label;
  }
  return classes;
}
