import type { Point, RgbaImage, SheetOutline } from '../../shared/types';
import { clockwiseFromTopLeft } from './findSheet';
import { lumaOf } from './lowResolution';
import { principalLine } from './principalLine';
import { intersect } from './sheetQuad';
import type { Line } from './straightEdges';

/**
 * Each corner of a found sheet placed again from the sheet's own edge next to it, at a finer scale
 * than the finders look at (they see 384 px or the model's 128 cells on the long side, where a pixel
 * is 4–12 px of a phone photo). A photo's sides are seldom straight over their whole length (lens
 * distortion, a curled edge, a shadow along one part), so a corner is fitted to the two stretches of
 * edge that meet there, not to the whole sides.
 */
const REFINE_LONG_SIDE = 1024;
/** How far across a side its edge is looked for, as a share of the long side. */
const SEARCH = 0.015;
/** The stretch of each side next to a corner that places it, as shares of the side from the corner. */
const NEAR = 0.03;
const FAR = 0.3;
const SAMPLES_PER_STRETCH = 16;
/** Least colour step (luma and colour differences, 0..255 scale) that counts as the sheet's edge. */
const MIN_STEP = 12;
/** Samples farther than this (view pixels) from a stretch's line are refitted without. */
const OUTLIER = 1.5;
/** Share of a stretch's samples that must lie on its line for the corner to move. */
const MIN_INLIERS = 0.6;
/** Sides move this far into the sheet (view pixels): a sliver of desk or shadow would read as ink. */
export const REFINE_INSET = 3;

/**
 * The photo as seen at REFINE_LONG_SIDE on its long side (its "view pixels"), read only where asked,
 * along the sides: a point's colour is the mean of the source pixels under that view pixel.
 */
interface RefineView {
  image: RgbaImage;
  width: number;
  height: number;
  scaleX: number;
  scaleY: number;
}

export function refineSheetCorners(image: RgbaImage, outline: SheetOutline): SheetOutline {
  const scale = Math.max(1, Math.max(image.width, image.height) / REFINE_LONG_SIDE);
  const view: RefineView = { image, width: image.width / scale, height: image.height / scale, scaleX: scale, scaleY: scale };
  const corners = outline.corners.map((p) => ({ x: p.x / scale, y: p.y / scale }));
  const centre = corners.reduce((c, p) => ({ x: c.x + p.x / 4, y: c.y + p.y / 4 }), { x: 0, y: 0 });
  const reach = SEARCH * Math.max(view.width, view.height);
  const onBorder = corners.map((a, k) => sideOnFrameBorder(a, corners[(k + 1) % 4], view));
  const placed = corners.map((corner, k): Point | null => {
    const before = (k + 3) % 4;
    if (onBorder[before] || onBorder[k]) return null;
    // Side `before` runs from corner k−1 to k, side k from corner k to k+1.
    const incoming = edgeNear(view, corners[before], corner, centre, reach, 1 - FAR, 1 - NEAR);
    const outgoing = edgeNear(view, corner, corners[(k + 1) % 4], centre, reach, NEAR, FAR);
    if (!incoming || !outgoing) return null;
    const moved = intersect(inset(incoming, centre), inset(outgoing, centre));
    // The edges were looked for within `reach` across the sides; along them a corner may move further.
    if (!moved || Math.hypot(moved.x - corner.x, moved.y - corner.y) > 2 * reach) return null;
    return { x: moved.x * scale, y: moved.y * scale };
  });
  const refined = placed.map((p, k) => p ?? outline.corners[k]);
  // Corners that moved past each other would fold the outline: keep the finder's then.
  if (!isConvex(refined)) return outline;
  return { corners: clockwiseFromTopLeft(refined) };
}

function isConvex(corners: readonly Point[]): boolean {
  let sign = 0;
  for (let k = 0; k < corners.length; k++) {
    const a = corners[k];
    const b = corners[(k + 1) % corners.length];
    const c = corners[(k + 2) % corners.length];
    const turn = Math.sign((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x));
    if (turn === 0 || (sign !== 0 && turn !== sign)) return false;
    sign = turn;
  }
  return true;
}

function sideOnFrameBorder(a: Point, b: Point, view: RefineView): boolean {
  const near = 1.5;
  return (
    (a.x <= near && b.x <= near) ||
    (a.y <= near && b.y <= near) ||
    (a.x >= view.width - near && b.x >= view.width - near) ||
    (a.y >= view.height - near && b.y >= view.height - near)
  );
}

/** The sheet's edge along side a → b between shares `from` and `to` of it, as a fitted line, or null. */
function edgeNear(view: RefineView, a: Point, b: Point, centre: Point, reach: number, from: number, to: number): Line | null {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length < 8) return null;
  const dx = (b.x - a.x) / length;
  const dy = (b.y - a.y) / length;
  // The normal pointing off the sheet.
  let nx = -dy;
  let ny = dx;
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  if ((centre.x - mid.x) * nx + (centre.y - mid.y) * ny > 0) {
    nx = -nx;
    ny = -ny;
  }
  const points: Point[] = [];
  for (let i = 0; i < SAMPLES_PER_STRETCH; i++) {
    const t = from + ((to - from) * (i + 0.5)) / SAMPLES_PER_STRETCH;
    const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    const offset = strongestStep(view, p, nx, ny, reach);
    if (offset !== null) points.push({ x: p.x + nx * offset, y: p.y + ny * offset });
  }
  if (points.length < SAMPLES_PER_STRETCH * MIN_INLIERS) return null;
  const first = lineThrough(points);
  const inliers = points.filter((p) => Math.abs(p.x * Math.cos(first.theta) + p.y * Math.sin(first.theta) - first.rho) <= OUTLIER);
  if (inliers.length < SAMPLES_PER_STRETCH * MIN_INLIERS) return null;
  return lineThrough(inliers);
}

/** The total-least-squares line through the points (at least two), as a normal angle and offset. */
function lineThrough(points: readonly Point[]): Line {
  const { x, y, direction } = principalLine(points.map((p) => ({ ...p, w: 1 })))!;
  const theta = direction + Math.PI / 2;
  return { theta, rho: x * Math.cos(theta) + y * Math.sin(theta) };
}

/** Offset along the normal (view pixels) of the strongest colour step across p within ±reach, or null. */
function strongestStep(view: RefineView, p: Point, nx: number, ny: number, reach: number): number | null {
  const step = 0.5;
  const n = Math.floor(reach / step);
  const samples: number[][] = [];
  for (let i = -n - 2; i <= n + 2; i++) {
    const s = i * step;
    const colour = sampleColour(view, p.x + nx * s, p.y + ny * s);
    if (!colour) return null;
    samples.push(colour);
  }
  // Difference across 2 px (4 samples), centred at each offset.
  let best = -1;
  let bestAt = 0;
  const strengths: number[] = [];
  for (let i = 2; i < samples.length - 2; i++) {
    const [l0, b0, r0] = samples[i - 2];
    const [l1, b1, r1] = samples[i + 2];
    const strength = Math.hypot(l1 - l0, b1 - b0, r1 - r0);
    strengths.push(strength);
    if (strength > best) {
      best = strength;
      bestAt = i - 2;
    }
  }
  if (best < MIN_STEP) return null;
  // Sub-sample peak by a parabola through the neighbours.
  const left = strengths[bestAt - 1] ?? best;
  const right = strengths[bestAt + 1] ?? best;
  const curvature = left - 2 * best + right;
  const shift = curvature < 0 ? (0.5 * (left - right)) / curvature : 0;
  return (bestAt - n + shift) * step;
}

/**
 * Luma and two colour differences (blue − luma, red − luma) at a point in view coordinates: the mean of
 * the source pixels of the view pixel centred there (at most 4 × 4 of them, evenly spread), or null
 * outside the frame.
 */
function sampleColour(view: RefineView, x: number, y: number): number[] | null {
  const { image, scaleX, scaleY } = view;
  const cx = x * scaleX;
  const cy = y * scaleY;
  if (cx < 0 || cy < 0 || cx >= image.width || cy >= image.height) return null;
  const n = Math.min(4, Math.max(1, Math.round(scaleX)));
  let r = 0;
  let g = 0;
  let b = 0;
  for (let j = 0; j < n; j++) {
    const sy = Math.min(image.height - 1, Math.max(0, Math.floor(cy + ((j + 0.5) / n - 0.5) * scaleY)));
    for (let i = 0; i < n; i++) {
      const sx = Math.min(image.width - 1, Math.max(0, Math.floor(cx + ((i + 0.5) / n - 0.5) * scaleX)));
      const o = (sy * image.width + sx) * 4;
      r += image.data[o];
      g += image.data[o + 1];
      b += image.data[o + 2];
    }
  }
  const count = n * n;
  r /= count;
  g /= count;
  b /= count;
  const brightness = lumaOf(r, g, b);
  return [brightness, b - brightness, r - brightness];
}

/** The line moved REFINE_INSET towards the sheet's centre. */
function inset(line: Line, centre: Point): Line {
  const towards = centre.x * Math.cos(line.theta) + centre.y * Math.sin(line.theta) >= line.rho ? 1 : -1;
  return { ...line, rho: line.rho + towards * REFINE_INSET };
}
