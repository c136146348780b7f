import { describe, expect, it } from 'vitest';
import { cappedPsnrDb, countBinary, fMeasurePercent, psnrDb, scoreBinaryPage } from './binaryMetrics';

/** A map from rows of '#' (ink) and '.' (paper). */
const map = (...rows: string[]) => Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));

describe('binaryMetrics', () => {
  const truth = map('##..', '##..', '....', '....');

  it('counts a 4×4 page with one missed and one extra ink pixel: P = R = 0.75, FM 75 %, PSNR 10·log10(16/2) = 9.031 dB', () => {
    const predicted = map('##..', '#...', '..#.', '....');
    const c = countBinary(predicted, truth);
    expect(c).toEqual({ truePositive: 3, falsePositive: 1, falseNegative: 1, trueNegative: 11 });
    const score = scoreBinaryPage(predicted, truth);
    expect(score.precision).toBe(0.75);
    expect(score.recall).toBe(0.75);
    expect(score.fm).toBeCloseTo(75, 10);
    expect(score.psnr).toBeCloseTo(9.0309, 4);
    expect(score.identical).toBe(false);
  });

  it('scores a prediction with half the ink and nothing extra: P 1, R 0.5, FM 2·1·0.5/1.5 = 66.67 %', () => {
    const predicted = map('##..', '....', '....', '....');
    const score = scoreBinaryPage(predicted, truth);
    expect(score.precision).toBe(1);
    expect(score.recall).toBe(0.5);
    expect(score.fm).toBeCloseTo(200 / 3, 10);
    expect(score.psnr).toBeCloseTo(10 * Math.log10(8), 10);
  });

  it('reads any non-zero byte as ink', () => {
    expect(countBinary(Uint8Array.of(255, 0, 7, 0), Uint8Array.of(1, 1, 0, 0))).toEqual({ truePositive: 1, falsePositive: 1, falseNegative: 1, trueNegative: 1 });
  });

  it('gives an identical page an infinite PSNR, capped at one wrong pixel (10·log10(16) = 12.04 dB), and FM 100 %', () => {
    const c = countBinary(truth, truth);
    expect(psnrDb(c)).toBe(Infinity);
    expect(cappedPsnrDb(c)).toBeCloseTo(10 * Math.log10(16), 10);
    const score = scoreBinaryPage(truth, truth);
    expect(score.fm).toBe(100);
    expect(score.identical).toBe(true);
  });

  it('defines the degenerate pages: no ink anywhere is perfect, no ink found is FM 0, ink invented on a blank page is FM 0', () => {
    const blank = map('....', '....');
    expect(fMeasurePercent(countBinary(blank, blank))).toBe(100);
    expect(scoreBinaryPage(blank, map('#...', '....'))).toMatchObject({ fm: 0, precision: 0, recall: 0 });
    expect(scoreBinaryPage(map('#...', '....'), blank)).toMatchObject({ fm: 0, precision: 0, recall: 1 });
  });

  it('refuses maps of different sizes', () => {
    expect(() => countBinary(new Uint8Array(4), new Uint8Array(5))).toThrow(/4 pixels, truth 5/);
  });
});
