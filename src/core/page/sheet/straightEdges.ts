import { giveBack, pooledFloat32 } from '../../shared/bufferPool';
import type { Point } from '../../shared/types';
import type { LowResolutionImage } from './lowResolution';
import { principalLine, type WeightedPoint } from './principalLine';

/** A straight line `x·cos θ + y·sin θ = rho` in low-resolution pixels; θ in [0, π). */
export interface Line {
  theta: number;
  rho: number;
}

/** Per low-resolution pixel: the strongest colour step (luminance or colour difference) and its direction. */
export interface EdgeMap {
  width: number;
  height: number;
  magnitude: Float32Array;
  /** Gradient direction in [0, π) (a line's normal; which side is brighter is not kept). */
  direction: Float32Array;
}

const ANGLE_BINS = 180;
/** Votes spread over ±this many degrees around the gradient's direction. */
const ANGLE_SPREAD = 3;
/** Steps weaker than this (levels per pixel) are texture, not an edge. */
const EDGE_FLOOR = 3;
/** Two lines closer than this in angle (degrees) and offset (pixels) are one. */
const SAME_ANGLE = 5;
const SAME_OFFSET = 6;

export function edgeMap(image: LowResolutionImage): EdgeMap {
  const { width, height } = image;
  const planes = [smooth(image.luma, width, height), smooth(image.blueDifference, width, height), smooth(image.redDifference, width, height)];
  const magnitude = pooledFloat32(width * height);
  const direction = pooledFloat32(width * height);
  for (let y = 1; y < height - 1; y++) edgeRow(planes, y * width, width, magnitude, direction);
  giveBack(...planes);
  return { width, height, magnitude, direction };
}

/** One row's strongest gradient over the planes (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function edgeRow(planes: Float32Array[], rowStart: number, width: number, magnitude: Float32Array, direction: Float32Array): void {
  for (let p = rowStart + 1; p < rowStart + width - 1; p++) {
    let best = 0;
    let gxBest = 0;
    let gyBest = 0;
    for (let k = 0; k < planes.length; k++) {
      const plane = planes[k];
      const gx = (plane[p - width + 1] + 2 * plane[p + 1] + plane[p + width + 1] - plane[p - width - 1] - 2 * plane[p - 1] - plane[p + width - 1]) / 8;
      const gy = (plane[p + width - 1] + 2 * plane[p + width] + plane[p + width + 1] - plane[p - width - 1] - 2 * plane[p - width] - plane[p - width + 1]) / 8;
      const m = gx * gx + gy * gy;
      if (m > best) {
        best = m;
        gxBest = gx;
        gyBest = gy;
      }
    }
    magnitude[p] = Math.sqrt(best);
    let angle = Math.atan2(gyBest, gxBest);
    if (angle < 0) angle += Math.PI;
    direction[p] = angle >= Math.PI ? 0 : angle;
  }
}

/** One row's edge pixels voting for the lines through them (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function voteRow(edges: EdgeMap, y: number, cos: Float32Array, sin: Float32Array, diagonal: number, offsets: number, votes: Float32Array): void {
  const { width, magnitude, direction } = edges;
  for (let x = 1; x < width - 1; x++) {
    const p = y * width + x;
    const m = magnitude[p];
    if (m < EDGE_FLOOR) continue;
    const weight = Math.min(m, 40);
    const centre = Math.round((direction[p] * ANGLE_BINS) / Math.PI);
    for (let d = -ANGLE_SPREAD; d <= ANGLE_SPREAD; d++) {
      const a = (((centre + d) % ANGLE_BINS) + ANGLE_BINS) % ANGLE_BINS;
      const rho = Math.round(x * cos[a] + y * sin[a]) + diagonal;
      votes[a * offsets + rho] += weight;
    }
  }
}

/** 3×3 binomial blur: JPEG blocks and paper grain should not vote for lines. */
function smooth(plane: Float32Array, w: number, h: number): Float32Array {
  const tmp = pooledFloat32(plane.length);
  const out = pooledFloat32(plane.length);
  for (let y = 0; y < h; y++) smoothAlongRow(plane, tmp, y * w, w);
  for (let y = 0; y < h; y++) smoothAcrossRows(tmp, out, y * w, Math.max(0, y - 1) * w, Math.min(h - 1, y + 1) * w, w);
  giveBack(tmp);
  return out;
}

/** The blur's two passes, a function per row each (optimised per call: see OSR_NOTE in model/tensor.ts). */
function smoothAlongRow(plane: Float32Array, to: Float32Array, row: number, w: number): void {
  for (let x = 0; x < w; x++) {
    const l = plane[row + Math.max(0, x - 1)];
    const r = plane[row + Math.min(w - 1, x + 1)];
    to[row + x] = (l + 2 * plane[row + x] + r) / 4;
  }
}

function smoothAcrossRows(tmp: Float32Array, out: Float32Array, row: number, up: number, down: number, w: number): void {
  for (let x = 0; x < w; x++) out[row + x] = (tmp[up + x] + 2 * tmp[row + x] + tmp[down + x]) / 4;
}

/**
 * The `count` strongest straight edges (Hough transform of the edge map, each pixel voting near its
 * own gradient direction with its step's strength, capped so a few very dark edges do not outvote a
 * long faint one).
 */
export function strongestLines(edges: EdgeMap, count: number): Line[] {
  const { width, height } = edges;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const offsets = 2 * diagonal + 1;
  const votes = pooledFloat32(ANGLE_BINS * offsets);
  const cos = new Float32Array(ANGLE_BINS);
  const sin = new Float32Array(ANGLE_BINS);
  for (let a = 0; a < ANGLE_BINS; a++) {
    cos[a] = Math.cos((a * Math.PI) / ANGLE_BINS);
    sin[a] = Math.sin((a * Math.PI) / ANGLE_BINS);
  }
  for (let y = 1; y < height - 1; y++) voteRow(edges, y, cos, sin, diagonal, offsets, votes);
  const lines: Array<Line & { votes: number }> = [];
  // Each angle's strongest cell (the first of equals), measured again only where cells were cleared.
  const rowBest = new Float32Array(ANGLE_BINS);
  const rowIndex = new Int32Array(ANGLE_BINS);
  for (let a = 0; a < ANGLE_BINS; a++) strongestOffset(votes, a, offsets, rowBest, rowIndex);
  // Repeatedly take the strongest cell and clear its neighbourhood (angle wraps around at π, where rho changes sign).
  for (let k = 0; k < count; k++) {
    let best = 0;
    let bestIndex = -1;
    for (let a = 0; a < ANGLE_BINS; a++) {
      if (rowBest[a] > best) {
        best = rowBest[a];
        bestIndex = rowIndex[a];
      }
    }
    if (bestIndex < 0) break;
    const a = Math.floor(bestIndex / offsets);
    const r = (bestIndex % offsets) - diagonal;
    lines.push({ theta: (a * Math.PI) / ANGLE_BINS, rho: r, votes: best });
    for (let da = -SAME_ANGLE; da <= SAME_ANGLE; da++) {
      let aa = a + da;
      let rr = r;
      if (aa < 0 || aa >= ANGLE_BINS) {
        aa = (aa + ANGLE_BINS) % ANGLE_BINS;
        rr = -r;
      }
      for (let dr = -SAME_OFFSET; dr <= SAME_OFFSET; dr++) {
        const o = rr + dr + diagonal;
        if (o >= 0 && o < offsets) votes[aa * offsets + o] = 0;
      }
      strongestOffset(votes, aa, offsets, rowBest, rowIndex);
    }
  }
  giveBack(votes);
  return lines.map(({ theta, rho }) => ({ theta, rho }));
}

/** The strongest positive cell of angle a's row of votes (the first of equals; none: 0 and -1). */
function strongestOffset(votes: Float32Array, a: number, offsets: number, rowBest: Float32Array, rowIndex: Int32Array): void {
  let best = 0;
  let bestIndex = -1;
  for (let i = a * offsets, end = i + offsets; i < end; i++) {
    if (votes[i] > best) {
      best = votes[i];
      bestIndex = i;
    }
  }
  rowBest[a] = best;
  rowIndex[a] = bestIndex;
}

/**
 * The line re-fitted to its edge, between a and b: at every pixel along it, the strongest step
 * within ±3 px across it (to a tenth of a pixel, by a parabola through the magnitudes), then a
 * weighted least-squares line through those points. The transform's 1° and 1 px steps would put a
 * far corner several pixels off.
 */
export function refineLine(edges: EdgeMap, line: Line, a: Point, b: Point): Line {
  const { width, height, magnitude } = edges;
  const nx = Math.cos(line.theta);
  const ny = Math.sin(line.theta);
  const steps = Math.floor(Math.hypot(b.x - a.x, b.y - a.y));
  const points: WeightedPoint[] = [];
  const at = (x: number, y: number): number => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi < 1 || yi < 1 || xi >= width - 1 || yi >= height - 1 ? -1 : magnitude[yi * width + xi];
  };
  for (let s = 0; s <= steps; s++) {
    const t = steps === 0 ? 0.5 : s / steps;
    // The point on the line nearest the segment's point (a and b lie on it up to rounding).
    const px = a.x + (b.x - a.x) * t;
    const py = a.y + (b.y - a.y) * t;
    let best = -1;
    let bestOffset = 0;
    for (let d = -3; d <= 3; d++) {
      const m = at(px + nx * d, py + ny * d);
      if (m > best) {
        best = m;
        bestOffset = d;
      }
    }
    if (best < EDGE_FLOOR || bestOffset === -3 || bestOffset === 3) continue;
    const before = at(px + nx * (bestOffset - 1), py + ny * (bestOffset - 1));
    const after = at(px + nx * (bestOffset + 1), py + ny * (bestOffset + 1));
    const curvature = before - 2 * best + after;
    const shift = curvature < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curvature)) : 0;
    const x = px + nx * (bestOffset + shift);
    const y = py + ny * (bestOffset + shift);
    points.push({ x, y, w: Math.min(best, 40) });
  }
  const fit = points.length < 8 ? null : principalLine(points);
  if (!fit) return line;
  const { x: mx, y: my, direction } = fit;
  let theta = direction + Math.PI / 2;
  theta = ((theta % Math.PI) + Math.PI) % Math.PI;
  // Keep the refinement only when it stays near the transform's line (a stray edge must not pull it away).
  const turned = Math.min(Math.abs(theta - line.theta), Math.PI - Math.abs(theta - line.theta));
  if (turned > (3 * Math.PI) / 180) return line;
  return { theta, rho: mx * Math.cos(theta) + my * Math.sin(theta) };
}
