/**
 * Polygons in image pixels (x right, y down): area and which pixels one covers. A pixel (x, y) is the
 * unit square from (x, y) to (x + 1, y + 1), covered when its centre is inside.
 */
import type { Point } from './types';

export type Polygon = readonly Point[];

/** Signed shoelace area: positive when the points run clockwise in image coordinates (y down). */
export function signedArea(points: Polygon): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const q = points[(i + 1) % points.length];
    sum += p.x * q.y - q.x * p.y;
  }
  return sum / 2;
}

/**
 * `inside` (255 unless given) where a pixel's centre lies inside the polygon, 0 elsewhere; row-major.
 * Even–odd rule, so any simple polygon; corners may lie outside the frame.
 */
export function polygonMask(points: Polygon, width: number, height: number, inside = 255): Uint8Array {
  const mask = new Uint8Array(width * height);
  const crossings: number[] = [];
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < points.length; i++) {
      const p = points[i];
      const q = points[(i + 1) % points.length];
      if ((p.y <= cy) === (q.y <= cy)) continue;
      crossings.push(p.x + ((cy - p.y) / (q.y - p.y)) * (q.x - p.x));
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const x0 = Math.max(0, Math.ceil(crossings[k] - 0.5));
      const x1 = Math.min(width, Math.ceil(crossings[k + 1] - 0.5));
      if (x1 > x0) mask.fill(inside, y * width + x0, y * width + x1);
    }
  }
  return mask;
}

export const polygonArea = (points: Polygon): number => Math.abs(signedArea(points));
