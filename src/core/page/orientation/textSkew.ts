import type { PageTilt } from './pageTilt';
import { MIN_TILT_DEGREES } from './pageTilt';
import { solidInkGrid, type SolidInkGrid } from './solidInkGrid';

/**
 * The skew of a page's rows of type, from its ink alone, for pages whose tilt no sheet edge tells: a
 * scan fed in crooked, a photo whose sheet fills the frame, a tight crop. The rows of type (or a
 * form's lines) are where the ink's profile across them is sharpest: the projection of the inked
 * cells onto the axis across the rows, binned, has the largest sum of squares at their angle, rows
 * and blank gaps alternating. Read modulo a quarter turn, as a sheet's tilt is, so a sideways page
 * skewed the same way gets the same answer and the orientation turns it afterwards.
 *
 * A page that is not rows of type (a signature alone, a stamp, a drawing) has no such profile: the
 * answer is kept only when the sharpest profile shows at least MIN_ROWS separate bands of ink with
 * gaps between them, and is sharper by SHARPER than the best profile along the frame.
 */

/** About this many inked cells are projected (a hashed share of them on a page with more): the coarse sweep needs fewer than the fine one. */
const COARSE_CELLS = 5_000;
const FINE_CELLS = 12_000;
/** Angles searched, degrees: a coarse sweep over a quarter turn, then finer around the best. */
const COARSE_STEP = 1;
const FINE_STEP = 0.1;
/** Rows of type: at least this many bands of ink separated by empty bins at the best angle. */
const MIN_ROWS = 8;
/** The best profile must be this much sharper (sum of squares) than the best one along the frame. */
const SHARPER = 1.15;

interface InkCells {
  /** Cell centres relative to the page's centre, in cells. */
  xs: Float32Array;
  ys: Float32Array;
  /** Whether these are all the grid's inked cells. */
  all: boolean;
}

/**
 * About `most` of the grid's inked cells, one in k picked by a hash of its index: every k-th in
 * raster order would pick a regular lattice, whose own rows and columns would make sharp profiles.
 */
function inkCells({ width, height, cells }: SolidInkGrid, most: number): InkCells {
  let count = 0;
  for (let i = 0; i < cells.length; i++) count += cells[i];
  const share = Math.min(1, most / Math.max(1, count));
  const threshold = Math.floor(share * 0x1_0000_0000);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 0 || (share < 1 && mixed(i) >= threshold)) continue;
    xs.push((i % width) + 0.5 - width / 2);
    ys.push(Math.floor(i / width) + 0.5 - height / 2);
  }
  return { xs: Float32Array.from(xs), ys: Float32Array.from(ys), all: share === 1 };
}

/** An integer hash with every bit of `i` mixed into every bit of the result (a multiplicative hash alone keeps a lattice's regularity). */
function mixed(i: number): number {
  let h = i ^ (i >>> 16);
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The cells' profile across rows running at `angle` (radians, image coordinates: y down): each cell's
 * offset across the rows, binned one cell wide.
 */
function profile({ xs, ys }: InkCells, angle: number, bins: Int32Array): void {
  bins.fill(0);
  const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
  const middle = bins.length >> 1;
  for (let k = 0; k < xs.length; k++) bins[middle + Math.round(ys[k] * cos - xs[k] * sin)]++;
}

function sharpness(bins: Int32Array): number {
  let sum = 0;
  for (let i = 0; i < bins.length; i++) sum += bins[i] * bins[i];
  return sum;
}

/** Bands of inked bins separated by empty ones. */
function bands(bins: Int32Array): number {
  let count = 0;
  for (let i = 0; i < bins.length; i++) if (bins[i] > 0 && (i === 0 || bins[i - 1] === 0)) count++;
  return count;
}

/** The sharpest of the profiles across rows at `angle` and across columns at the same angle (rows turned a quarter). */
function bestOfBoth(cells: InkCells, angle: number, bins: Int32Array): { score: number; angle: number } {
  profile(cells, angle, bins);
  const rows = sharpness(bins);
  profile(cells, angle + Math.PI / 2, bins);
  const columns = sharpness(bins);
  return rows >= columns ? { score: rows, angle } : { score: columns, angle: angle + Math.PI / 2 };
}

/**
 * The page's tilt from its rows of type, or null when it has none, or they lie within
 * MIN_TILT_DEGREES of the frame. The scale keeps every inked cell of the turned copy in the frame.
 */
export function textTilt(inkAlpha: Uint8Array, width: number, height: number, grid: SolidInkGrid = solidInkGrid(inkAlpha, width, height)): PageTilt | null {
  const coarse = inkCells(grid, COARSE_CELLS);
  if (coarse.xs.length === 0) return null;
  const bins = new Int32Array(2 * (Math.ceil(Math.hypot(grid.width, grid.height) / 2) + 2) + 1);
  const rad = Math.PI / 180;
  let sweep = { score: -1, degrees: 0, across: 0 };
  for (let d = -45 + COARSE_STEP; d <= 45; d += COARSE_STEP) {
    const b = bestOfBoth(coarse, d * rad, bins);
    if (b.score > sweep.score) sweep = { score: b.score, degrees: d, across: b.angle - d * rad };
  }
  // Finer around it, with more cells, in the direction (rows or columns) the sweep found.
  const cells = coarse.all ? coarse : inkCells(grid, FINE_CELLS);
  let best = { score: -1, angle: 0, degrees: 0 };
  for (let d = sweep.degrees - COARSE_STEP; d <= sweep.degrees + COARSE_STEP + FINE_STEP / 2; d += FINE_STEP) {
    const angle = d * rad + sweep.across;
    profile(cells, angle, bins);
    const score = sharpness(bins);
    if (score > best.score) best = { score, angle, degrees: d };
  }
  if (Math.abs(best.degrees) < MIN_TILT_DEGREES) return null;
  if (best.score < SHARPER * bestOfBoth(cells, 0, bins).score) return null;
  profile(cells, best.angle, bins);
  if (bands(bins) < MIN_ROWS) return null;
  const angle = best.degrees * rad;
  return { angle, scale: fittingScale(cells, angle, grid) };
}

/** ≤ 1: the scale at which the inked cells, turned by −angle about the centre, stay in the frame. */
function fittingScale({ xs, ys }: InkCells, angle: number, { width, height }: SolidInkGrid): number {
  const [cos, sin] = [Math.cos(-angle), Math.sin(-angle)];
  const [hw, hh] = [width / 2, height / 2];
  let scale = 1;
  for (let k = 0; k < xs.length; k++) {
    // A cell's far corner: half a cell beyond its centre either way.
    const tx = Math.abs(cos * xs[k] - sin * ys[k]) + 0.71;
    const ty = Math.abs(sin * xs[k] + cos * ys[k]) + 0.71;
    if (tx > hw) scale = Math.min(scale, hw / tx);
    if (ty > hh) scale = Math.min(scale, hh / ty);
  }
  return scale;
}
