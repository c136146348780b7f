import { describe, expect, it } from 'vitest';
import { cleanImage } from './pipeline';
import { classicalEngine } from './classicalEngine';
import { MIN_TILT_DEGREES, sheetTilt, tiltImage, tiltPlane, untiltClassMap } from './pageTilt';
import type { ClassMap, Engine, EngineInput, Point, RgbaImage, SheetOutline } from './types';
import { InkClass } from './types';
import { pageCoordinates, turnedPlane } from './testing/turnedPage';

const degrees = (radians: number) => (radians * 180) / Math.PI;

/** A w × h sheet centred at (cx, cy), turned by `angle` degrees (clockwise on the image, y down). */
function turnedSheet(cx: number, cy: number, w: number, h: number, angle: number): SheetOutline {
  const a = (angle * Math.PI) / 180;
  const at = (dx: number, dy: number): Point => ({ x: cx + dx * Math.cos(a) - dy * Math.sin(a), y: cy + dx * Math.sin(a) + dy * Math.cos(a) });
  return { corners: [at(-w / 2, -h / 2), at(w / 2, -h / 2), at(w / 2, h / 2), at(-w / 2, h / 2)] };
}

/** The direction (degrees, in (−90, 90]) of the main axis of the pixels a plane marks. */
function mainAxis(plane: Uint8Array, width: number): number {
  let n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  for (let p = 0; p < plane.length; p++) {
    if (plane[p] < 128) continue;
    const x = p % width;
    const y = Math.floor(p / width);
    n++; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y;
  }
  const [mx, my] = [sx / n, sy / n];
  return degrees(0.5 * Math.atan2(2 * (sxy / n - mx * my), sxx / n - mx * mx - (syy / n - my * my)));
}

describe('the tilt of a found sheet', () => {
  it('is none for a sheet whose sides run along the frame, or tilted less than the minimum', () => {
    expect(sheetTilt(turnedSheet(200, 150, 200, 150, 0), 400, 300)).toBeNull();
    expect(sheetTilt(turnedSheet(200, 150, 200, 150, MIN_TILT_DEGREES - 1), 400, 300)).toBeNull();
    // A perspective view's sides are not parallel; a near-straight one is still not tilted.
    const trapezoid: SheetOutline = { corners: [{ x: 120, y: 60 }, { x: 280, y: 60 }, { x: 300, y: 240 }, { x: 100, y: 240 }] };
    expect(sheetTilt(trapezoid, 400, 300)).toBeNull();
  });

  it('is the sides\' direction modulo a quarter turn, and its scale keeps the turned sheet in the frame', () => {
    expect(degrees(sheetTilt(turnedSheet(200, 150, 120, 90, 30), 400, 300)!.angle)).toBeCloseTo(30, 6);
    expect(degrees(sheetTilt(turnedSheet(200, 150, 120, 90, -20), 400, 300)!.angle)).toBeCloseTo(-20, 6);
    // A portrait sheet lying at 80° is a landscape one at −10°.
    expect(degrees(sheetTilt(turnedSheet(200, 150, 90, 120, 80), 400, 300)!.angle)).toBeCloseTo(-10, 6);
    expect(sheetTilt(turnedSheet(200, 150, 120, 90, 30), 400, 300)!.scale).toBe(1);
    // Turned about the frame's centre, a sheet off the centre and cut by the frame's right side
    // would leave the copy: the copy is made smaller. One that is cut but stays needs no change.
    const offCentre = sheetTilt(turnedSheet(320, 220, 160, 120, 30), 400, 300)!;
    expect(offCentre.scale).toBeLessThan(1);
    expect(offCentre.scale).toBeGreaterThan(0.8);
    expect(sheetTilt(turnedSheet(200, 150, 380, 200, 25), 400, 300)!.scale).toBe(1);
  });
});

describe('reading the page straight', () => {
  const [W, H] = [240, 180];

  /** A plane with a bar 100 × 6 through the centre, turned by `angle` degrees. */
  const barPlane = (angle: number) => turnedPlane(W, H, angle, (along, across) => Math.abs(along) < 50 && Math.abs(across) < 3);

  it('turns the page so that the sheet\'s rows run along the frame, image and alpha alike', () => {
    const tilt = { angle: (25 * Math.PI) / 180, scale: 1 };
    const plane = barPlane(25);
    expect(mainAxis(plane, W)).toBeCloseTo(25, 0);
    expect(Math.abs(mainAxis(tiltPlane(plane, W, H, tilt), W))).toBeLessThan(1);
    const image: RgbaImage = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4).fill(255) };
    for (let p = 0; p < plane.length; p++) if (plane[p]) image.data.set([0, 0, 0, 255], p * 4);
    const turned = tiltImage(image, tilt);
    const dark = new Uint8Array(W * H);
    for (let p = 0; p < dark.length; p++) dark[p] = turned.data[p * 4] < 128 ? 255 : 0;
    expect(Math.abs(mainAxis(dark, W))).toBeLessThan(1);
    // Outside the page: white, transparent paper.
    expect([...turned.data.subarray(0, 4)]).toEqual([255, 255, 255, 0]);
  });

  it('brings a class map read on the turned copy back onto the page', () => {
    const tilt = { angle: (-30 * Math.PI) / 180, scale: 0.9 };
    const plane = barPlane(-30);
    // A full-resolution "class map" of the turned copy: the bar, straight, is print.
    const turned = tiltPlane(plane, W, H, tilt);
    const map: ClassMap = { width: W, height: H, classes: turned.map((v) => (v ? InkClass.printed : InkClass.paper)), cellScale: 2 };
    const back = untiltClassMap(map, W, H, tilt);
    expect(back.cellScale).toBe(2);
    let agree = 0;
    let bar = 0;
    for (let p = 0; p < plane.length; p++) {
      if (!plane[p]) continue;
      bar++;
      if (back.classes[p] === InkClass.printed) agree++;
    }
    expect(agree / bar).toBeGreaterThan(0.9);
    expect(back.classes[0]).toBe(InkClass.paper);
  });

  it('gives the engine a tilted photo\'s sheet straight, and the result stays the page\'s own', async () => {
    // A photo 320 × 240: dark desk, a white sheet turned by 28° with a dark line along its rows.
    const [w, h] = [320, 240];
    const sheet = turnedSheet(160, 120, 200, 140, 28);
    const image: RgbaImage = { width: w, height: h, data: new Uint8ClampedArray(w * h * 4) };
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const { along, across } = pageCoordinates(x, y, w, h, 28);
        const onSheet = Math.abs(along) < 100 && Math.abs(across) < 70;
        const line = onSheet && Math.abs(along) < 70 && Math.abs(across) < 2;
        image.data.set(line ? [20, 20, 30, 255] : onSheet ? [240, 238, 232, 255] : [70, 55, 40, 255], (y * w + x) * 4);
      }
    }
    const seen: EngineInput[] = [];
    const engine: Engine = {
      name: 'recording',
      classify: async (input) => {
        seen.push({ flattened: input.flattened, inkAlpha: input.inkAlpha.slice() });
        return classicalEngine.classify(input);
      },
      findSheet: async () => ({ sheet, cover: null }),
    };
    const result = await cleanImage(image, { mode: 'basic', extract: '', aggressive: false, crop: false, flatten: false }, engine);
    expect(seen).toHaveLength(1);
    expect(seen[0].flattened.width).toBe(w);
    expect(Math.abs(mainAxis(seen[0].inkAlpha, w))).toBeLessThan(2);
    // The kept line is where the photo has it, at its own angle.
    const kept = new Uint8Array(w * h);
    for (let p = 0; p < kept.length; p++) kept[p] = result.image.data[p * 4 + 3];
    expect(mainAxis(kept, w)).toBeCloseTo(28, 0);
  });
});
