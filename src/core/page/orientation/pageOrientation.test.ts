import { describe, expect, it } from 'vitest';
import { uprightTurns } from './pageOrientation';
import { cleanImage } from '../../pipeline';
import { turnImage, turnPlane } from './quarterTurn';
import { BLACK, PageCanvas, PEN_BLUE } from '../../testing/syntheticPage';
import { InkClass, type RgbaImage } from '../../shared/types';

/**
 * A letter: 22 lines of type in the upper part of the page (small letters with ascenders above
 * them, a few descenders), a blank band below, and a signature. Pseudo-random word lengths.
 */
function letter(): PageCanvas {
  const canvas = new PageCanvas(620, 880, () => [247, 245, 240]);
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 16777216;
  for (let line = 0; line < 22; line++) {
    const base = 60 + line * 29; // baseline of the line
    let x = 40;
    const end = line % 6 === 5 ? 300 : 580; // a paragraph's last line is short
    while (x < end) {
      const letters = 2 + Math.floor(random() * 7);
      for (let k = 0; k < letters && x < end; k++, x += 8) {
        const kind = random();
        const top = kind < 0.3 ? base - 13 : base - 8; // ascender or capital : small letter
        const bottom = kind > 0.9 ? base + 4 : base; // descender
        canvas.rect(x, top, 2, bottom - top, BLACK, InkClass.printed);
        canvas.rect(x + 2, base - 8, 5, 2, BLACK, InkClass.printed);
        canvas.rect(x + 2, base - 2, 5, 2, BLACK, InkClass.printed);
      }
      x += 10; // a word gap
    }
  }
  const curve: Array<[number, number]> = [];
  for (let t = 0; t <= 200; t += 2) curve.push([80 + t, 720 + 20 * Math.sin(t / 15)]);
  canvas.stroke(curve, 3, PEN_BLUE, InkClass.handwriting);
  canvas.flushStroke();
  return canvas;
}

function signatureAlone(): PageCanvas {
  const canvas = new PageCanvas(360, 200, () => [247, 245, 240]);
  const curve: Array<[number, number]> = [];
  for (let t = 0; t <= 300; t += 2) curve.push([30 + t, 100 + 50 * Math.sin(t / 9) * Math.cos(t / 40)]);
  canvas.stroke(curve, 4, PEN_BLUE, InkClass.handwriting);
  canvas.flushStroke();
  return canvas;
}

describe('uprightTurns', () => {
  it('leaves an upright page as it is and turns a sideways one upright, whichever way it lies', () => {
    const { width, height, truthAlpha } = letter();
    expect(uprightTurns(truthAlpha, width, height)).toBe(0);
    // Turned clockwise once, it needs three more quarter turns; turned three times, one.
    expect(uprightTurns(turnPlane(truthAlpha, width, height, 1), height, width)).toBe(3);
    expect(uprightTurns(turnPlane(truthAlpha, width, height, 3), height, width)).toBe(1);
  });

  it('does not turn an upside-down page over (the cue is not trusted for that) nor a lone signature', () => {
    const page = letter();
    expect(uprightTurns(turnPlane(page.truthAlpha, page.width, page.height, 2), page.width, page.height)).toBe(0);
    const { width, height, truthAlpha } = signatureAlone();
    for (const turns of [0, 1, 2, 3]) {
      const w = turns % 2 === 0 ? width : height;
      const h = turns % 2 === 0 ? height : width;
      expect(uprightTurns(turnPlane(truthAlpha, width, height, turns), w, h), `${turns} turns`).toBe(0);
    }
  });
});

describe('a sideways page in the pipeline', () => {
  it('is analysed upright: its result is the upright page’s result, turned', async () => {
    const page = letter().page();
    const options = { mode: 'advanced', extract: 'signature', aggressive: true, crop: false } as const;
    const upright = await cleanImage({ ...page.image, data: new Uint8ClampedArray(page.image.data) }, options);
    const sideways = await cleanImage(turnImage(page.image, 1), options);
    expect(sideways.image.width).toBe(page.image.height);
    const expected = turnImage(upright.image, 1).data;
    let differing = 0;
    for (let i = 0; i < expected.length; i++) if (sideways.image.data[i] !== expected[i]) differing++;
    expect(differing).toBe(0);
    // And the upright result is right: the signature kept, the type dropped.
    const alpha = (x: number, y: number) => upright.image.data[(y * page.image.width + x) * 4 + 3];
    expect(alpha(80, 720)).toBeGreaterThan(128);
    expect(alpha(41, 55)).toBe(0);
  });
});

describe('quarter turns', () => {
  it('move pixel (x, y) of a w×h raster to (h − 1 − y, x) per clockwise turn, and four turns change nothing', () => {
    const width = 5;
    const height = 3;
    const plane = Uint8Array.from({ length: width * height }, (_, k) => k + 1);
    const once = turnPlane(plane, width, height, 1);
    expect(once[1 * height + (height - 1 - 2)]).toBe(plane[2 * width + 1]); // (1, 2) → (0, 1)
    let image: RgbaImage = { width, height, data: Uint8ClampedArray.from({ length: width * height * 4 }, (_, k) => k) };
    const original = image.data.slice();
    for (let k = 0; k < 4; k++) image = turnImage(image, 1);
    expect([image.width, image.height]).toEqual([width, height]);
    expect(image.data).toEqual(original);
    expect(turnPlane(turnPlane(plane, width, height, 3), height, width, 1)).toEqual(plane);
  });
});
