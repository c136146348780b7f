import { giveBack, pooledUint8, pooledUint8Clamped } from './bufferPool';
import { rgbaWords } from './pixelWords';
import type { ClassMap, Engine, Point, RgbaImage, SheetOutline } from './types';
import { InkClass } from './types';

/**
 * A sheet photographed askew has its rows of type at an angle, and the ink classes, learned and
 * classical alike, read slanted print as something else than print: on real phone photos of printed
 * pages tilted by 20–30° the standard mode kept whole columns of broken type. So the classes are read
 * on a copy of the page turned by the sheet's tilt (its sides then run along the frame) and their map
 * turned back; every other stage stays on the page as it is, so the result keeps its own pixels.
 *
 * The copy has the page's size and centre, shrunk only as far as the tilted sheet needs to fit it.
 * A rotation and scaling about the centre commute with the orientation's quarter turns, so the same
 * tilt applies before and after them.
 */
export interface PageTilt {
  /** The sheet's tilt in radians, in (−π/4, π/4]: the page is read turned by −angle. */
  angle: number;
  /** ≤ 1: the turned page's scale, so that the sheet's corners stay in the frame. */
  scale: number;
}

/**
 * Below this tilt (degrees) a page is read as it is. Chosen on the generated val photos (40): from 2°,
 * 5°, 10° the signature IoU was 0.624, 0.637, 0.605 (0.585 never turned), stamp 0.675, 0.679, 0.676.
 */
export const MIN_TILT_DEGREES = 5;

/**
 * The tilt of a found sheet, from its four sides (each side's direction taken modulo a quarter turn,
 * averaged by length), or null when it is under MIN_TILT_DEGREES.
 */
export function sheetTilt(sheet: SheetOutline, width: number, height: number): PageTilt | null {
  const { corners } = sheet;
  let c = 0;
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const a = corners[i];
    const b = corners[(i + 1) % 4];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const direction = 4 * Math.atan2(b.y - a.y, b.x - a.x);
    c += length * Math.cos(direction);
    s += length * Math.sin(direction);
  }
  if (c === 0 && s === 0) return null;
  const angle = Math.atan2(s, c) / 4;
  if (Math.abs(angle) < (MIN_TILT_DEGREES * Math.PI) / 180) return null;
  const [cos, sin] = [Math.cos(-angle), Math.sin(-angle)];
  let scale = 1;
  for (const point of visibleOutline(sheet, width, height)) {
    const dx = point.x - width / 2;
    const dy = point.y - height / 2;
    const tx = Math.abs(cos * dx - sin * dy);
    const ty = Math.abs(sin * dx + cos * dy);
    if (tx > width / 2) scale = Math.min(scale, width / 2 / tx);
    if (ty > height / 2) scale = Math.min(scale, height / 2 / ty);
  }
  return { angle, scale };
}

/** Points that outline the part of the sheet inside the frame: its sides sampled, where they lie in the frame, and the frame's corners that lie on the sheet. */
function visibleOutline(sheet: SheetOutline, width: number, height: number): Point[] {
  const { corners } = sheet;
  const points: Point[] = [];
  const SAMPLES = 64;
  for (let i = 0; i < 4; i++) {
    const a = corners[i];
    const b = corners[(i + 1) % 4];
    for (let k = 0; k < SAMPLES; k++) {
      const t = k / SAMPLES;
      const point = { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
      if (point.x >= 0 && point.y >= 0 && point.x <= width && point.y <= height) points.push(point);
    }
  }
  for (const corner of [{ x: 0, y: 0 }, { x: width, y: 0 }, { x: width, y: height }, { x: 0, y: height }]) {
    if (insideConvex(corners, corner)) points.push(corner);
  }
  return points;
}

/** Whether a point lies inside a convex quadrilateral (either winding). */
function insideConvex(corners: readonly Point[], point: Point): boolean {
  let sign = 0;
  for (let i = 0; i < corners.length; i++) {
    const a = corners[i];
    const b = corners[(i + 1) % corners.length];
    const cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/**
 * Row y of the turned copy shows the page's points c + R(angle)(q − c) / scale: starting at
 * (x0, y0) for x = 0 and moving by (dx, dy) per pixel. [from, to) are the columns whose point lies
 * on the page; the rest of the row lies off it.
 */
interface SourceRow {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  from: number;
  to: number;
}

function sourceRow(y: number, width: number, height: number, tilt: PageTilt): SourceRow {
  const dx = Math.cos(tilt.angle) / tilt.scale;
  const dy = Math.sin(tilt.angle) / tilt.scale;
  const [cx, cy] = [width / 2, height / 2];
  const ry = y + 0.5 - cy;
  const x0 = cx + dx * (0.5 - cx) - dy * ry;
  const y0 = cy + dy * (0.5 - cx) + dx * ry;
  let from = 0;
  let to = width;
  // 0 ≤ start + x·step < limit, for the point's x and its y.
  for (const [start, step, limit] of [[x0, dx, width], [y0, dy, height]]) {
    if (Math.abs(step) < 1e-12) {
      if (start < 0 || start >= limit) to = 0;
      continue;
    }
    const a = (0 - start) / step;
    const b = (limit - start) / step;
    from = Math.max(from, Math.ceil(Math.min(a, b)));
    to = Math.min(to, Math.ceil(Math.max(a, b)));
  }
  return { x0, y0, dx, dy, from, to: Math.max(from, to) };
}

/** The page turned by −tilt.angle (and scaled) about its centre, same size, nearest pixel; outside it white paper, transparent. */
export function tiltImage(image: RgbaImage, tilt: PageTilt): RgbaImage {
  const { width, height, data } = image;
  const out = pooledUint8Clamped(data.length);
  const src32 = rgbaWords(data, width * height);
  const out32 = rgbaWords(out, width * height);
  if (!src32 || !out32) {
    // No aligned words: the same walk a byte plane at a time.
    for (let c = 0; c < 4; c++) {
      const plane = new Uint8Array(width * height);
      for (let p = 0; p < plane.length; p++) plane[p] = data[p * 4 + c];
      const turned = tiltPlane(plane, width, height, tilt, c === 3 ? 0 : 255);
      for (let p = 0; p < plane.length; p++) out[p * 4 + c] = turned[p];
      giveBack(turned);
    }
    return { width, height, data: out };
  }
  const paper = new Uint32Array(new Uint8Array([255, 255, 255, 0]).buffer)[0];
  tiltElements(src32, out32, width, height, tilt, paper);
  return { width, height, data: out };
}

/** A one-byte plane (the ink alpha) turned as tiltImage turns the page; `outside` (0) off it. */
export function tiltPlane(plane: Uint8Array, width: number, height: number, tilt: PageTilt, outside = 0): Uint8Array {
  const out = pooledUint8(width * height);
  tiltElements(plane, out, width, height, tilt, outside);
  return out;
}

/** One element per pixel (a byte, or an RGBA word) copied from `source` to the turned `out`, `outside` off the page. */
function tiltElements<T extends Uint8Array | Uint32Array>(source: T, out: T, width: number, height: number, tilt: PageTilt, outside: number): void {
  for (let y = 0; y < height; y++) tiltRow(source, out, y * width, width, height, sourceRow(y, width, height, tilt), outside);
}

/** One row of tiltElements (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function tiltRow<T extends Uint8Array | Uint32Array>(source: T, out: T, row: number, width: number, height: number, { x0, y0, dx, dy, from, to }: SourceRow, outside: number): void {
  out.fill(outside, row, row + from);
  out.fill(outside, row + to, row + width);
  for (let x = from; x < to; x++) {
    const ix = Math.min(width - 1, Math.max(0, (x0 + x * dx) | 0));
    const iy = Math.min(height - 1, Math.max(0, (y0 + x * dy) | 0));
    out[row + x] = source[iy * width + ix];
  }
}

/**
 * A class map read on the turned copy of a width × height page, brought back onto the page: each
 * cell takes the class of the turned copy's cell its centre falls in (paper outside the copy).
 */
export function untiltClassMap(map: ClassMap, width: number, height: number, tilt: PageTilt): ClassMap {
  const { width: mw, height: mh } = map;
  const classes = new Uint8Array(mw * mh);
  const cos = Math.cos(-tilt.angle) * tilt.scale;
  const sin = Math.sin(-tilt.angle) * tilt.scale;
  const [cx, cy] = [width / 2, height / 2];
  for (let j = 0, cell = 0; j < mh; j++) {
    const dy = ((j + 0.5) * height) / mh - cy;
    for (let i = 0; i < mw; i++, cell++) {
      const dx = ((i + 0.5) * width) / mw - cx;
      const qx = cx + cos * dx - sin * dy;
      const qy = cy + sin * dx + cos * dy;
      const ti = Math.floor((qx * mw) / width);
      const tj = Math.floor((qy * mh) / height);
      classes[cell] = ti >= 0 && tj >= 0 && ti < mw && tj < mh ? map.classes[tj * mw + ti] : InkClass.paper;
    }
  }
  return { ...map, classes };
}

/**
 * The engine's class map of a page read turned by its sheet's tilt, brought back onto the page.
 * `straightAlpha`, when given, is the ink alpha already turned (the orientation read it).
 */
export async function classifyTilted(engine: Engine, page: RgbaImage, inkAlpha: Uint8Array, tilt: PageTilt, straightAlpha?: Uint8Array): Promise<ClassMap> {
  const turnedPage = tiltImage(page, tilt);
  const turnedAlpha = straightAlpha ?? tiltPlane(inkAlpha, page.width, page.height, tilt);
  const map = await engine.classify({ flattened: turnedPage, inkAlpha: turnedAlpha });
  giveBack(turnedPage.data);
  if (turnedAlpha !== straightAlpha) giveBack(turnedAlpha);
  return untiltClassMap(map, page.width, page.height, tilt);
}
