import { giveBack, pooledUint8, pooledUint8Clamped } from '../../shared/bufferPool';
import { rgbaWords } from '../../shared/pixelWords';
import type { ClassMap, Engine, Point, RgbaImage, SheetOutline } from '../../shared/types';
import { InkClass } from '../../shared/types';

/**
 * A sheet photographed askew has its rows of type at an angle, and the ink classes, learned and
 * classical alike, read slanted print as something else than print: on real phone photos of printed
 * pages tilted by 20–30° the standard mode kept whole columns of broken type. So the classes are read
 * on a copy of the page turned by the sheet's tilt (its sides then run along the frame) and their map
 * turned back; every other stage stays on the page as it is, so the result keeps its own pixels.
 *
 * The sheet's visible part, turned straight, fills the copy as it would fill the page's frame
 * (enlarged up to MAX_ZOOM times, the copy then smaller than the page by as much: the sheet at its own
 * resolution), so the class model reads the sheet at its full scale, as it reads a flat page. On the
 * generated val photos (80) that took the signatures from 0.622 to 0.643 (stamps 0.685 both; model
 * card, "The sheet read at the model's full scale"). A sheet that lies straight and nearly fills the
 * frame is read as it is. The angle and scale commute with the orientation's quarter turns; the shift
 * turns with the page (turnedTilt).
 */
export interface PageTilt {
  /** The sheet's tilt in radians, in (−π/4, π/4]: the page is read turned by −angle. */
  angle: number;
  /** The turned page's scale: the turned sheet's box fills the frame (< 1 when a tilted sheet would leave it). */
  scale: number;
  /** The page point shown at the copy's centre, as an offset from the page's centre (none: the centre itself). */
  shift?: Point;
}

/**
 * Below this tilt (degrees) a page is read as it is. Chosen on the generated val photos (40): from 2°,
 * 5°, 10° the signature IoU was 0.624, 0.637, 0.605 (0.585 never turned), stamp 0.675, 0.679, 0.676.
 */
export const MIN_TILT_DEGREES = 5;

/** A sheet is read at most this many times enlarged, and only from MIN_ZOOM when it lies straight (chosen beforehand, not tuned). */
const MAX_ZOOM = 2;
const MIN_ZOOM = 1.1;

/**
 * How a found sheet is read: its tilt, from its four sides (each side's direction taken modulo a
 * quarter turn, averaged by length; none under MIN_TILT_DEGREES), and the scale and centre that make
 * its visible part fill the frame; or null when it lies straight and nearly fills the frame already.
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
  const sidesAngle = Math.atan2(s, c) / 4;
  const tilted = Math.abs(sidesAngle) >= (MIN_TILT_DEGREES * Math.PI) / 180;
  const angle = tilted ? sidesAngle : 0;
  // The visible sheet's box, turned straight, about the frame's centre.
  const [cos, sin] = [Math.cos(-angle), Math.sin(-angle)];
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const point of visibleOutline(sheet, width, height)) {
    const dx = point.x - width / 2;
    const dy = point.y - height / 2;
    const tx = cos * dx - sin * dy;
    const ty = sin * dx + cos * dy;
    minX = Math.min(minX, tx);
    maxX = Math.max(maxX, tx);
    minY = Math.min(minY, ty);
    maxY = Math.max(maxY, ty);
  }
  if (!(maxX > minX && maxY > minY)) return null;
  const scale = Math.min(MAX_ZOOM, width / (maxX - minX), height / (maxY - minY));
  if (!tilted && scale < MIN_ZOOM) return null;
  // The box's centre, turned back onto the page, is the copy's centre.
  const [mx, my] = [(minX + maxX) / 2, (minY + maxY) / 2];
  const shift = { x: Math.cos(angle) * mx - Math.sin(angle) * my, y: Math.sin(angle) * mx + Math.cos(angle) * my };
  return { angle, scale, shift };
}

/** The tilt as it applies to the page turned clockwise by `turns` quarter turns: the angle and scale are the same, the shift turns with the page. */
export function turnedTilt(tilt: PageTilt, turns: number): PageTilt {
  let shift = tilt.shift;
  if (!shift) return tilt;
  for (let t = ((turns % 4) + 4) % 4; t > 0; t--) shift = { x: -shift.y, y: shift.x };
  return { ...tilt, shift };
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
 * The size of the copy a tilt makes of a width × height page: the page's own, or smaller by the
 * enlargement, so that an enlarged sheet is copied at its own resolution (the model reads the copy
 * at its own scale either way, and the copy costs the sheet's pixels, not the frame's).
 */
export function tiltedSize(tilt: PageTilt, width: number, height: number): { width: number; height: number } {
  const zoom = Math.max(1, tilt.scale);
  return { width: Math.max(1, Math.round(width / zoom)), height: Math.max(1, Math.round(height / zoom)) };
}

/**
 * Where the copy's pixels come from: copy point q shows the page point s + R(angle)(q − c) / scale,
 * c the copy's centre, s the page's centre moved by the shift, scale the tilt's within the copy.
 */
interface CopyFrame {
  width: number;
  height: number;
  scale: number;
  sx: number;
  sy: number;
}

function copyFrame(tilt: PageTilt, width: number, height: number): CopyFrame {
  const size = tiltedSize(tilt, width, height);
  return { ...size, scale: Math.min(1, tilt.scale), sx: width / 2 + (tilt.shift?.x ?? 0), sy: height / 2 + (tilt.shift?.y ?? 0) };
}

/**
 * Row y of the copy starts at page point (x0, y0) for x = 0 and moves by (dx, dy) per pixel.
 * [from, to) are the columns whose point lies on the page; the rest of the row lies off it.
 */
interface SourceRow {
  x0: number;
  y0: number;
  dx: number;
  dy: number;
  from: number;
  to: number;
}

function sourceRow(y: number, width: number, height: number, tilt: PageTilt, frame: CopyFrame): SourceRow {
  const dx = Math.cos(tilt.angle) / frame.scale;
  const dy = Math.sin(tilt.angle) / frame.scale;
  const [cx, cy] = [frame.width / 2, frame.height / 2];
  const ry = y + 0.5 - cy;
  const x0 = frame.sx + dx * (0.5 - cx) - dy * ry;
  const y0 = frame.sy + dy * (0.5 - cx) + dx * ry;
  let from = 0;
  let to = frame.width;
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

/** The page turned by −tilt.angle (and scaled, its sheet centred), at tiltedSize, nearest pixel; outside it white paper, transparent. */
export function tiltImage(image: RgbaImage, tilt: PageTilt): RgbaImage {
  const { width, height, data } = image;
  const size = tiltedSize(tilt, width, height);
  const out = pooledUint8Clamped(size.width * size.height * 4);
  const src32 = rgbaWords(data, width * height);
  const out32 = rgbaWords(out, size.width * size.height);
  if (!src32 || !out32) {
    // No aligned words: the same walk a byte plane at a time.
    const plane = new Uint8Array(width * height);
    for (let c = 0; c < 4; c++) {
      for (let p = 0; p < plane.length; p++) plane[p] = data[p * 4 + c];
      const turned = tiltPlane(plane, width, height, tilt, c === 3 ? 0 : 255);
      for (let p = 0; p < turned.length; p++) out[p * 4 + c] = turned[p];
      giveBack(turned);
    }
    return { ...size, data: out };
  }
  const paper = new Uint32Array(new Uint8Array([255, 255, 255, 0]).buffer)[0];
  tiltElements(src32, out32, width, height, tilt, paper);
  return { ...size, data: out };
}

/** A one-byte plane (the ink alpha) of a width × height page turned as tiltImage turns the page (at tiltedSize); `outside` (0) off it. */
export function tiltPlane(plane: Uint8Array, width: number, height: number, tilt: PageTilt, outside = 0): Uint8Array {
  const size = tiltedSize(tilt, width, height);
  const out = pooledUint8(size.width * size.height);
  tiltElements(plane, out, width, height, tilt, outside);
  return out;
}

/** One element per pixel (a byte, or an RGBA word) copied from the width × height `source` to the turned `out`, `outside` off the page. */
function tiltElements<T extends Uint8Array | Uint32Array>(source: T, out: T, width: number, height: number, tilt: PageTilt, outside: number): void {
  const frame = copyFrame(tilt, width, height);
  for (let y = 0; y < frame.height; y++) tiltRow(source, out, y * frame.width, frame.width, width, height, sourceRow(y, width, height, tilt, frame), outside);
}

/** One row of tiltElements (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function tiltRow<T extends Uint8Array | Uint32Array>(source: T, out: T, row: number, rowLength: number, width: number, height: number, { x0, y0, dx, dy, from, to }: SourceRow, outside: number): void {
  out.fill(outside, row, row + from);
  out.fill(outside, row + to, row + rowLength);
  for (let x = from; x < to; x++) {
    const ix = Math.min(width - 1, Math.max(0, (x0 + x * dx) | 0));
    const iy = Math.min(height - 1, Math.max(0, (y0 + x * dy) | 0));
    out[row + x] = source[iy * width + ix];
  }
}

/**
 * A class map read on the turned copy of a width × height page, brought back onto the page: each
 * cell takes the class of the copy's cell its centre falls in (paper outside the copy).
 */
export function untiltClassMap(map: ClassMap, width: number, height: number, tilt: PageTilt): ClassMap {
  const { width: mw, height: mh } = map;
  const frame = copyFrame(tilt, width, height);
  const classes = new Uint8Array(mw * mh);
  const cos = Math.cos(-tilt.angle) * frame.scale;
  const sin = Math.sin(-tilt.angle) * frame.scale;
  const [cx, cy] = [frame.width / 2, frame.height / 2];
  for (let j = 0, cell = 0; j < mh; j++) {
    const dy = ((j + 0.5) * height) / mh - frame.sy;
    for (let i = 0; i < mw; i++, cell++) {
      const dx = ((i + 0.5) * width) / mw - frame.sx;
      const qx = cx + cos * dx - sin * dy;
      const qy = cy + sin * dx + cos * dy;
      const ti = Math.floor((qx * mw) / frame.width);
      const tj = Math.floor((qy * mh) / frame.height);
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
