import { describe, expect, it } from 'vitest';
import { pixelsWithAlpha } from './inkPixels';

/** The same list by the plain definition. */
function plainPixels(alpha: Uint8Array, least: number): number[] {
  const pixels: number[] = [];
  alpha.forEach((a, p) => {
    if (a >= least) pixels.push(p);
  });
  return pixels;
}

function randomAlpha(length: number, seed: number): Uint8Array {
  const alpha = new Uint8Array(length);
  let s = seed;
  for (let p = 0; p < length; p++) {
    s = (s * 1103515245 + 12345) >>> 0;
    // Mostly paper, some solid ink, some faint edges.
    const r = s >>> 24;
    alpha[p] = r < 200 ? 0 : r < 230 ? 255 : r & 127;
  }
  return alpha;
}

describe('pixelsWithAlpha', () => {
  it('lists the pixels with any ink and with solid ink, in order, as the plain scan does', () => {
    for (const length of [0, 1, 3, 4, 5, 1001, 4096]) {
      const alpha = randomAlpha(length, length + 7);
      expect(Array.from(pixelsWithAlpha(alpha, 1))).toEqual(plainPixels(alpha, 1));
      expect(Array.from(pixelsWithAlpha(alpha, 128))).toEqual(plainPixels(alpha, 128));
    }
  });

  it('reads a view that does not start on a word boundary byte by byte', () => {
    const whole = randomAlpha(2003, 11);
    const view = whole.subarray(1);
    expect(Array.from(pixelsWithAlpha(view, 1))).toEqual(plainPixels(view, 1));
    expect(Array.from(pixelsWithAlpha(view, 128))).toEqual(plainPixels(view, 128));
  });

  it('grows past its first buffer', () => {
    const alpha = new Uint8Array(200_000).fill(1);
    const pixels = pixelsWithAlpha(alpha, 1);
    expect(pixels.length).toBe(200_000);
    expect(pixels[199_999]).toBe(199_999);
    expect(pixelsWithAlpha(alpha, 128).length).toBe(0);
  });
});
