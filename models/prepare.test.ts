import { describe, expect, it } from 'vitest';
import { textTilt } from '../src/core/page/orientation/textSkew';
import { InkClass, type RgbaImage } from '../src/core';
import { isType, pageCoordinates } from '../src/core/testing/turnedPage';
import { readStraight } from './prepare';

const [W, H] = [420, 594];

/** A scan fed in crooked: rows of type (truth: print) turned by `angle` degrees, a signature's bar (truth: handwriting) under them. */
function crookedPage(angle: number): { page: RgbaImage; alpha: Uint8Array; classes: Uint8Array } {
  const page: RgbaImage = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4).fill(245) };
  const alpha = new Uint8Array(W * H);
  const classes = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const { along, across } = pageCoordinates(x, y, W, H, angle);
      const type = isType(along, across);
      const signature = across > 170 && across < 176 && along > 20 && along < 120;
      if (!type && !signature) continue;
      const p = y * W + x;
      alpha[p] = 255;
      classes[p] = type ? InkClass.printed : InkClass.handwriting;
      page.data.set([30, 30, 40, 255], p * 4);
    }
  }
  return { page, alpha, classes };
}

describe('training pairs read straight (models/prepare.ts --straighten)', () => {
  it('turns a crooked page, its alpha and its truth together, as the pipeline reads it', () => {
    const { page, alpha, classes } = crookedPage(15);
    const straight = readStraight(null, page, alpha, classes);
    expect(straight.page).not.toBe(page);
    // No skew left, and every turned ink pixel keeps its own class: image, alpha and truth stay aligned.
    expect(textTilt(straight.inkAlpha, W, H)).toBeNull();
    let ink = 0;
    let aligned = 0;
    for (let p = 0; p < W * H; p++) {
      if (straight.inkAlpha[p] < 128) continue;
      ink++;
      const dark = straight.page.data[p * 4] < 128;
      if (dark && straight.classes[p] !== InkClass.paper) aligned++;
    }
    expect(ink).toBeGreaterThan(0.9 * alpha.filter((v) => v >= 128).length);
    expect(aligned).toBe(ink);
    expect(straight.classes.includes(InkClass.handwriting)).toBe(true);
  });

  it('leaves a straight page as it is', () => {
    const { page, alpha, classes } = crookedPage(0);
    const straight = readStraight(null, page, alpha, classes);
    expect(straight.page).toBe(page);
    expect(straight.inkAlpha).toBe(alpha);
    expect(straight.classes).toBe(classes);
  });
});
