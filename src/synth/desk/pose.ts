/**
 * Where the sheet lies in the photo: the frame's size, then the page seen by a phone camera — turned
 * in its plane, tilted away from the lens (a pinhole projection: mild to strong perspective), scaled
 * to cover 25–95 % of the frame and placed in it, or pushed partly out of it (one corner or one side cut).
 */
import type { Point } from '../../core/shared/types';
import { polygonArea } from '../../core/shared/polygon';
import type { Random } from '../random';

export type FrameCut = 'none' | 'corner' | 'side';
export const FRAME_CUTS: readonly FrameCut[] = ['none', 'corner', 'side'];

export interface SheetPose {
  /** The page's corners (top-left, top-right, bottom-right, bottom-left of the page) in the photo's pixels. */
  corners: [Point, Point, Point, Point];
  /** In-plane turn in degrees. */
  rotation: number;
  /** Tilt of the sheet's plane away from the image plane, in degrees (0 = seen straight from above). */
  tilt: number;
  /** Target share of the frame the sheet's outline covers (before any cut). */
  coverage: number;
  cut: FrameCut;
}

/** A phone photo's frame: 4:3, portrait three times in four. */
export function frameSize(megapixels: number, random: Random): { width: number; height: number } {
  const short = Math.round(Math.sqrt((megapixels * 1e6 * 3) / 4));
  const long = Math.round((short * 4) / 3);
  return random.chance(0.75) ? { width: short, height: long } : { width: long, height: short };
}

export function drawCoverage(random: Random): number {
  return random.range(0.25, 0.95);
}

function drawRotation(random: Random): number {
  const r = random.next();
  if (r < 0.85) return random.range(-20, 20);
  if (r < 0.95) return (random.chance(0.5) ? 90 : -90) + random.range(-10, 10);
  return 180 + random.range(-8, 8);
}

/** The page rectangle turned, tilted and projected (pinhole camera, unit focal length), centred on 0. */
function projectPage(page: { width: number; height: number }, rotation: number, tilt: number, tiltAxis: number): Point[] {
  const size = Math.hypot(page.width, page.height);
  const distance = size * 1.3;
  const r = (rotation * Math.PI) / 180;
  const t = (tilt * Math.PI) / 180;
  // Rodrigues' rotation about the in-plane axis (cos tiltAxis, sin tiltAxis, 0).
  const ax = Math.cos(tiltAxis);
  const ay = Math.sin(tiltAxis);
  const corners = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ];
  return corners.map(([cx, cy]) => {
    const x0 = cx - page.width / 2;
    const y0 = cy - page.height / 2;
    const x = x0 * Math.cos(r) - y0 * Math.sin(r);
    const y = x0 * Math.sin(r) + y0 * Math.cos(r);
    const along = x * ax + y * ay;
    const across = -x * ay + y * ax;
    const acrossTilted = across * Math.cos(t);
    const z = across * Math.sin(t) + distance;
    return { x: ((along * ax - acrossTilted * ay) * distance) / z, y: ((along * ay + acrossTilted * ax) * distance) / z };
  });
}

function bounds(points: readonly Point[]): { x0: number; y0: number; x1: number; y1: number } {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

export function poseSheet(
  random: Random,
  page: { width: number; height: number },
  frame: { width: number; height: number },
  coverage: number,
  cut: FrameCut,
): SheetPose {
  const rotation = drawRotation(random);
  const tilt = Math.pow(random.next(), 1.5) * 45;
  const projected = projectPage(page, rotation, tilt, random.range(0, Math.PI * 2));
  let scale = Math.sqrt((coverage * frame.width * frame.height) / polygonArea(projected));
  const box = bounds(projected);
  // A whole sheet must fit the frame with a small margin.
  const fit = Math.min((0.98 * frame.width) / (box.x1 - box.x0), (0.98 * frame.height) / (box.y1 - box.y0));
  if (cut === 'none') scale = Math.min(scale, fit);
  const scaled = projected.map((p) => ({ x: p.x * scale, y: p.y * scale }));
  const b = bounds(scaled);
  const slackX = Math.max(0, frame.width - (b.x1 - b.x0));
  const slackY = Math.max(0, frame.height - (b.y1 - b.y0));
  let dx = -b.x0 + random.range(0, slackX) - (slackX === 0 ? (b.x1 - b.x0 - frame.width) / 2 : 0);
  let dy = -b.y0 + random.range(0, slackY) - (slackY === 0 ? (b.y1 - b.y0 - frame.height) / 2 : 0);
  let corners = scaled.map((p) => ({ x: p.x + dx, y: p.y + dy }));
  if (cut !== 'none') {
    const [sx, sy] = pushOutOfFrame(random, corners, frame, cut);
    dx = sx;
    dy = sy;
    corners = corners.map((p) => ({ x: p.x + dx, y: p.y + dy }));
  }
  return { corners: corners as SheetPose['corners'], rotation, tilt, coverage, cut };
}

/** The shift that takes one corner (or both corners of one side) 2–15 % of the frame beyond its nearest border. */
function pushOutOfFrame(random: Random, corners: readonly Point[], frame: { width: number; height: number }, cut: FrameCut): [number, number] {
  const k = random.int(0, 3);
  const chosen = cut === 'corner' ? [corners[k]] : [corners[k], corners[(k + 1) % 4]];
  const centre = { x: corners.reduce((s, p) => s + p.x, 0) / 4, y: corners.reduce((s, p) => s + p.y, 0) / 4 };
  const mid = { x: chosen.reduce((s, p) => s + p.x, 0) / chosen.length, y: chosen.reduce((s, p) => s + p.y, 0) / chosen.length };
  const horizontal = Math.abs(mid.x - centre.x) / frame.width > Math.abs(mid.y - centre.y) / frame.height;
  const beyond = random.range(0.02, 0.15);
  if (horizontal) {
    const past = beyond * frame.width;
    return mid.x > centre.x ? [frame.width + past - Math.min(...chosen.map((p) => p.x)), 0] : [-past - Math.max(...chosen.map((p) => p.x)), 0];
  }
  const past = beyond * frame.height;
  return mid.y > centre.y ? [0, frame.height + past - Math.min(...chosen.map((p) => p.y))] : [0, -past - Math.max(...chosen.map((p) => p.y))];
}
