import type { Point, RgbaImage, SheetOutline } from '../../shared/types';

/** Maps the unit square (u, v) onto a quad: x = (a·u + b·v + c) / (g·u + h·v + 1), likewise y. */
interface SquareToQuad {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  g: number;
  h: number;
}

/** The projective map taking (0,0), (1,0), (1,1), (0,1) to the corners in order (Heckbert's closed form). */
export function squareToQuad([p0, p1, p2, p3]: SheetOutline['corners']): SquareToQuad {
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) {
    return { a: p1.x - p0.x, b: p3.x - p0.x, c: p0.x, d: p1.y - p0.y, e: p3.y - p0.y, f: p0.y, g: 0, h: 0 };
  }
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return { a: p1.x - p0.x + g * p1.x, b: p3.x - p0.x + h * p3.x, c: p0.x, d: p1.y - p0.y + g * p1.y, e: p3.y - p0.y + h * p3.y, f: p0.y, g, h };
}

export function mapSquarePoint(m: SquareToQuad, u: number, v: number): Point {
  const w = m.g * u + m.h * v + 1;
  return { x: (m.a * u + m.b * v + m.c) / w, y: (m.d * u + m.e * v + m.f) / w };
}

/** The straightened sheet's size: its longer top/bottom edge by its longer left/right edge, at most `maxPixels`. */
export function straightenedSize(sheet: SheetOutline, maxPixels: number): { width: number; height: number } {
  const [p0, p1, p2, p3] = sheet.corners;
  let width = Math.max(Math.hypot(p1.x - p0.x, p1.y - p0.y), Math.hypot(p2.x - p3.x, p2.y - p3.y));
  let height = Math.max(Math.hypot(p3.x - p0.x, p3.y - p0.y), Math.hypot(p2.x - p1.x, p2.y - p1.y));
  const shrink = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  width *= shrink;
  height *= shrink;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/**
 * The sheet perspective-corrected to a rectangle, as a document scanner app gives it: every output
 * pixel samples the image where the sheet's projective map puts it (bilinear, alpha-weighted so
 * transparent paper does not darken the ink's edges). Parts of the sheet outside the frame stay transparent.
 */
export function straightenSheet(image: RgbaImage, sheet: SheetOutline, maxPixels = image.width * image.height): RgbaImage {
  const { width: sw, height: sh, data: src } = image;
  const { width, height } = straightenedSize(sheet, maxPixels);
  const map = squareToQuad(sheet.corners);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let j = 0; j < height; j++) {
    const v = (j + 0.5) / height;
    for (let i = 0; i < width; i++) {
      const u = (i + 0.5) / width;
      const w = map.g * u + map.h * v + 1;
      const x = (map.a * u + map.b * v + map.c) / w - 0.5;
      const y = (map.d * u + map.e * v + map.f) / w - 0.5;
      if (x < -0.5 || y < -0.5 || x > sw - 0.5 || y > sh - 0.5) continue;
      const x0 = x < 0 ? 0 : Math.min(sw - 1, x | 0);
      const y0 = y < 0 ? 0 : Math.min(sh - 1, y | 0);
      const fx = x <= x0 ? 0 : Math.min(1, x - x0);
      const fy = y <= y0 ? 0 : Math.min(1, y - y0);
      const k00 = (y0 * sw + x0) * 4;
      const k01 = x0 + 1 < sw ? k00 + 4 : k00;
      const k10 = y0 + 1 < sh ? k00 + sw * 4 : k00;
      const k11 = x0 + 1 < sw ? k10 + 4 : k10;
      // Alpha-weighted taps: transparent paper's colour must not bleed into the ink's edge.
      const w00 = (1 - fx) * (1 - fy) * src[k00 + 3];
      const w01 = fx * (1 - fy) * src[k01 + 3];
      const w10 = (1 - fx) * fy * src[k10 + 3];
      const w11 = fx * fy * src[k11 + 3];
      const a = w00 + w01 + w10 + w11;
      if (a <= 0) continue;
      const o = (j * width + i) * 4;
      out[o] = (w00 * src[k00] + w01 * src[k01] + w10 * src[k10] + w11 * src[k11]) / a;
      out[o + 1] = (w00 * src[k00 + 1] + w01 * src[k01 + 1] + w10 * src[k10 + 1] + w11 * src[k11 + 1]) / a;
      out[o + 2] = (w00 * src[k00 + 2] + w01 * src[k01 + 2] + w10 * src[k10 + 2] + w11 * src[k11 + 2]) / a;
      out[o + 3] = a;
    }
  }
  return { width, height, data: out };
}
