import { giveBack, pooledFloat32 } from '../../shared/bufferPool';
import type { Point } from '../../shared/types';
import type { LowResolutionImage } from './lowResolution';
import type { Line } from './straightEdges';

/** Colour step (levels) between the two sides of an edge for it to count as a sheet's edge at that point. */
const EDGE_STEP = 10;
/**
 * The paper side is sampled NEAR…FAR pixels from the line, the other side there and again
 * AWAY…AWAY_END pixels out: a desk differs from the paper at both, a printed rule or the edge of a
 * block of text (paper again a few pixels on) does not.
 */
const NEAR = 2;
const FAR = 4;
const AWAY = 6;
const AWAY_END = 9;
/** Ink: darker than the brightest of its 5 × 5 neighbourhood by INK_DARKER levels, sampled INK_NEAR…INK_FAR pixels either side. */
const INK_DARKER = 14;
const INK_NEAR = 3;
const INK_FAR = 10;

/** What a stretch of a line shows, with the sheet on a given side of it. */
export interface SideEvidence {
  /** Points along it whose samples all lie in the frame. */
  visible: number;
  /** Of those, points with a colour step across the line (near and away). */
  supported: number;
  /** Of the supported points, those where the sheet's side is the lighter one. */
  lighterInside: number;
  /** Shares of the samples either side of the line that are ink. */
  inkInside: number;
  inkOutside: number;
}

/**
 * A line's evidence at every whole step t along it (point = origin + t·direction), as running sums
 * for either side being the sheet's ([0]: the side its normal (cos θ, sin θ) points to, [1]: the
 * other), so any stretch between two corners is read in constant time.
 */
export interface LineProfile {
  origin: Point;
  direction: Point;
  tFirst: number;
  visible: [Int32Array, Int32Array];
  supported: [Int32Array, Int32Array];
  lighterInside: [Int32Array, Int32Array];
  inkPositive: Int32Array;
  inkNegative: Int32Array;
  inkSamples: Int32Array;
}

/** Per pixel: how much darker than the brightest pixel within 2 px (ink on paper, and a desk beside the sheet); pooled, given back by the caller. */
export function darkDetail(image: LowResolutionImage): Float32Array {
  const { width, height, luma } = image;
  const rows = pooledFloat32(luma.length);
  for (let y = 0; y < height; y++) brightestAlongRow(luma, rows, y * width, width);
  const detail = pooledFloat32(luma.length);
  for (let y = 0; y < height; y++) darkerThanAround(luma, rows, detail, y, width, height);
  giveBack(rows);
  return detail;
}

/** The brightest within 2 px along one row, then within 2 rows of that: functions per row (optimised per call: see OSR_NOTE in model/tensor.ts). */
function brightestAlongRow(luma: Float32Array, rows: Float32Array, row: number, width: number): void {
  for (let x = 0; x < width; x++) {
    let m = 0;
    for (let dx = -2; dx <= 2; dx++) {
      const xx = x + dx;
      if (xx >= 0 && xx < width) m = Math.max(m, luma[row + xx]);
    }
    rows[row + x] = m;
  }
}

function darkerThanAround(luma: Float32Array, rows: Float32Array, detail: Float32Array, y: number, width: number, height: number): void {
  for (let x = 0; x < width; x++) {
    let m = 0;
    for (let dy = -2; dy <= 2; dy++) {
      const yy = y + dy;
      if (yy >= 0 && yy < height) m = Math.max(m, rows[yy * width + x]);
    }
    detail[y * width + x] = m - luma[y * width + x];
  }
}

export function lineProfile(image: LowResolutionImage, detail: Float32Array, line: Line): LineProfile {
  const { width, height, luma, blueDifference, redDifference } = image;
  const nx = Math.cos(line.theta);
  const ny = Math.sin(line.theta);
  const origin = { x: line.rho * nx, y: line.rho * ny };
  const direction = { x: -ny, y: nx };
  const reach = Math.ceil(Math.hypot(width, height)) + 1;
  const tFirst = -reach;
  const n = 2 * reach + 1;
  const runs = () => [new Int32Array(n + 1), new Int32Array(n + 1)] as [Int32Array, Int32Array];
  const profile: LineProfile = {
    origin,
    direction,
    tFirst,
    visible: runs(),
    supported: runs(),
    lighterInside: runs(),
    inkPositive: new Int32Array(n + 1),
    inkNegative: new Int32Array(n + 1),
    inkSamples: new Int32Array(n + 1),
  };
  // Mean colour of the samples d = from…to along the normal (negative d: the other side); NaN when one is outside the frame.
  const band = (x: number, y: number, from: number, to: number, out: Float64Array): boolean => {
    out[0] = 0;
    out[1] = 0;
    out[2] = 0;
    for (let d = from; d <= to; d++) {
      const xi = Math.round(x + nx * d);
      const yi = Math.round(y + ny * d);
      if (xi < 0 || yi < 0 || xi >= width || yi >= height) return false;
      const p = yi * width + xi;
      out[0] += luma[p];
      out[1] += blueDifference[p];
      out[2] += redDifference[p];
    }
    const k = to - from + 1;
    out[0] /= k;
    out[1] /= k;
    out[2] /= k;
    return true;
  };
  const step = (a: Float64Array, b: Float64Array): number => Math.hypot(a[0] - b[0], 1.5 * (a[1] - b[1]), 1.5 * (a[2] - b[2]));
  const agree = (inside: Float64Array, near: Float64Array, away: Float64Array): boolean =>
    (inside[0] - near[0]) * (inside[0] - away[0]) + 2.25 * ((inside[1] - near[1]) * (inside[1] - away[1]) + (inside[2] - near[2]) * (inside[2] - away[2])) > 0;
  const plusNear = new Float64Array(3);
  const plusAway = new Float64Array(3);
  const minusNear = new Float64Array(3);
  const minusAway = new Float64Array(3);
  // Farther than OUTSIDE pixels off the frame, every sample of a point is off it too: nothing to read there.
  const [tLow, tHigh] = tWithinFrame(origin, direction, width, height, OUTSIDE);
  const runsOf: Int32Array[] = [...profile.visible, ...profile.supported, ...profile.lighterInside, profile.inkPositive, profile.inkNegative, profile.inkSamples];
  for (let k = 0; k < n; k++) {
    const t = tFirst + k;
    if (t < tLow || t > tHigh) {
      for (const run of runsOf) run[k + 1] = run[k];
      continue;
    }
    const x = origin.x + direction.x * t;
    const y = origin.y + direction.y * t;
    const pn = band(x, y, NEAR, FAR, plusNear);
    const pa = band(x, y, AWAY, AWAY_END, plusAway);
    const mn = band(x, y, -FAR, -NEAR, minusNear);
    const ma = band(x, y, -AWAY_END, -AWAY, minusAway);
    const sides: Array<[boolean, Float64Array, Float64Array, Float64Array]> = [
      [pn && mn && ma, plusNear, minusNear, minusAway],
      [mn && pn && pa, minusNear, plusNear, plusAway],
    ];
    for (let o = 0; o < 2; o++) {
      const [visible, inside, near, away] = sides[o];
      const supported = visible && step(inside, near) >= EDGE_STEP && step(inside, away) >= EDGE_STEP && agree(inside, near, away);
      profile.visible[o][k + 1] = profile.visible[o][k] + (visible ? 1 : 0);
      profile.supported[o][k + 1] = profile.supported[o][k] + (supported ? 1 : 0);
      profile.lighterInside[o][k + 1] = profile.lighterInside[o][k] + (supported && inside[0] - near[0] >= -2 ? 1 : 0);
    }
    let positive = 0;
    let negative = 0;
    let samples = 0;
    for (let d = INK_NEAR; d <= INK_FAR; d++) {
      const xp = Math.round(x + nx * d);
      const yp = Math.round(y + ny * d);
      const xm = Math.round(x - nx * d);
      const ym = Math.round(y - ny * d);
      if (xp < 0 || yp < 0 || xp >= width || yp >= height || xm < 0 || ym < 0 || xm >= width || ym >= height) continue;
      samples++;
      if (detail[yp * width + xp] >= INK_DARKER) positive++;
      if (detail[ym * width + xm] >= INK_DARKER) negative++;
    }
    profile.inkPositive[k + 1] = profile.inkPositive[k] + positive;
    profile.inkNegative[k + 1] = profile.inkNegative[k] + negative;
    profile.inkSamples[k + 1] = profile.inkSamples[k] + samples;
  }
  return profile;
}

/** A sample lies at most AWAY_END (INK_FAR) pixels from its point along the normal, rounded to a pixel. */
const OUTSIDE = Math.max(AWAY_END, INK_FAR) + 1;

/** The stretch of t along a line whose points lie within `margin` pixels of the frame (empty: low > high). */
function tWithinFrame(origin: Point, direction: Point, width: number, height: number, margin: number): [number, number] {
  let low = -Infinity;
  let high = Infinity;
  for (const [o, d, size] of [
    [origin.x, direction.x, width],
    [origin.y, direction.y, height],
  ]) {
    const from = -margin - 0.5;
    const to = size - 0.5 + margin;
    if (Math.abs(d) < 1e-9) {
      if (o < from || o > to) return [1, 0];
      continue;
    }
    const a = (from - o) / d;
    const b = (to - o) / d;
    low = Math.max(low, Math.min(a, b));
    high = Math.min(high, Math.max(a, b));
  }
  return [Math.floor(low) - 1, Math.ceil(high) + 1];
}

/** The evidence of the stretch from a to b (points on the line), with the sheet on the normal's side or not. */
export function segmentEvidence(profile: LineProfile, a: Point, b: Point, sheetOnNormalSide: boolean): SideEvidence {
  const along = (p: Point): number => (p.x - profile.origin.x) * profile.direction.x + (p.y - profile.origin.y) * profile.direction.y;
  const n = profile.inkSamples.length - 1;
  const from = Math.max(0, Math.ceil(Math.min(along(a), along(b))) - profile.tFirst);
  const to = Math.min(n, Math.floor(Math.max(along(a), along(b))) - profile.tFirst + 1);
  if (to <= from) return { visible: 0, supported: 0, lighterInside: 0, inkInside: 0, inkOutside: 0 };
  const o = sheetOnNormalSide ? 0 : 1;
  const sum = (run: Int32Array): number => run[to] - run[from];
  const samples = Math.max(1, sum(profile.inkSamples));
  const positive = sum(profile.inkPositive) / samples;
  const negative = sum(profile.inkNegative) / samples;
  return {
    visible: sum(profile.visible[o]),
    supported: sum(profile.supported[o]),
    lighterInside: sum(profile.lighterInside[o]),
    inkInside: sheetOnNormalSide ? positive : negative,
    inkOutside: sheetOnNormalSide ? negative : positive,
  };
}
