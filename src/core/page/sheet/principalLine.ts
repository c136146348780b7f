/** A point with a weight (how much it counts in a fit). */
export interface WeightedPoint {
  x: number;
  y: number;
  w: number;
}

/**
 * The line through weighted points that minimises their squared distances across it (total least
 * squares): it passes through their weighted mean, along the major axis of their scatter. `direction`
 * is the line's angle (its normal is direction + π/2). Null for no weight.
 */
export function principalLine(points: readonly WeightedPoint[]): { x: number; y: number; direction: number } | null {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const p of points) {
    sw += p.w;
    sx += p.w * p.x;
    sy += p.w * p.y;
  }
  if (!(sw > 0)) return null;
  const mx = sx / sw;
  const my = sy / sw;
  let cxx = 0;
  let cxy = 0;
  let cyy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    cxx += p.w * dx * dx;
    cxy += p.w * dx * dy;
    cyy += p.w * dy * dy;
  }
  return { x: mx, y: my, direction: 0.5 * Math.atan2(2 * cxy, cxx - cyy) };
}
