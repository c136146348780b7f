import { describe, expect, it } from 'vitest';
import { computeInkAlpha, type AlphaThresholds } from '../paper/inkAlpha';
import { evenOutStampInk } from './stampInkStrength';
import { InkClass, type ClassMap, type RgbaImage } from '../shared/types';

const WIDTH = 60;
const HEIGHT = 20;
const THRESHOLDS: AlphaThresholds = { transparentBelow: 20, opaqueAbove: 130 };

/**
 * A violet stroke 4 px tall along y 8–11, x 5–54: fully inked at x < 30, lightly inked beyond,
 * where dark specks (every 6th column) stand in the pale ink. The class map says `stroke`.
 */
function unevenStroke(stroke: number) {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4).fill(255);
  const classes = new Uint8Array(WIDTH * HEIGHT);
  const paint = (x: number, y: number, deficit: number) => {
    const i = (y * WIDTH + x) * 4;
    data[i] = 255 - deficit * 0.6;
    data[i + 1] = 255 - deficit;
    data[i + 2] = 255 - deficit * 0.3;
    classes[y * WIDTH + x] = stroke;
  };
  for (let y = 8; y < 12; y++) for (let x = 5; x < 55; x++) paint(x, y, x < 30 ? 120 : x % 6 === 0 ? 120 : 60);
  const flattened: RgbaImage = { width: WIDTH, height: HEIGHT, data };
  const map: ClassMap = { width: WIDTH, height: HEIGHT, classes };
  return { flattened, map, alpha: computeInkAlpha(flattened, THRESHOLDS) };
}

const at = (alpha: Uint8Array, x: number, y: number) => alpha[y * WIDTH + x];

describe('evenOutStampInk', () => {
  it('makes pale stamp ink beside a dark speck opaque, as the rest of the impression', () => {
    const { flattened, map, alpha } = unevenStroke(InkClass.stamp);
    for (let x = 31; x < 54; x++) if (x % 6 !== 0) expect(at(alpha, x, 9), `before, x=${x}`).toBeLessThan(128); // measured against the specks
    evenOutStampInk(map, flattened, alpha, THRESHOLDS);
    for (let x = 31; x < 54; x++) expect(at(alpha, x, 9), `x=${x}`).toBeGreaterThanOrEqual(128);
    expect(at(alpha, 10, 9)).toBe(255);
    expect(at(alpha, 10, 2)).toBe(0); // paper stays paper
  });

  it('leaves a blurred photo\'s stroke rims that the learned decision thinned away as they were', () => {
    const { flattened, map, alpha } = unevenStroke(InkClass.stamp);
    // The pale columns 31–35 as a rim the decision thinned away: pale beside strong stamp ink, but paper.
    const thinnedRims = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 8; y < 12; y++) for (let x = 31; x < 36; x++) thinnedRims[y * WIDTH + x] = 1;
    const before = alpha.slice();
    evenOutStampInk(map, flattened, alpha, THRESHOLDS, thinnedRims);
    for (let x = 31; x < 36; x++) expect(at(alpha, x, 9), `rim, x=${x}`).toBe(at(before, x, 9));
    for (let x = 37; x < 54; x++) expect(at(alpha, x, 9), `x=${x}`).toBeGreaterThanOrEqual(128);
  });

  it('leaves ink of other classes as it was', () => {
    const { flattened, map, alpha } = unevenStroke(InkClass.handwriting);
    const before = alpha.slice();
    evenOutStampInk(map, flattened, alpha, THRESHOLDS);
    expect(alpha).toEqual(before);
  });
});
