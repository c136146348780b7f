/**
 * Plane polygons for the sheet evaluation: convexity, clipping a polygon by a convex
 * one (Sutherland–Hodgman) and the IoU of two quadrilaterals inside an image frame (area and pixel
 * coverage: src/core/shared/polygon.ts). Coordinates are image pixels (x right, y down); a pixel (x, y) is the unit square
 * from (x, y) to (x + 1, y + 1), covered when its centre is inside.
 */

import { polygonArea, signedArea, type Polygon } from '../../core/shared/polygon';
import type { Point } from '../../core/shared/types';

export type Vertex = Point;

/** (b − a) × (p − a): which side of the line a→b the point p lies on. */
const cross = (a: Vertex, b: Vertex, p: Vertex): number => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);

/** Convex and not degenerate: every turn the same way (collinear vertices allowed), a non-zero area. */
export function isConvex(polygon: Polygon): boolean {
  if (polygon.length < 3 || polygon.some((v) => !Number.isFinite(v.x) || !Number.isFinite(v.y))) return false;
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const turn = cross(polygon[i], polygon[(i + 1) % polygon.length], polygon[(i + 2) % polygon.length]);
    if (turn === 0) continue;
    if (sign === 0) sign = Math.sign(turn);
    else if (Math.sign(turn) !== sign) return false;
  }
  return sign !== 0 && polygonArea(polygon) > 0;
}

/** Where the segment p→q crosses the line through a and b (the caller knows they are on opposite sides). */
function crossing(p: Vertex, q: Vertex, a: Vertex, b: Vertex): Vertex {
  const dp = cross(a, b, p);
  const dq = cross(a, b, q);
  const t = dp / (dp - dq);
  return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) };
}

/**
 * The part of `subject` inside the convex polygon `clip` (either winding), by Sutherland–Hodgman:
 * the subject is cut by each of the clip's edge lines in turn. The subject may be any simple polygon;
 * the result may be empty ([]).
 */
export function clipPolygon(subject: Polygon, clip: Polygon): Vertex[] {
  if (!isConvex(clip)) throw new Error('clipPolygon: the clip polygon must be convex');
  const orientation = Math.sign(signedArea(clip));
  let output: Vertex[] = [...subject];
  for (let i = 0; i < clip.length && output.length > 0; i++) {
    const a = clip[i];
    const b = clip[(i + 1) % clip.length];
    const inside = (p: Vertex) => orientation * cross(a, b, p) >= 0;
    const input = output;
    output = [];
    for (let j = 0; j < input.length; j++) {
      const current = input[j];
      const previous = input[(j + input.length - 1) % input.length];
      if (inside(current)) {
        if (!inside(previous)) output.push(crossing(previous, current, a, b));
        output.push(current);
      } else if (inside(previous)) {
        output.push(crossing(previous, current, a, b));
      }
    }
  }
  return output;
}

/** The image frame as a polygon, clockwise from the top left. */
export function framePolygon(width: number, height: number): Vertex[] {
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
}

/**
 * Intersection over union of two polygons, each first clipped to the width × height frame. `truth`
 * must be convex (a sheet's outline); `found` may be any simple polygon. Two polygons with nothing
 * inside the frame have no IoU (NaN).
 */
export function polygonIoU(found: Polygon, truth: Polygon, width: number, height: number): number {
  if (!isConvex(truth)) throw new Error('polygonIoU: the true outline must be convex');
  const frame = framePolygon(width, height);
  const foundInFrame = clipPolygon(found, frame);
  const truthInFrame = clipPolygon(truth, frame);
  const foundArea = polygonArea(foundInFrame);
  const truthArea = polygonArea(truthInFrame);
  const overlap = truthArea > 0 && foundArea > 0 ? polygonArea(clipPolygon(foundInFrame, truthInFrame)) : 0;
  const union = foundArea + truthArea - overlap;
  return union > 0 ? overlap / union : NaN;
}
