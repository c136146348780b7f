import { describe, expect, it } from 'vitest';
import { findFrames } from './frames';

/** A 400² mask with a rotated rectangular stamp outline (2 cells thick) and a solid header bar along its top, lettered in white. */
function barStamp(angleDegrees: number, barDepth: number, lettered = true) {
  const width = 400;
  const height = 400;
  const mask = new Uint8Array(width * height);
  const a = (angleDegrees * Math.PI) / 180;
  const [cx, cy, halfU, halfV] = [200, 200, 70, 35];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = (x - cx) * Math.cos(a) + (y - cy) * Math.sin(a);
      const v = -(x - cx) * Math.sin(a) + (y - cy) * Math.cos(a);
      const inside = Math.abs(u) <= halfU && Math.abs(v) <= halfV;
      const onSide = inside && (Math.abs(u) > halfU - 2 || Math.abs(v) > halfV - 2);
      // The bar with its name knocked out in white: letter-sized holes along it.
      const knockedOut = lettered && v > -halfV + 6 && v < -halfV + barDepth - 6 && Math.abs(u) < halfU - 12 && Math.abs(u) % 10 < 5;
      const inBar = inside && v < -halfV + barDepth && !knockedOut;
      if (onSide || inBar) mask[y * width + x] = 1;
    }
  }
  return { mask, width, height };
}

describe('findFrames', () => {
  it('finds a rotated stamp frame whose top is a solid header bar, at its full size', () => {
    const { mask, width, height } = barStamp(22, 22);
    const frames = findFrames(mask, width, height);
    expect(frames).toHaveLength(1);
    const f = frames[0];
    expect(Math.max(f.halfU, f.halfV)).toBeGreaterThan(60);
    expect(Math.min(f.halfU, f.halfV)).toBeGreaterThan(28);
    expect(Math.hypot(f.cx - 200, f.cy - 200)).toBeLessThan(6);
  });

  it('takes no solid block for a frame', () => {
    const { mask, width, height } = barStamp(22, 70, false);
    expect(findFrames(mask, width, height)).toHaveLength(0);
  });
});
