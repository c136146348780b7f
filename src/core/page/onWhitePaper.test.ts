import { describe, expect, it } from 'vitest';
import { onWhitePaper } from './onWhitePaper';

describe('a see-through picture laid over white paper', () => {
  it('returns an opaque picture itself, untouched', () => {
    const image = { width: 2, height: 1, data: new Uint8ClampedArray([10, 20, 30, 255, 40, 50, 60, 255]) };
    expect(onWhitePaper(image)).toBe(image);
  });

  it('lays each pixel over white by its alpha and makes it opaque, leaving the input as it was', () => {
    const data = new Uint8ClampedArray([200, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 128, 20, 20, 20, 255]);
    const image = { width: 4, height: 1, data };
    const out = onWhitePaper(image);
    expect(Array.from(out.data)).toEqual([200, 0, 0, 255, 255, 255, 255, 255, 127, 127, 255, 255, 20, 20, 20, 255]);
    expect(data[7]).toBe(0);
  });
});
