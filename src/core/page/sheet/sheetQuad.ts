import { giveBack } from '../../shared/bufferPool';
import type { Point } from '../../shared/types';
import type { LowResolutionImage } from './lowResolution';
import { darkDetail, lineProfile, segmentEvidence, type LineProfile } from './sideEvidence';
import type { Line } from './straightEdges';

/** A candidate side: a found straight edge, or one of the frame's borders (a sheet running out of the picture). */
export interface Side extends Line {
  border: boolean;
}

/** The sheet found at low resolution: its sides in order around it and their corners (low-resolution pixel centres). */
export interface SheetQuad {
  sides: [Side, Side, Side, Side];
  corners: [Point, Point, Point, Point];
  score: number;
}

/** Opposite sides of a sheet seen in perspective differ in angle by at most this. */
const OPPOSITE_ANGLE = (40 * Math.PI) / 180;
/** The two directions of a sheet's sides differ by at least this. */
const ADJACENT_ANGLE = (50 * Math.PI) / 180;
const MIN_CORNER_ANGLE = (30 * Math.PI) / 180;
/** Share of a side's visible length that must show the step, and of those points the paper's side being the lighter one. */
const MIN_SUPPORT = 0.5;
const MIN_LIGHTER_INSIDE = 0.8;
/**
 * Ink on both sides of a line, about as dense on each, means the line runs through the document (a
 * shadow's or a light's edge, a fold), not along its edge: beside a real edge there is the page's
 * margin on one side and the desk (bare, or far busier than a margin) on the other. A side is refused
 * when both sides hold more than INK_ON_BOTH_SIDES of ink samples (sideEvidence.ts) and neither
 * holds INK_DENSER times the other's.
 */
const INK_ON_BOTH_SIDES = 0.03;
const INK_DENSER = 3;

function inkRunsAcross(e: { inkInside: number; inkOutside: number }): boolean {
  const lesser = Math.min(e.inkInside, e.inkOutside);
  return lesser > INK_ON_BOTH_SIDES && lesser * INK_DENSER > Math.max(e.inkInside, e.inkOutside);
}
/** The sheet's middle lies within this share of the frame's size from the frame's middle. */
const MIDDLE_REACH = 0.3;
/** A side needs this many visible pixels to be judged. */
const MIN_VISIBLE = 8;
/** The sheet covers between these shares of the frame (above the upper one it is the whole picture: nothing to remove). */
const MIN_AREA = 0.08;
const MAX_AREA = 0.97;

export function frameBorders(width: number, height: number): Side[] {
  return [
    { theta: 0, rho: -0.5, border: true },
    { theta: 0, rho: width - 0.5, border: true },
    { theta: Math.PI / 2, rho: -0.5, border: true },
    { theta: Math.PI / 2, rho: height - 0.5, border: true },
  ];
}

function angleBetween(a: Line, b: Line): number {
  const d = Math.abs(a.theta - b.theta) % Math.PI;
  return Math.min(d, Math.PI - d);
}

export function intersect(a: Line, b: Line): Point | null {
  return intersectTrig(a.rho, Math.cos(a.theta), Math.sin(a.theta), b.rho, Math.cos(b.theta), Math.sin(b.theta));
}

function intersectTrig(ra: number, ca: number, sa: number, rb: number, cb: number, sb: number): Point | null {
  const det = ca * sb - sa * cb;
  if (Math.abs(det) < 1e-6) return null;
  return { x: (ra * sb - rb * sa) / det, y: (ca * rb - cb * ra) / det };
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** How far a point lies inside the frame's edge 0–3 (x ≥ −0.5, x ≤ w − 0.5, y ≥ −0.5, y ≤ h − 0.5). */
function insideFrameEdge(edge: number, x: number, y: number, width: number, height: number): number {
  return edge === 0 ? x + 0.5 : edge === 1 ? width - 0.5 - x : edge === 2 ? y + 0.5 : height - 0.5 - y;
}

/** Clipping scratch (x, y pairs): a convex polygon clipped by four edges has at most its corners + 4 vertices. */
const MAX_CLIPPED = 16;
let clipFrom = new Float64Array(2 * MAX_CLIPPED);
let clipTo = new Float64Array(2 * MAX_CLIPPED);

/**
 * Area of a convex polygon clipped to the frame [−0.5, w − 0.5] × [−0.5, h − 0.5] (Sutherland–Hodgman
 * on two reused coordinate buffers: the sheet search asks for thousands of candidate quads per page).
 */
export function areaInFrame(polygon: Point[], width: number, height: number): number {
  if (polygon.length + 4 > MAX_CLIPPED) throw new RangeError('areaInFrame: too many corners');
  let count = polygon.length;
  for (let i = 0; i < count; i++) {
    clipFrom[2 * i] = polygon[i].x;
    clipFrom[2 * i + 1] = polygon[i].y;
  }
  for (let edge = 0; edge < 4; edge++) {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const j = (i + 1) % count;
      const ax = clipFrom[2 * i];
      const ay = clipFrom[2 * i + 1];
      const bx = clipFrom[2 * j];
      const by = clipFrom[2 * j + 1];
      const da = insideFrameEdge(edge, ax, ay, width, height);
      const db = insideFrameEdge(edge, bx, by, width, height);
      if (da >= 0) {
        clipTo[2 * kept] = ax;
        clipTo[2 * kept + 1] = ay;
        kept++;
      }
      if (da >= 0 !== db >= 0) {
        const t = da / (da - db);
        clipTo[2 * kept] = ax + (bx - ax) * t;
        clipTo[2 * kept + 1] = ay + (by - ay) * t;
        kept++;
      }
    }
    const swap = clipFrom;
    clipFrom = clipTo;
    clipTo = swap;
    count = kept;
    if (count === 0) return 0;
  }
  let area = 0;
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count;
    area += clipFrom[2 * i] * clipFrom[2 * j + 1] - clipFrom[2 * j] * clipFrom[2 * i + 1];
  }
  return Math.abs(area) / 2;
}

/**
 * The best sheet outline made of the found lines and the frame's borders: two pairs of roughly
 * opposite sides whose corners make a convex quad of a plausible size with its middle in the frame's middle part,
 * every visible side showing a sheet's edge (a step, not a printed rule) along most of its length,
 * paper on the lighter side, ink on at most one side of it (else a shadow's edge crosses the page),
 * and at least two sides found in the picture. Null when nothing qualifies (a flat scan, a tight crop).
 */
export function bestSheetQuad(image: LowResolutionImage, lines: Line[]): SheetQuad | null {
  const { width, height } = image;
  const sides: Side[] = [...lines.map((l) => ({ ...l, border: false })), ...frameBorders(width, height)];
  const n = sides.length;
  // Every two sides' angle and crossing, once: the search below meets each pair many times.
  const angle = new Float64Array(n * n);
  const crossing: Array<Point | null> = new Array(n * n).fill(null);
  const cos = sides.map((s) => Math.cos(s.theta));
  const sin = sides.map((s) => Math.sin(s.theta));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      angle[i * n + j] = angleBetween(sides[i], sides[j]);
      if (i !== j) crossing[i * n + j] = intersectTrig(sides[i].rho, cos[i], sin[i], sides[j].rho, cos[j], sin[j]);
    }
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (angle[i * n + j] <= OPPOSITE_ANGLE) pairs.push([i, j]);
    }
  }
  const search: QuadSearch = { image, sides, angle, crossing, detail: darkDetail(image), profiles: new Map<Side, LineProfile>() };
  let best: SheetQuad | null = null;
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const quad = quadOfPairs(search, pairs[i], pairs[j]);
      if (quad && (!best || quad.score > best.score)) best = quad;
    }
  }
  giveBack(search.detail);
  return best;
}

/** What bestSheetQuad's search shares between candidates: the sides, their angles and crossings, and the profiles measured so far. */
interface QuadSearch {
  image: LowResolutionImage;
  sides: Side[];
  angle: Float64Array;
  crossing: Array<Point | null>;
  detail: ReturnType<typeof darkDetail>;
  profiles: Map<Side, LineProfile>;
}

/**
 * The quad of two pairs of roughly opposite sides, scored, or null when it cannot be the sheet (a
 * function of its own, optimised per call: see OSR_NOTE in model/tensor.ts).
 */
function quadOfPairs(search: QuadSearch, [i1, i2]: [number, number], [j1, j2]: [number, number]): SheetQuad | null {
  const { image, sides, angle, crossing, detail, profiles } = search;
  const { width, height } = image;
  const n = sides.length;
  if (i1 === j1 || i1 === j2 || i2 === j1 || i2 === j2) return null;
  if (angle[i1 * n + j1] < ADJACENT_ANGLE || angle[i2 * n + j2] < ADJACENT_ANGLE || angle[i1 * n + j2] < ADJACENT_ANGLE || angle[i2 * n + j1] < ADJACENT_ANGLE) return null;
  const a1 = sides[i1];
  const a2 = sides[i2];
  const b1 = sides[j1];
  const b2 = sides[j2];
  const found = (a1.border ? 0 : 1) + (a2.border ? 0 : 1) + (b1.border ? 0 : 1) + (b2.border ? 0 : 1);
  if (found < 2) return null;
  const c0 = crossing[i1 * n + j1];
  const c1 = crossing[j1 * n + i2];
  const c2 = crossing[i2 * n + j2];
  const c3 = crossing[j2 * n + i1];
  if (!c0 || !c1 || !c2 || !c3) return null;
  const corners = [c0, c1, c2, c3];
  if (corners.some((p) => p.x < -width || p.x > 2 * width || p.y < -height || p.y > 2 * height)) return null;
  if (!convexWithOpenCorners(corners)) return null;
  const area = areaInFrame(corners, width, height) / (width * height);
  if (area < MIN_AREA || area > MAX_AREA) return null;
  // A photo of a document is taken of the document: the sheet's middle lies in the frame's middle part.
  const centre = { x: (corners[0].x + corners[1].x + corners[2].x + corners[3].x) / 4, y: (corners[0].y + corners[1].y + corners[2].y + corners[3].y) / 4 };
  if (Math.abs(centre.x - (width - 1) / 2) > MIDDLE_REACH * width || Math.abs(centre.y - (height - 1) / 2) > MIDDLE_REACH * height) return null;
  // Sides in order around the quad: b1 joins corners 0–1, a2 joins 1–2, b2 joins 2–3, a1 joins 3–0.
  const ordered: Side[] = [b1, a2, b2, a1];
  let score = 0;
  let judged = 0;
  for (let k = 0; k < 4; k++) {
    const side = ordered[k];
    if (side.border) continue;
    const p = corners[k];
    const q = corners[(k + 1) % 4];
    let profile = profiles.get(side);
    if (!profile) {
      profile = lineProfile(image, detail, side);
      profiles.set(side, profile);
    }
    const e = segmentEvidence(profile, p, q, inwardIsNormal(side, centre));
    if (e.visible < MIN_VISIBLE || e.supported < MIN_SUPPORT * e.visible || e.lighterInside < MIN_LIGHTER_INSIDE * e.supported || inkRunsAcross(e)) return null;
    judged++;
    score += e.supported - 2 * (e.visible - e.supported);
  }
  if (judged < 2 || score <= 0) return null;
  return { sides: ordered as SheetQuad['sides'], corners: corners as SheetQuad['corners'], score };
}

/** Whether the sheet lies on the side of the line its normal (cos θ, sin θ) points to. */
function inwardIsNormal(side: Line, centre: Point): boolean {
  return Math.cos(side.theta) * centre.x + Math.sin(side.theta) * centre.y - side.rho >= 0;
}

/** Convex, and no corner sharper than MIN_CORNER_ANGLE (nor flatter than its supplement). */
function convexWithOpenCorners(corners: Point[]): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const o = corners[k];
    const a = corners[(k + 3) % 4];
    const b = corners[(k + 1) % 4];
    const z = cross(o, b, a);
    if (Math.abs(z) < 1e-9) return false;
    const s = Math.sign(z);
    if (sign !== 0 && s !== sign) return false;
    sign = s;
    const ua = { x: a.x - o.x, y: a.y - o.y };
    const ub = { x: b.x - o.x, y: b.y - o.y };
    const cos = (ua.x * ub.x + ua.y * ub.y) / (Math.hypot(ua.x, ua.y) * Math.hypot(ub.x, ub.y));
    const angle = Math.acos(Math.max(-1, Math.min(1, cos)));
    if (angle < MIN_CORNER_ANGLE || angle > Math.PI - MIN_CORNER_ANGLE) return false;
  }
  return true;
}
