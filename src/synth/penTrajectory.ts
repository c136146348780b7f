/**
 * Signatures drawn from real pen trajectories: tablet recordings of real signatures (every 10 ms the
 * pen's position and pressure), replayed with a pen on the page so the line has the real writer's
 * shape AND dynamics: pressure widens it, speed thins it, lifts break it, loops and hooks are where
 * the hand made them. The library (`trajectories.json` in the real-ink folder) is built from pinned
 * train writers by src/tools/realInk/buildTrajectories.ts; never committed.
 *
 * Only a render given a library draws one (realInk.ts decides when, from its own random stream);
 * every choice here comes from that stream too.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Random } from './random';
import type { PenKind } from './signature';

export const TRAJECTORY_LIBRARY_FILE = 'trajectories.json';
export const TRAJECTORY_FORMAT = 'inklift-pen-trajectories';

/** Page units per millimetre on an A4 page (1 000 units across 210 mm). */
export const UNITS_PER_MM = 1000 / 210;

export interface PenTrajectory {
  /** The source file's id (e.g. `001-g-01`) within its set. */
  id: string;
  set: string;
  writer: string;
  authenticity: 'genuine' | 'forgery' | 'unknown';
  /** Size of the pen-down ink as written on the tablet (mm). */
  widthMm: number;
  heightMm: number;
  /**
   * Pen-down runs (a pen lift ends one), each flat `[x, y, pressure, x, y, pressure, …]`, one sample
   * per `samplePeriodMs`: x and y in 0…`unit` over the signature's longer side (aspect kept, y
   * pointing down the page), pressure in 0…1000 of the tablet's full scale.
   */
  strokes: number[][];
}

export interface PenTrajectoryLibraryFile {
  format: typeof TRAJECTORY_FORMAT;
  version: 1;
  /** Where the trajectories come from ("owner/name@commit" per set) and under which licence statement. */
  sources: { set: string; repository: string; commit: string; licence: string }[];
  samplePeriodMs: number;
  unit: number;
  trajectories: PenTrajectory[];
}

/** A loaded library: the trajectories with the scale they need to be replayed. */
export interface PenTrajectoryLibrary {
  samplePeriodMs: number;
  unit: number;
  trajectories: PenTrajectory[];
}

export function readPenTrajectoryLibrary(file: string): PenTrajectoryLibrary | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as PenTrajectoryLibraryFile;
  if (parsed.format !== TRAJECTORY_FORMAT || parsed.version !== 1 || !Array.isArray(parsed.trajectories) || !(parsed.unit > 0) || !(parsed.samplePeriodMs > 0)) {
    throw new Error(`${file} is not a version-1 ${TRAJECTORY_FORMAT} file`);
  }
  for (const t of parsed.trajectories) {
    if (!(t.widthMm > 0) || !(t.heightMm > 0) || !Array.isArray(t.strokes) || t.strokes.some((s) => s.length === 0 || s.length % 3 !== 0)) throw new Error(`${file}: trajectory ${t.id} has no size or malformed strokes`);
  }
  return { samplePeriodMs: parsed.samplePeriodMs, unit: parsed.unit, trajectories: parsed.trajectories };
}

/** How much the line's width follows pressure, per pen: a ballpoint's ball barely, a felt tip a lot. */
const PRESSURE_SENSITIVITY: Record<PenKind, number> = { ballpoint: 0.35, gel: 0.5, felt: 0.7 };
/** Writing speed (mm/s, as written) at which the line is 1/√2 of its slow width: fast strokes leave less ink. */
const THINNING_SPEED = 200;
const MIN_WIDTH = 0.3;

/**
 * Line width (page units) of a pen of nominal width `nominal` at `pressure` (0…1 of the tablet's
 * scale) and `speed` (mm/s as written): grows with pressure (by the pen's sensitivity: ×(1 − s) at
 * none, ×(1 + 0.6 s) at full), shrinks with speed (1/√(1 + v/200 mm/s)). Monotone in both.
 */
export function trajectoryLineWidth(pen: PenKind, nominal: number, pressure: number, speed: number): number {
  const s = PRESSURE_SENSITIVITY[pen];
  const byPressure = 1 - s + s * 1.6 * Math.min(1, Math.max(0, pressure));
  const bySpeed = 1 / Math.sqrt(1 + Math.max(0, speed) / THINNING_SPEED);
  return Math.max(MIN_WIDTH, nominal * byPressure * bySpeed);
}

/** The trajectory's proportions: width and height of its unit box (the longer side 1). */
function aspectBox(t: PenTrajectory): { w: number; h: number } {
  const long = Math.max(t.widthMm, t.heightMm);
  return { w: t.widthMm / long, h: t.heightMm / long };
}

/**
 * A realistic written width (page units) for a signature on a line `slotWidth` long: 35–70 mm
 * across (wider than most tablet signatures, written in a small box), not much longer than the
 * line, and at most 16–30 mm tall (an upright or square signature is narrower).
 */
export function trajectorySize(random: Random, t: PenTrajectory, slotWidth: number): number {
  const { w, h } = aspectBox(t);
  let width = random.range(35, 70) * UNITS_PER_MM;
  width = Math.min(width, Math.max(35 * UNITS_PER_MM, slotWidth * 1.3));
  const maxHeight = random.range(16, 30) * UNITS_PER_MM;
  if ((width * h) / w > maxHeight) width = (maxHeight * w) / h;
  return width;
}

export interface TrajectoryPlacement {
  /** Centre of the signature on the page (page units). */
  cx: number;
  cy: number;
  /** Width of the written signature (page units) before slant and rotation. */
  width: number;
  /** Turn (radians) and slant (x += slant × y, like signature.ts) of the whole signature. */
  angle: number;
  slant: number;
  pen: PenKind;
  /** The pen's nominal line width (page units), signature.ts penWidth. */
  nominal: number;
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * Replays the trajectory into `ctx` (its stroke and fill colour set by the caller): samples joined by
 * Catmull-Rom pieces at most half a unit long, each piece as wide as the pen at that pressure and
 * speed, round caps and joins; a one-sample stroke is a dot. Returns the ink's axis-aligned box
 * (page units, before the page rotation).
 */
export function drawPenTrajectory(ctx: SKRSContext2D, library: Pick<PenTrajectoryLibrary, 'unit' | 'samplePeriodMs'>, t: PenTrajectory, place: TrajectoryPlacement): Box {
  const { w, h } = aspectBox(t);
  const scale = place.width / w / library.unit;
  const mmPerUnit = Math.max(t.widthMm, t.heightMm) / library.unit;
  const cos = Math.cos(place.angle);
  const sin = Math.sin(place.angle);
  const toPage = (x: number, y: number): [number, number] => {
    const lx = x * scale - (w * library.unit * scale) / 2;
    const ly = y * scale - (h * library.unit * scale) / 2;
    const sx = lx + place.slant * ly;
    return [place.cx + sx * cos - ly * sin, place.cy + sx * sin + ly * cos];
  };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const grow = (x: number, y: number, half: number) => {
    x0 = Math.min(x0, x - half);
    y0 = Math.min(y0, y - half);
    x1 = Math.max(x1, x + half);
    y1 = Math.max(y1, y + half);
  };
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of t.strokes) {
    const n = stroke.length / 3;
    const points = Array.from({ length: n }, (_, i) => toPage(stroke[i * 3], stroke[i * 3 + 1]));
    // Speed as written (mm/s), from the neighbouring samples.
    const widths = Array.from({ length: n }, (_, i) => {
      const a = Math.max(0, i - 1);
      const b = Math.min(n - 1, i + 1);
      const distance = Math.hypot(stroke[b * 3] - stroke[a * 3], stroke[b * 3 + 1] - stroke[a * 3 + 1]) * mmPerUnit;
      const speed = b > a ? distance / (((b - a) * library.samplePeriodMs) / 1000) : 0;
      return trajectoryLineWidth(place.pen, place.nominal, stroke[i * 3 + 2] / 1000, speed);
    });
    if (n === 1) {
      ctx.beginPath();
      ctx.arc(points[0][0], points[0][1], widths[0] / 2, 0, Math.PI * 2);
      ctx.fill();
      grow(points[0][0], points[0][1], widths[0] / 2);
      continue;
    }
    for (let i = 0; i < n - 1; i++) {
      const p0 = points[Math.max(0, i - 1)];
      const p1 = points[i];
      const p2 = points[i + 1];
      const p3 = points[Math.min(n - 1, i + 2)];
      const pieces = Math.max(1, Math.ceil(Math.hypot(p2[0] - p1[0], p2[1] - p1[1]) / 0.5));
      let previous = p1;
      for (let k = 1; k <= pieces; k++) {
        const u = k / pieces;
        const u2 = u * u;
        const u3 = u2 * u;
        const f = (a: number, b: number, c: number, d: number) => 0.5 * (2 * b + (-a + c) * u + (2 * a - 5 * b + 4 * c - d) * u2 + (-a + 3 * b - 3 * c + d) * u3);
        const next: [number, number] = [f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])];
        const width = widths[i] + (widths[i + 1] - widths[i]) * (u - 0.5 / pieces);
        ctx.lineWidth = width;
        ctx.beginPath();
        ctx.moveTo(previous[0], previous[1]);
        ctx.lineTo(next[0], next[1]);
        ctx.stroke();
        grow(next[0], next[1], width / 2);
        previous = next;
      }
      grow(p1[0], p1[1], widths[i] / 2);
    }
  }
  ctx.restore();
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
