import { describe, expect, it } from 'vitest';
import { cleanImage } from '../../pipeline';
import { classicalEngine } from '../../classes/classical/classicalEngine';
import { MIN_TILT_DEGREES, sheetTilt, tiltedSize, tiltImage, tiltPlane, turnedTilt, untiltClassMap, type PageTilt } from './pageTilt';
import { turnPlane } from './quarterTurn';
import type { ClassMap, Engine, EngineInput, Point, RgbaImage, SheetOutline } from '../../shared/types';
import { InkClass } from '../../shared/types';
import { pageCoordinates, turnedPlane } from '../../testing/turnedPage';

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

/** Where a page point lies on the copy the tilt makes of a width × height page. */
function onCopy(point: Point, width: number, height: number, tilt: PageTilt): Point {
  const [cos, sin] = [Math.cos(-tilt.angle) * tilt.scale, Math.sin(-tilt.angle) * tilt.scale];
  const dx = point.x - width / 2 - (tilt.shift?.x ?? 0);
  const dy = point.y - height / 2 - (tilt.shift?.y ?? 0);
  return { x: width / 2 + cos * dx - sin * dy, y: height / 2 + sin * dx + cos * dy };
}

describe('the tilt of a found sheet', () => {
  it('is none for a sheet whose sides run along the frame and that nearly fills it, or tilted less than the minimum', () => {
    expect(sheetTilt(turnedSheet(200, 150, 380, 285, 0), 400, 300)).toBeNull();
    expect(sheetTilt(turnedSheet(200, 150, 380, 285, MIN_TILT_DEGREES - 1), 400, 300)).toBeNull();
    // A perspective view's sides are not parallel; a near-straight one is still not tilted.
    const trapezoid: SheetOutline = { corners: [{ x: 20, y: 10 }, { x: 380, y: 10 }, { x: 395, y: 290 }, { x: 5, y: 290 }] };
    expect(sheetTilt(trapezoid, 400, 300)).toBeNull();
  });

  it('reads a straight sheet small in the frame enlarged about its own centre, up to twice', () => {
    const small = sheetTilt(turnedSheet(260, 180, 160, 120, 0), 400, 300)!;
    expect(small.angle).toBe(0);
    expect(small.scale).toBe(2);
    expect(small.shift!.x).toBeCloseTo(60, 6);
    expect(small.shift!.y).toBeCloseTo(30, 6);
    const wide = sheetTilt(turnedSheet(200, 150, 320, 200, 0), 400, 300)!;
    expect(wide.scale).toBeCloseTo(400 / 320, 6);
  });

  it('is the sides\' direction modulo a quarter turn, and the turned sheet fills the frame', () => {
    expect(degrees(sheetTilt(turnedSheet(200, 150, 120, 90, 30), 400, 300)!.angle)).toBeCloseTo(30, 6);
    expect(degrees(sheetTilt(turnedSheet(200, 150, 120, 90, -20), 400, 300)!.angle)).toBeCloseTo(-20, 6);
    // A portrait sheet lying at 80° is a landscape one at −10°.
    expect(degrees(sheetTilt(turnedSheet(200, 150, 90, 120, 80), 400, 300)!.angle)).toBeCloseTo(-10, 6);
    // Off the centre, cut by the frame's right side, or larger than the frame once turned: the
    // visible part's corners land on the copy, and it touches the copy's sides across one axis.
    for (const sheet of [turnedSheet(320, 220, 160, 120, 30), turnedSheet(200, 150, 380, 200, 25), turnedSheet(150, 120, 200, 150, -12)]) {
      const tilt = sheetTilt(sheet, 400, 300)!;
      const seen = sheet.corners.filter((p) => p.x >= 0 && p.y >= 0 && p.x <= 400 && p.y <= 300).map((p) => onCopy(p, 400, 300, tilt));
      for (const q of seen) {
        expect(q.x).toBeGreaterThan(-1e-6);
        expect(q.x).toBeLessThan(400 + 1e-6);
        expect(q.y).toBeGreaterThan(-1e-6);
        expect(q.y).toBeLessThan(300 + 1e-6);
      }
    }
    const whole = sheetTilt(turnedSheet(150, 120, 200, 150, -12), 400, 300)!;
    const corners = turnedSheet(150, 120, 200, 150, -12).corners.map((p) => onCopy(p, 400, 300, whole));
    const xs = corners.map((q) => q.x);
    const ys = corners.map((q) => q.y);
    const fillsAcross = Math.min(...xs) < 1e-6 && Math.max(...xs) > 400 - 1e-6;
    const fillsDown = Math.min(...ys) < 1e-6 && Math.max(...ys) > 300 - 1e-6;
    expect(fillsAcross || fillsDown).toBe(true);
  });

  it('turns its shift with the page, so that reading a turned page gives the turned reading', () => {
    const [W, H] = [64, 48];
    const plane = new Uint8Array(W * H);
    for (let p = 0; p < plane.length; p++) plane[p] = (Math.floor((p % W) / 8) * 7 + Math.floor(p / W / 8) * 13) % 5 === 0 ? 255 : 0;
    const tilt: PageTilt = { angle: 0.3, scale: 1.4, shift: { x: 7, y: -5 } };
    const read = tiltPlane(plane, W, H, tilt);
    for (const turns of [1, 2, 3]) {
      const [w, h] = turns % 2 ? [H, W] : [W, H];
      const readTurned = tiltPlane(turnPlane(plane, W, H, turns), w, h, turnedTilt(tilt, turns));
      const size = tiltedSize(tilt, W, H);
      const turnedRead = turnPlane(read, size.width, size.height, turns);
      expect(readTurned.length).toBe(turnedRead.length);
      let same = 0;
      for (let p = 0; p < readTurned.length; p++) if (readTurned[p] === turnedRead[p]) same++;
      expect(same / readTurned.length).toBeGreaterThan(0.99);
    }
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

  it.each([
    ['shrunk about the centre', { angle: (-30 * Math.PI) / 180, scale: 0.9 }],
    ['enlarged about a point off the centre', { angle: (-30 * Math.PI) / 180, scale: 1.3, shift: { x: 10, y: -8 } }],
  ])('brings a class map read on the turned copy back onto the page (%s)', (_, tilt: PageTilt) => {
    const plane = barPlane(-30);
    // A full-resolution "class map" of the turned copy: the bar, straight, is print.
    const turned = tiltPlane(plane, W, H, tilt);
    // Enlarged, the copy is the sheet at its own resolution: smaller than the page.
    const size = tiltedSize(tilt, W, H);
    expect(turned.length).toBe(size.width * size.height);
    const map: ClassMap = { ...size, classes: turned.map((v) => (v ? InkClass.printed : InkClass.paper)), cellScale: 2 };
    const back = untiltClassMap(map, W, H, tilt);
    expect(back.cellScale).toBe(2);
    // The map's cells cover the page: each cell's centre on the bar should read print.
    let agree = 0;
    let bar = 0;
    for (let j = 0; j < back.height; j++) {
      for (let i = 0; i < back.width; i++) {
        const x = Math.floor(((i + 0.5) * W) / back.width);
        const y = Math.floor(((j + 0.5) * H) / back.height);
        if (!plane[y * W + x]) continue;
        bar++;
        if (back.classes[j * back.width + i] === InkClass.printed) agree++;
      }
    }
    expect(bar).toBeGreaterThan(100);
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
    // The sheet fills the engine's page at its own resolution (320 / 200 = 1.6 times the sheet).
    expect(seen[0].flattened.width).toBe(200);
    expect(seen[0].flattened.height).toBe(150);
    expect(Math.abs(mainAxis(seen[0].inkAlpha, 200))).toBeLessThan(2);
    // The kept line is where the photo has it, at its own angle.
    const kept = new Uint8Array(w * h);
    for (let p = 0; p < kept.length; p++) kept[p] = result.image.data[p * 4 + 3];
    expect(mainAxis(kept, w)).toBeCloseTo(28, 0);
  });
});
