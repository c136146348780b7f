/**
 * The dark bands a scan or photocopy shows along its edges where the lid or the copier glass was not
 * covered by the sheet: one to three sides, a few pixels to 4 % of the side deep, the inner edge
 * ragged and often slanted (the sheet lay askew), near black to dark grey. Drawn on the noise layer
 * in pixel coordinates (a border belongs to the scan, not to the page), so its truth is noise: ink that
 * no mode keeps. Real office scans (Tobacco800) carry them; without them the class model had no
 * answer for a thick black bar at the page's edge and called it writing.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Random } from './random';

type Side = 'left' | 'right' | 'top' | 'bottom';
const SIDES: readonly Side[] = ['left', 'right', 'top', 'bottom'];

export function drawScanBorders(ctx: SKRSContext2D, random: Random, width: number, height: number): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const count = random.chance(0.6) ? 1 : random.chance(0.7) ? 2 : 3;
  const sides = [...SIDES];
  for (let i = sides.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [sides[i], sides[j]] = [sides[j], sides[i]];
  }
  sides.length = count;
  for (const side of sides) {
    const along = side === 'left' || side === 'right' ? height : width;
    const across = side === 'left' || side === 'right' ? width : height;
    const depthStart = across * random.range(0.004, 0.04);
    const depthEnd = depthStart * random.range(0.4, 1.6);
    const grey = Math.round(random.range(0, 60));
    ctx.fillStyle = `rgb(${grey}, ${grey}, ${grey})`;
    // The inner edge: points every few pixels, the depth drifting from start to end with a ragged wobble.
    const step = Math.max(4, Math.round(along / 200));
    const inner: [number, number][] = [];
    let wobble = 0;
    for (let t = 0; t <= along + step; t += step) {
      const u = Math.min(1, t / along);
      wobble = 0.8 * wobble + random.range(-0.04, 0.04);
      const depth = Math.max(1, (depthStart + (depthEnd - depthStart) * u) * (1 + wobble));
      inner.push([Math.min(t, along), depth]);
    }
    const point = (t: number, depth: number): [number, number] => {
      if (side === 'left') return [depth, t];
      if (side === 'right') return [width - depth, t];
      if (side === 'top') return [t, depth];
      return [t, height - depth];
    };
    ctx.beginPath();
    ctx.moveTo(...point(0, 0));
    for (const [t, depth] of inner) ctx.lineTo(...point(t, depth));
    ctx.lineTo(...point(along, 0));
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}
