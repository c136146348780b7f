import type { Point, RgbaImage, SheetOutline } from '../../shared/types';
import { giveBack } from '../../shared/bufferPool';
import { giveBackLowResolution, lowResolution, type LowResolutionImage } from './lowResolution';
import { bestSheetQuad, intersect, type Side } from './sheetQuad';
import { edgeMap, refineLine, strongestLines } from './straightEdges';

/** The sheet is looked for at this long side: its edges are long and straight, the ink does not matter. */
const LOW_RESOLUTION = 384;
const CANDIDATE_LINES = 32;
/**
 * The found sides move this far into the sheet (low-resolution pixels, about 0.3% of the long side):
 * a side found half a pixel out would keep a sliver of desk and the sheet's shadow, which read as ink.
 */
const INSET = 1;

/**
 * The document sheet in a photo of it on a desk, or null when the image shows no sheet edge (a flat
 * scan, a tight crop, a sheet filling the frame). Corners are in the image's pixel coordinates
 * (pixel (i, j) spans [i, i+1) × [j, j+1)), clockwise from the sheet's top-left as it lies.
 */
export function findSheet(image: RgbaImage): SheetOutline | null {
  const low = lowResolution(image, LOW_RESOLUTION);
  const found = low.width < 16 || low.height < 16 ? null : outlineAtLowResolution(low);
  giveBackLowResolution(low);
  return found;
}

function outlineAtLowResolution(low: LowResolutionImage): SheetOutline | null {
  const edges = edgeMap(low);
  const quad = bestSheetQuad(low, strongestLines(edges, CANDIDATE_LINES));
  if (!quad) {
    giveBack(edges.magnitude, edges.direction);
    return null;
  }
  const centre = quad.corners.reduce((c, p) => ({ x: c.x + p.x / 4, y: c.y + p.y / 4 }), { x: 0, y: 0 });
  // Side k runs from corner k to corner k + 1.
  const refined = quad.sides.map((side, k): Side => (side.border ? side : { ...refineLine(edges, side, quad.corners[k], quad.corners[(k + 1) % 4]), border: false }));
  giveBack(edges.magnitude, edges.direction);
  const inset = refined.map((side) => insetSide(side, centre));
  const corners: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersect(inset[(k + 3) % 4], inset[k]);
    if (!p) return null;
    corners.push({ x: (p.x + 0.5) * low.scaleX, y: (p.y + 0.5) * low.scaleY });
  }
  return { corners: clockwiseFromTopLeft(corners) };
}

function insetSide(side: Side, centre: Point): Side {
  if (side.border) return side;
  const towards = Math.cos(side.theta) * centre.x + Math.sin(side.theta) * centre.y - side.rho >= 0 ? 1 : -1;
  return { ...side, rho: side.rho + towards * INSET };
}

/** Clockwise as seen (y down), starting from the corner nearest the image's top-left. */
export function clockwiseFromTopLeft(corners: Point[]): SheetOutline['corners'] {
  let signed = 0;
  for (let k = 0; k < corners.length; k++) {
    const a = corners[k];
    const b = corners[(k + 1) % corners.length];
    signed += a.x * b.y - b.x * a.y;
  }
  const ordered = signed >= 0 ? corners : [...corners].reverse();
  let first = 0;
  for (let k = 1; k < ordered.length; k++) if (ordered[k].x + ordered[k].y < ordered[first].x + ordered[first].y) first = k;
  return [0, 1, 2, 3].map((k) => ordered[(first + k) % 4]) as SheetOutline['corners'];
}
