import { describe, expect, it } from 'vitest';
import { findRings } from './rings';

/** A 600×850 analysis grid: rows of dense "type" (short strokes) over the top two thirds, and a seal's ring of radius 54 below them. */
function pageOfTextWithSeal(): { mask: Uint8Array; width: number; height: number } {
  const width = 600;
  const height = 850;
  const mask = new Uint8Array(width * height);
  for (let y = 40; y < 560; y += 9) {
    for (let x = 40; x < 560; x += 4) {
      if ((x * 7 + y * 3) % 23 < 4) continue;
      for (let dy = 0; dy < 6; dy++) mask[(y + dy) * width + x] = 1;
    }
  }
  const [cx, cy, r] = [140, 740, 54];
  for (let a = 0; a < 720; a++) {
    const t = (a / 720) * 2 * Math.PI;
    for (let dr = -1; dr <= 1; dr++) mask[Math.round(cy + (r + dr) * Math.sin(t)) * width + Math.round(cx + (r + dr) * Math.cos(t))] = 1;
  }
  return { mask, width, height };
}

describe('findRings', () => {
  it('finds a seal below a page of dense text, whose every circle is full of ink', () => {
    const { mask, width, height } = pageOfTextWithSeal();
    const rings = findRings(mask, width, height);
    const seal = rings.find((q) => Math.hypot(q.cx - 140, q.cy - 740) <= 3);
    expect(seal).toBeDefined();
    expect(Math.abs((seal?.r ?? 0) - 54)).toBeLessThanOrEqual(2);
  });
});
