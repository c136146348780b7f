import { describe, expect, it } from 'vitest';
import { straightBars } from './straightBars';

const W = 200;
const H = 60;

function page(paint: (set: (x: number, y: number) => void) => void): Uint8Array {
  const mask = new Uint8Array(W * H);
  paint((x, y) => {
    const [xi, yi] = [Math.round(x), Math.round(y)];
    if (xi >= 0 && yi >= 0 && xi < W && yi < H) mask[yi * W + xi] = 1;
  });
  return mask;
}

const count = (a: Uint8Array) => a.reduce((s, v) => s + v, 0);

describe('straightBars', () => {
  it('finds a thick, slightly tilted rule and only its band, not the stroke crossing it', () => {
    const mask = page((set) => {
      for (let x = 10; x < 190; x++) for (let t = 0; t < 5; t++) set(x, 20 + x * 0.02 + t);
      // A pen stroke crossing the rule from top to bottom.
      for (let y = 2; y < 50; y++) for (let t = 0; t < 2; t++) set(100 + 8 * Math.sin(y / 5) + t, y);
    });
    const bars = straightBars(mask, W, H, 40);
    expect(bars[22 * W + 50]).toBe(1);
    expect(bars[5 * W + Math.round(100 + 8 * Math.sin(1))]).toBe(0);
    expect(bars[45 * W + Math.round(100 + 8 * Math.sin(9))]).toBe(0);
  });

  it('leaves a long pen stroke alone: its course and width wander', () => {
    const mask = page((set) => {
      for (let x = 10; x < 190; x++) {
        const width = 2 + Math.round(1.5 + 1.5 * Math.sin(x / 9));
        for (let t = 0; t < width; t++) set(x, 30 + 6 * Math.sin(x / 17) + t);
      }
    });
    expect(count(straightBars(mask, W, H, 40))).toBe(0);
  });

  it('leaves a short bar alone, and a bar too thick for its length (a filled block)', () => {
    const mask = page((set) => {
      for (let x = 10; x < 40; x++) for (let t = 0; t < 3; t++) set(x, 10 + t);
      for (let x = 60; x < 160; x++) for (let t = 0; t < 12; t++) set(x, 30 + t);
    });
    expect(count(straightBars(mask, W, H, 40))).toBe(0);
  });
});
