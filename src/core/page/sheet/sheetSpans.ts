import type { RgbaImage, SheetOutline } from '../../shared/types';

/** The sheet's pixels row by row: pixel x of row y is on the sheet when start[y] ≤ x < end[y] (the outline is convex). */
export interface SheetSpans {
  start: Int32Array;
  end: Int32Array;
}

/** The pixels whose centres lie inside the outline. */
export function sheetSpans(sheet: SheetOutline, width: number, height: number): SheetSpans {
  const start = new Int32Array(height);
  const end = new Int32Array(height);
  const c = sheet.corners;
  for (let y = 0; y < height; y++) {
    const yc = y + 0.5;
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < 4; k++) {
      const a = c[k];
      const b = c[(k + 1) % 4];
      if ((a.y <= yc && b.y >= yc) || (b.y <= yc && a.y >= yc)) {
        const x = a.y === b.y ? Math.min(a.x, b.x) : a.x + ((yc - a.y) * (b.x - a.x)) / (b.y - a.y);
        const x2 = a.y === b.y ? Math.max(a.x, b.x) : x;
        lo = Math.min(lo, x);
        hi = Math.max(hi, x2);
      }
    }
    if (lo > hi) continue;
    start[y] = Math.max(0, Math.min(width, Math.ceil(lo - 0.5)));
    end[y] = Math.max(start[y], Math.min(width, Math.floor(hi - 0.5) + 1));
  }
  return { start, end };
}

/** Everything off the sheet becomes transparent paper (white, alpha 0) in place: no stage reads it as ink. */
export function clearOffSheet(image: RgbaImage, spans: SheetSpans): void {
  const { width, height, data } = image;
  const clear = (from: number, to: number): void => {
    for (let i = from * 4; i < to * 4; i += 4) {
      data[i] = 255;
      data[i + 1] = 255;
      data[i + 2] = 255;
      data[i + 3] = 0;
    }
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    clear(row, row + spans.start[y]);
    clear(row + spans.end[y], row + width);
  }
}
