import { describe, expect, it } from 'vitest';
import { COLOURED_TINT, inkTint } from './inkColour';
import type { InkGrid } from './inkGrid';

/** A grid of solid ink cells with the given deficits (255 − ink colour) per cell. */
function gridOf(deficits: [number, number, number][]): InkGrid {
  const n = deficits.length;
  const inkDeficit = new Uint8Array(n * 3);
  deficits.forEach((d, k) => inkDeficit.set(d, k * 3));
  return { width: n, height: 1, factor: 1, alpha: new Uint8Array(n).fill(255), mask: new Uint8Array(n).fill(1), inkDeficit };
}

describe('inkTint', () => {
  it('measures colour against the page neutral, so a cast on the printed ink is not colour', () => {
    // Printed ink with a warm cast (a photo under yellow light), a faint blue stroke and a dark blue one.
    const printed: [number, number, number] = [200, 205, 225];
    const grid = gridOf([printed, printed, printed, printed, printed, [60, 70, 125], [120, 140, 250]]);
    const { tint } = inkTint(grid);
    for (let k = 0; k < 5; k++) expect(tint[k]).toBeLessThan(COLOURED_TINT);
    expect(tint[5]).toBeGreaterThanOrEqual(COLOURED_TINT);
    expect(tint[6]).toBeGreaterThanOrEqual(COLOURED_TINT);
    // Faint and strong strokes of one ink have the same tint.
    expect(Math.abs(tint[5] - tint[6])).toBeLessThanOrEqual(3);
  });

  it('gives no tint to ink too faint to have a colour', () => {
    const grid = gridOf([[200, 200, 200], [200, 200, 200], [5, 10, 30]]);
    expect(inkTint(grid).tint[2]).toBe(0);
  });
});
