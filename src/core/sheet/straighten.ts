import type { Point, RgbaImage, SheetOutline } from '../types';

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
      const x0 = Math.max(0, Math.min(sw - 1, Math.floor(x)));
      const y0 = Math.max(0, Math.min(sh - 1, Math.floor(y)));
      const x1 = Math.min(sw - 1, x0 + 1);
      const y1 = Math.min(sh - 1, y0 + 1);
      const fx = Math.max(0, Math.min(1, x - x0));
      const fy = Math.max(0, Math.min(1, y - y0));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      const tap = (px: number, py: number, weight: number): void => {
        const k = (py * sw + px) * 4;
        const wa = weight * src[k + 3];
        r += wa * src[k];
        g += wa * src[k + 1];
        b += wa * src[k + 2];
        a += wa;
      };
      tap(x0, y0, (1 - fx) * (1 - fy));
      tap(x1, y0, fx * (1 - fy));
      tap(x0, y1, (1 - fx) * fy);
      tap(x1, y1, fx * fy);
      if (a <= 0) continue;
      const o = (j * width + i) * 4;
      out[o] = r / a;
      out[o + 1] = g / a;
      out[o + 2] = b / a;
      out[o + 3] = a;
    }
  }
  return { width, height, data: out };
}
