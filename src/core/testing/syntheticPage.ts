import { InkClass, type InkClassId, type RgbaImage } from '../shared/types';

/**
 * Small programmatic test pages: anti-aliased shapes painted over a paper colour, with the class
 * and coverage of every pixel recorded as ground truth. Only for tests of src/core.
 */
export interface SyntheticPage {
  image: RgbaImage;
  /** Ink class of the topmost ink at each pixel (paper where none). */
  truthClass: Uint8Array;
  /** Ink coverage 0..255 of the topmost ink at each pixel. */
  truthAlpha: Uint8Array;
}

export type Rgb = readonly [number, number, number];

export class PageCanvas {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
  readonly truthClass: Uint8Array;
  readonly truthAlpha: Uint8Array;

  constructor(width: number, height: number, paper: (x: number, y: number) => Rgb) {
    this.width = width;
    this.height = height;
    this.data = new Uint8ClampedArray(width * height * 4);
    this.truthClass = new Uint8Array(width * height);
    this.truthAlpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [r, g, b] = paper(x, y);
        const i = (y * width + x) * 4;
        this.data[i] = r;
        this.data[i + 1] = g;
        this.data[i + 2] = b;
        this.data[i + 3] = 255;
      }
    }
  }

  /** Paints ink with coverage given by a function of the pixel centre, over the box [x0,x1)×[y0,y1). */
  paint(x0: number, y0: number, x1: number, y1: number, ink: Rgb, cls: InkClassId, coverage: (x: number, y: number) => number): void {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) {
        const a = Math.max(0, Math.min(1, coverage(x + 0.5, y + 0.5)));
        if (a <= 0) continue;
        const p = y * this.width + x;
        const i = p * 4;
        // Ink multiplies like a pigment layer: observed = paper · (1 − a·(1 − ink/255)).
        for (let c = 0; c < 3; c++) this.data[i + c] = this.data[i + c] * (1 - a * (1 - ink[c] / 255));
        const a8 = Math.round(a * 255);
        if (a8 >= this.truthAlpha[p] || a8 >= 128) {
          this.truthAlpha[p] = Math.max(a8, this.truthAlpha[p]);
          if (a8 >= 64) this.truthClass[p] = cls;
        }
      }
    }
  }

  rect(x: number, y: number, w: number, h: number, ink: Rgb, cls: InkClassId): void {
    this.paint(x - 1, y - 1, x + w + 1, y + h + 1, ink, cls, (px, py) =>
      Math.min(Math.min(px - x, x + w - px) + 0.5, Math.min(py - y, y + h - py) + 0.5),
    );
  }

  /** A stroke along a polyline with a round pen of the given width. */
  stroke(points: ReadonlyArray<readonly [number, number]>, width: number, ink: Rgb, cls: InkClassId): void {
    const half = width / 2;
    for (let s = 0; s + 1 < points.length; s++) {
      const [ax, ay] = points[s];
      const [bx, by] = points[s + 1];
      const x0 = Math.min(ax, bx) - half - 1;
      const y0 = Math.min(ay, by) - half - 1;
      const x1 = Math.max(ax, bx) + half + 1;
      const y1 = Math.max(ay, by) + half + 1;
      this.paintMax(x0, y0, x1, y1, ink, cls, (px, py) => half + 0.5 - segmentDistance(px, py, ax, ay, bx, by));
    }
  }

  ring(cx: number, cy: number, radius: number, width: number, ink: Rgb, cls: InkClassId): void {
    const r = radius + width;
    this.paint(cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1, ink, cls, (px, py) => {
      const d = Math.hypot(px - cx, py - cy);
      return width / 2 + 0.5 - Math.abs(d - radius);
    });
  }

  /** Like paint, but segments of one stroke do not darken each other twice. */
  private paintMax(x0: number, y0: number, x1: number, y1: number, ink: Rgb, cls: InkClassId, coverage: (x: number, y: number) => number): void {
    const mark = new Map<number, number>();
    this.strokeCoverage ??= mark;
    const shared = this.strokeCoverage;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) {
        const a = Math.max(0, Math.min(1, coverage(x + 0.5, y + 0.5)));
        const p = y * this.width + x;
        const previous = shared.get(p) ?? 0;
        if (a > previous) shared.set(p, a);
      }
    }
    this.strokeInk = ink;
    this.strokeClass = cls;
  }

  private strokeCoverage: Map<number, number> | undefined;
  private strokeInk: Rgb = [0, 0, 0];
  private strokeClass: InkClassId = InkClass.handwriting;

  /** Paints the stroke accumulated by `stroke` calls since the last flush. */
  flushStroke(): void {
    const shared = this.strokeCoverage;
    if (!shared) return;
    this.strokeCoverage = undefined;
    for (const [p, a] of shared) {
      const x = p % this.width;
      const y = (p - x) / this.width;
      this.paint(x, y, x + 1, y + 1, this.strokeInk, this.strokeClass, () => a);
    }
  }

  page(): SyntheticPage {
    this.flushStroke();
    return { image: { width: this.width, height: this.height, data: this.data }, truthClass: this.truthClass, truthAlpha: this.truthAlpha };
  }
}

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

export const BLACK: Rgb = [25, 25, 30];
export const PEN_BLUE: Rgb = [30, 55, 165];
export const STAMP_VIOLET: Rgb = [115, 60, 175];

/**
 * The standard test form: two rows of printed-like glyphs, a long form line, a curvy blue
 * signature stroke and a violet stamp ring with letters inside, on the given paper.
 */
/** A box-like printed glyph 7 × 12 px at (x, y), open at its right side unless `closed`: printed letters at small size. */
export function printedGlyph(canvas: PageCanvas, x: number, y: number, closed: boolean): void {
  canvas.rect(x, y, 2, 12, BLACK, InkClass.printed);
  canvas.rect(x + 2, y, 5, 2, BLACK, InkClass.printed);
  canvas.rect(x + 2, y + 10, 5, 2, BLACK, InkClass.printed);
  if (closed) canvas.rect(x + 6, y, 2, 12, BLACK, InkClass.printed);
}

export function testForm(paper: (x: number, y: number) => Rgb = () => [246, 242, 232], width = 480, height = 320): SyntheticPage {
  const canvas = new PageCanvas(width, height, paper);
  for (let row = 0; row < 2; row++) {
    for (let g = 0; g < 22; g++) {
      const x = 24 + g * 11 + (g >= 8 ? 6 : 0);
      const y = 30 + row * 24;
      printedGlyph(canvas, x, y, g % 3 === 0);
    }
  }
  canvas.rect(20, 250, 440, 2, BLACK, InkClass.formLine);
  const curve: Array<[number, number]> = [];
  for (let t = 0; t <= 160; t += 2) curve.push([50 + t, 170 + 22 * Math.sin(t / 14) + t * 0.1]);
  canvas.stroke(curve, 3, PEN_BLUE, InkClass.handwriting);
  canvas.flushStroke();
  canvas.ring(370, 150, 55, 5, STAMP_VIOLET, InkClass.stamp);
  canvas.ring(370, 150, 40, 2, STAMP_VIOLET, InkClass.stamp);
  for (let k = 0; k < 8; k++) {
    const angle = (k / 8) * Math.PI * 2;
    const x = 370 + Math.cos(angle) * 47.5 - 2;
    const y = 150 + Math.sin(angle) * 47.5 - 3;
    canvas.rect(x, y, 4, 6, STAMP_VIOLET, InkClass.stamp);
  }
  canvas.rect(350, 144, 40, 3, STAMP_VIOLET, InkClass.stamp);
  canvas.rect(350, 152, 4, 8, STAMP_VIOLET, InkClass.stamp);
  return canvas.page();
}
