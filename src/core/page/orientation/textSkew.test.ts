import { describe, expect, it } from 'vitest';
import { classicalEngine } from '../../classes/classical/classicalEngine';
import { cleanImage } from '../../pipeline';
import { textTilt } from './textSkew';
import { turnedPlane, typedPage as typedPageOfSize } from '../../testing/turnedPage';
import type { Engine, RgbaImage } from '../../shared/types';

const degrees = (radians: number) => (radians * 180) / Math.PI;
const [W, H] = [420, 594];

const typedPage = (angle: number, options?: { lines?: number; sideways?: boolean }) => typedPageOfSize(W, H, angle, options);

/** A lone signature: a few long looping strokes, no rows. */
function signatureAlone(): Uint8Array {
  const plane = new Uint8Array(W * H);
  for (let t = 0; t < 4000; t++) {
    const s = t / 4000;
    const x = W / 2 - 150 + 300 * s + 30 * Math.sin(s * 40);
    const y = H / 2 + 60 * Math.sin(s * 9) - 40 * s + 25 * Math.cos(s * 40);
    for (let oy = -1; oy <= 1; oy++) for (let ox = -1; ox <= 1; ox++) plane[(Math.round(y) + oy) * W + Math.round(x) + ox] = 255;
  }
  return plane;
}

describe('the skew of a page\'s rows of type', () => {
  it('is the rows\' angle, either way, to a fraction of a degree', () => {
    for (const angle of [12, -20, 35]) {
      const tilt = textTilt(typedPage(angle), W, H);
      expect(tilt, `turned ${angle}°`).not.toBeNull();
      expect(degrees(tilt!.angle)).toBeCloseTo(angle, 0);
      expect(tilt!.scale).toBeLessThanOrEqual(1);
    }
  });

  it('is the same for a sideways page skewed alike (modulo a quarter turn; the orientation turns it after)', () => {
    const tilt = textTilt(typedPage(10, { sideways: true }), W, H);
    expect(degrees(tilt!.angle)).toBeCloseTo(10, 0);
  });

  it('is none for a straight page, one within the minimum, a lone signature, a few lines, or no ink', () => {
    expect(textTilt(typedPage(0), W, H)).toBeNull();
    expect(textTilt(typedPage(3), W, H)).toBeNull();
    expect(textTilt(signatureAlone(), W, H)).toBeNull();
    expect(textTilt(typedPage(15, { lines: 4 }), W, H)).toBeNull();
    expect(textTilt(new Uint8Array(W * H), W, H)).toBeNull();
  });

  it('shrinks the turned copy when the turned text would leave the frame', () => {
    // A text block as wide as the page, turned by 30°: its corners would leave a frame of the same size.
    const wide = turnedPlane(W, H, 30, (along, across) => Math.abs(along) < 250 && Math.abs(across) < 250 && (across + 250) % 14 < 6);
    const tilt = textTilt(wide, W, H)!;
    expect(degrees(tilt.angle)).toBeCloseTo(30, 0);
    expect(tilt.scale).toBeLessThan(0.95);
  });

  it('reaches the engine: a crooked scan\'s rows are read straight, and the result keeps them at their own angle', async () => {
    const plane = typedPage(14);
    const image: RgbaImage = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4) };
    for (let p = 0; p < plane.length; p++) image.data.set(plane[p] ? [25, 25, 30, 255] : [246, 244, 240, 255], p * 4);
    const seen: Uint8Array[] = [];
    const engine: Engine = {
      name: 'recording',
      classify: async (input) => {
        seen.push(input.inkAlpha.slice());
        return classicalEngine.classify(input);
      },
    };
    const result = await cleanImage(image, { mode: 'basic', extract: '', aggressive: false, crop: false, flatten: false }, engine);
    expect(seen).toHaveLength(1);
    // The engine's page has no skew left; the result's ink is the page's, still skewed.
    expect(textTilt(seen[0], W, H)).toBeNull();
    const kept = new Uint8Array(W * H);
    for (let p = 0; p < kept.length; p++) kept[p] = result.image.data[p * 4 + 3];
    expect(degrees(textTilt(kept, W, H)!.angle)).toBeCloseTo(14, 0);
  });
});
