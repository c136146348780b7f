import { describe, expect, it } from 'vitest';
import { CROP_HEIGHT, CROP_WIDTH, EMPTY_CROP, FULL_CROP, INK_CROP } from '../realData/inkCropFixture';
import { percentile, SOFT_ALPHA_DEFAULTS, softInkAlpha } from './softInkAlpha';

describe('a soft ink alpha for a crop of pen ink on paper', () => {
  it('takes percentiles at rank floor(q · (n − 1))', () => {
    const values = Uint8Array.from([9, 1, 5, 7, 3]);
    expect([percentile(values, 0), percentile(values, 0.5), percentile(values, 0.9), percentile(values, 1)]).toEqual([1, 5, 7, 9]);
  });

  it('keeps partial coverage between paper and ink core and drops light paper noise', () => {
    // 48 pixels: 4 core (40), 2 lighter stroke (140), 2 light noise (230), 40 paper (240).
    // Paper = rank 42 of 47 = 240; core = rank 0 = 40; alpha = (240 − grey) / 200.
    const ink = softInkAlpha(Uint8Array.from(INK_CROP), CROP_WIDTH, CROP_HEIGHT, { ...SOFT_ALPHA_DEFAULTS, margin: 1 });
    if ('skipped' in ink) throw new Error(ink.skipped);
    expect([ink.paper, ink.core]).toEqual([240, 40]);
    // 40 → 1, 140 → 0.5 (128), 230 → 0.05 under the 0.08 floor → 0. Coverage (4 + 2 · 0.5) / 48.
    expect(ink.coverage).toBeCloseTo(5 / 48, 6);
    // Ink at columns 2-4, rows 1-4, with a 1-pixel margin: columns 1-5, rows 0-5.
    expect([ink.x, ink.y, ink.width, ink.height]).toEqual([1, 0, 5, 6]);
    expect(Array.from(ink.alpha)).toEqual([
      0, 0, 0, 0, 0,
      0, 255, 0, 0, 0,
      0, 255, 128, 128, 0,
      0, 255, 0, 0, 0,
      0, 255, 0, 0, 0,
      0, 0, 0, 0, 0,
    ]);
    // Rows 1-4 hold alpha ≥ 0.5.
    expect(ink.inkHeight).toBe(4);
  });

  it('skips a crop without ink, and one nearly full of it', () => {
    expect(softInkAlpha(Uint8Array.from(EMPTY_CROP), CROP_WIDTH, CROP_HEIGHT)).toEqual({ skipped: 'no ink contrast (paper 240, core 240)' });
    // 38 of 48 pixels at 40: paper still 240 (rank 42), coverage 38 / 48.
    expect(softInkAlpha(Uint8Array.from(FULL_CROP), CROP_WIDTH, CROP_HEIGHT)).toEqual({ skipped: 'nearly full (coverage 0.792)' });
    // A few specks: 25 of 1 000 pixels at 40 are the core (rank 19), coverage 0.025 under 0.03.
    const specks = Array(100 * 10).fill(240);
    for (let p = 0; p < 25; p++) specks[p * 40] = 40;
    expect(softInkAlpha(Uint8Array.from(specks), 100, 10)).toEqual({ skipped: 'nearly empty (coverage 0.025)' });
    // Fewer specks than the core percentile: the core is paper, no contrast.
    expect(softInkAlpha(Uint8Array.from(specks.map((v, p) => (p < 600 ? v : 240))), 100, 10)).toEqual({ skipped: 'no ink contrast (paper 240, core 240)' });
  });

  it('refuses grey values of another size', () => {
    expect(() => softInkAlpha(new Uint8Array(5), 2, 2)).toThrow(/expected 2 × 2/);
  });
});
