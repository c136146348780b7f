import { labelComponents } from '../../shared/components';
import { principalLine, type WeightedPoint } from './principalLine';
import type { Point } from '../../shared/types';

/**
 * The sheet's quadrilateral from a map of the probability that each cell lies on the sheet (the sheet
 * model's answer, models/sheet/net.py): the four straight lines, among the map's strongest edges and
 * the frame's borders, whose quadrilateral agrees best with the map, each then fitted to its edge.
 * A side on the frame's border is a sheet running out of the frame. Coordinates are the map's cells
 * (cell (i, j) spans [i, i+1) × [j, j+1)).
 */
export interface ProbabilityQuad {
  /** In the map's cells, in the order of the sides' normals; the caller orders them. */
  corners: Point[];
  /** Soft IoU of the quadrilateral with the map (0..1): how well four straight sides explain it. */
  agreement: number;
  /** Share of the frame the quadrilateral leaves off the sheet. */
  offSheetShare: number;
  /** Sides that are the sheet's own edges (the others are the frame's borders). */
  edgeSides: number;
}

/** A line n·p = c with its normal n pointing off the sheet; `border` for the frame's own edges. */
interface SheetLine {
  nx: number;
  ny: number;
  c: number;
  border: boolean;
}

const ANGLE_BINS = 180;
const CANDIDATE_LINES = 12;
/** Peaks closer than this in angle (bins = degrees) and offset (cells) are one edge. */
const SAME_ANGLE = 6;
const SAME_OFFSET = 4;
/** Cells of the coarse grid the candidate quadrilaterals are first compared on. */
const COARSE = 64;
const FINALISTS = 6;
/** Half the width (cells) of the band an edge's line is refitted in. */
const REFIT_BAND = 2.5;

export function quadFromProbability(map: Float32Array, width: number, height: number): ProbabilityQuad | null {
  const probability = mainRegion(map, width, height);
  const gradient = gradientOf(probability, width, height);
  const lines = [...strongestEdges(gradient, width, height), ...frameBorders(width, height)];
  const coarse = coarseMap(probability, width, height);
  // Each line's inner half-plane on the coarse grid, once: a quadrilateral's cells are four of them ANDed.
  const halfPlanes = lines.map((line) => {
    const inside = new Uint8Array(coarse.width * coarse.height);
    forEachCellInside([line], coarse, width / coarse.width, height / coarse.height, (k) => (inside[k] = 1));
    return inside;
  });
  let total = 0;
  for (const p of coarse.data) total += p;
  const scored: { quad: SheetLine[]; score: number }[] = [];
  const n = lines.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++) {
          const quad = quadOf([lines[a], lines[b], lines[c], lines[d]]);
          if (!quad) continue;
          scored.push({ quad: quad.lines, score: softIoU(halfPlanes[a], halfPlanes[b], halfPlanes[c], halfPlanes[d], coarse.data, total) });
        }
  if (scored.length === 0) return null;
  scored.sort((p, q) => q.score - p.score);
  const full = { data: probability, width, height };
  let best: { lines: SheetLine[]; score: number } | null = null;
  for (const candidate of scored.slice(0, FINALISTS)) {
    const refitted = candidate.quad.map((line) => (line.border ? line : refitLine(line, gradient, width, height)));
    for (const lines of [refitted, candidate.quad]) {
      if (!quadOf(lines)) continue;
      const score = agreementOf(lines, full, 1, 1);
      if (!best || score > best.score) best = { lines, score };
    }
  }
  if (!best) return null;
  const quad = quadOf(best.lines)!;
  let onSheet = 0;
  forEachCellInside(best.lines, full, 1, 1, () => onSheet++);
  return { corners: quad.corners, agreement: best.score, offSheetShare: 1 - onSheet / (width * height), edgeSides: best.lines.filter((l) => !l.border).length };
}

/**
 * Soft IoU with the coarse map of the cells inside all four half-planes (`total`: the map's sum; a
 * function of its own, optimised per call: see OSR_NOTE in model/tensor.ts).
 */
function softIoU(ia: Uint8Array, ib: Uint8Array, ic: Uint8Array, id: Uint8Array, data: Float32Array, total: number): number {
  let area = 0;
  let overlap = 0;
  for (let k = 0; k < ia.length; k++) {
    if (ia[k] & ib[k] & ic[k] & id[k]) {
      area++;
      overlap += data[k];
    }
  }
  const union = area + total - overlap;
  return union > 0 ? overlap / union : 0;
}

interface Gradient {
  gx: Float32Array;
  gy: Float32Array;
  magnitude: Float32Array;
}

function gradientOf(p: Float32Array, width: number, height: number): Gradient {
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const magnitude = new Float32Array(width * height);
  const at = (x: number, y: number) => p[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Sobel / 8: a step from 0 to 1 over one cell gives about 0.5.
      gx[i] = (at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1)) / 8;
      gy[i] = (at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1)) / 8;
      magnitude[i] = Math.hypot(gx[i], gy[i]);
    }
  return { gx, gy, magnitude };
}

/** Cell centres; the frame's outermost cells are left out (the map's own edge is no sheet edge). */
const centre = (i: number) => i + 0.5;

function strongestEdges({ gx, gy, magnitude }: Gradient, width: number, height: number): SheetLine[] {
  const diagonal = Math.hypot(width, height);
  const offsets = Math.ceil(diagonal) * 2 + 1;
  const votes = new Float32Array(ANGLE_BINS * offsets);
  const cos = new Float32Array(ANGLE_BINS);
  const sin = new Float32Array(ANGLE_BINS);
  for (let t = 0; t < ANGLE_BINS; t++) {
    cos[t] = Math.cos((t * Math.PI) / ANGLE_BINS);
    sin[t] = Math.sin((t * Math.PI) / ANGLE_BINS);
  }
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = magnitude[i];
      if (m < 0.05) continue;
      // Only angles near the gradient's own direction: an edge point votes for the lines along it.
      const own = Math.round(((Math.atan2(gy[i], gx[i]) + Math.PI) % Math.PI) * (ANGLE_BINS / Math.PI));
      for (let dt = -8; dt <= 8; dt++) {
        const t = (((own + dt) % ANGLE_BINS) + ANGLE_BINS) % ANGLE_BINS;
        const rho = Math.round(centre(x) * cos[t] + centre(y) * sin[t] + diagonal);
        votes[t * offsets + rho] += m;
      }
    }
  const lines: SheetLine[] = [];
  const taken: { t: number; r: number }[] = [];
  const order = Array.from(votes.keys()).filter((k) => votes[k] > 0).sort((a, b) => votes[b] - votes[a]);
  for (const k of order) {
    if (lines.length >= CANDIDATE_LINES) break;
    const t = Math.floor(k / offsets);
    const r = (k % offsets) - diagonal;
    const near = taken.some((o) => {
      const dt = Math.abs(o.t - t);
      const wrapped = Math.min(dt, ANGLE_BINS - dt);
      const dr = dt <= ANGLE_BINS / 2 ? Math.abs(o.r - r) : Math.abs(o.r + r);
      return wrapped < SAME_ANGLE && dr < SAME_OFFSET;
    });
    if (near) continue;
    taken.push({ t, r });
    lines.push(orientedOffSheet({ nx: cos[t], ny: sin[t], c: r, border: false }, gx, gy, magnitude, width, height));
  }
  return lines;
}

/** Turns the line's normal towards falling probability (off the sheet), judged along the line's own edge points. */
function orientedOffSheet(line: SheetLine, gx: Float32Array, gy: Float32Array, magnitude: Float32Array, width: number, height: number): SheetLine {
  let along = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (magnitude[i] < 0.05 || Math.abs(line.nx * centre(x) + line.ny * centre(y) - line.c) > 1.5) continue;
      along += line.nx * gx[i] + line.ny * gy[i];
    }
  return along > 0 ? { nx: -line.nx, ny: -line.ny, c: -line.c, border: false } : line;
}

function frameBorders(width: number, height: number): SheetLine[] {
  return [
    { nx: -1, ny: 0, c: 0, border: true },
    { nx: 1, ny: 0, c: width, border: true },
    { nx: 0, ny: -1, c: 0, border: true },
    { nx: 0, ny: 1, c: height, border: true },
  ];
}

/**
 * The quadrilateral the four lines' inner half-planes bound, its sides in the order of their normals'
 * angles, or null when that region is unbounded, degenerate or has fewer than four sides.
 */
function quadOf(four: SheetLine[]): { lines: SheetLine[]; corners: Point[] } | null {
  const lines = [...four].sort((a, b) => Math.atan2(a.ny, a.nx) - Math.atan2(b.ny, b.nx));
  const angles = lines.map((l) => Math.atan2(l.ny, l.nx));
  for (let k = 0; k < 4; k++) {
    const gap = (((angles[(k + 1) % 4] - angles[k]) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    // Sides meeting at under ~25° or over ~155° make no sheet's corner.
    if (gap < 0.45 || gap > Math.PI - 0.45) return null;
  }
  const corners: Point[] = [];
  for (let k = 0; k < 4; k++) {
    const p = intersection(lines[k], lines[(k + 1) % 4]);
    if (!p) return null;
    corners.push(p);
  }
  // Every corner inside every other side's half-plane, else one side is redundant.
  for (const p of corners) for (const l of lines) if (l.nx * p.x + l.ny * p.y - l.c > 1e-6 * (1 + Math.abs(l.c))) return null;
  return { lines, corners };
}

function intersection(a: SheetLine, b: SheetLine): Point | null {
  const det = a.nx * b.ny - a.ny * b.nx;
  if (Math.abs(det) < 1e-9) return null;
  return { x: (a.c * b.ny - a.ny * b.c) / det, y: (a.nx * b.c - a.c * b.nx) / det };
}

interface Map2d {
  data: Float32Array;
  width: number;
  height: number;
}

function coarseMap(p: Float32Array, width: number, height: number): Map2d {
  const w = Math.min(COARSE, width);
  const h = Math.min(COARSE, height);
  const data = new Float32Array(w * h);
  const count = new Float32Array(w * h);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = Math.floor((y * h) / height) * w + Math.floor((x * w) / width);
      data[k] += p[y * width + x];
      count[k]++;
    }
  for (let k = 0; k < w * h; k++) data[k] /= Math.max(1, count[k]);
  return { data, width: w, height: h };
}

/** Calls `inside(k)` for each cell of the map whose centre lies inside the lines (given in the full map's cells; one map cell = scaleX × scaleY of them). */
function forEachCellInside(lines: SheetLine[], map: Map2d, scaleX: number, scaleY: number, inside: (k: number) => void): void {
  for (let y = 0; y < map.height; y++) {
    const cy = (y + 0.5) * scaleY;
    for (let x = 0; x < map.width; x++) {
      const cx = (x + 0.5) * scaleX;
      let ok = true;
      for (const l of lines) if (l.nx * cx + l.ny * cy > l.c) ok = false;
      if (ok) inside(y * map.width + x);
    }
  }
}

/** Soft IoU of the quadrilateral with the probability map. */
function agreementOf(lines: SheetLine[], map: Map2d, scaleX: number, scaleY: number): number {
  let area = 0;
  let overlap = 0;
  forEachCellInside(lines, map, scaleX, scaleY, (k) => {
    area++;
    overlap += map.data[k];
  });
  let total = 0;
  for (let k = 0; k < map.data.length; k++) total += map.data[k];
  const union = area + total - overlap;
  return union > 0 ? overlap / union : 0;
}

/** The line through its edge's points (gradient-weighted total least squares in a band around it). */
function refitLine(line: SheetLine, { magnitude }: Gradient, width: number, height: number): SheetLine {
  const points: WeightedPoint[] = [];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const m = magnitude[y * width + x];
      if (m < 0.02) continue;
      const px = centre(x);
      const py = centre(y);
      if (Math.abs(line.nx * px + line.ny * py - line.c) > REFIT_BAND) continue;
      points.push({ x: px, y: py, w: m });
    }
  const fit = points.length < 8 ? null : principalLine(points);
  if (!fit) return line;
  const { x: mx, y: my, direction } = fit;
  // The normal is perpendicular to the points' major axis.
  let nx = -Math.sin(direction);
  let ny = Math.cos(direction);
  if (nx * line.nx + ny * line.ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  // A refit that turns the side by more than a few degrees found another edge: keep the line.
  if (nx * line.nx + ny * line.ny < Math.cos((5 * Math.PI) / 180)) return line;
  return { nx, ny, c: nx * mx + ny * my, border: false };
}

/** Cells (radius) a bridge between the sheet and a bright patch beside it may be wide and still be cut. */
const BRIDGE = 2;

/**
 * The map kept only around its largest region of likely sheet: a bright patch beside the sheet (a
 * window, a lit wall), joined to it by a thin bridge at most, is no part of it.
 */
function mainRegion(probability: Float32Array, width: number, height: number): Float32Array {
  const likely = new Uint8Array(width * height);
  for (let i = 0; i < likely.length; i++) likely[i] = probability[i] >= 0.5 ? 1 : 0;
  const core = dilate(dilate(likely, width, height, BRIDGE, 0), width, height, BRIDGE, 1);
  const components = labelComponents(core, width, height);
  if (components.count <= 1) return probability;
  let largest = 1;
  for (let k = 2; k <= components.count; k++) if (components.area[k] > components.area[largest]) largest = k;
  const own = new Uint8Array(width * height);
  for (let i = 0; i < own.length; i++) own[i] = components.labels[i] === largest ? 1 : 0;
  const around = dilate(own, width, height, BRIDGE + 1, 1);
  const kept = new Float32Array(width * height);
  for (let i = 0; i < kept.length; i++) kept[i] = around[i] ? probability[i] : 0;
  return kept;
}

/** Square dilation of `value` cells by `radius` (value 0: an erosion of the 1s); off the frame counts as 1. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number, value: 0 | 1): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let hit = false;
      for (let dx = -radius; dx <= radius && !hit; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < width && mask[y * width + xx] === value) hit = true;
      }
      rows[y * width + x] = hit ? value : 1 - value;
    }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let hit = false;
      for (let dy = -radius; dy <= radius && !hit; dy++) {
        const yy = y + dy;
        if (yy >= 0 && yy < height && rows[yy * width + x] === value) hit = true;
      }
      out[y * width + x] = hit ? value : 1 - value;
    }
  return out;
}
