import { describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../shared/types';
import { flattenSheet } from '../../paper/flattenSheet';
import { EDGE_REACH } from './sheetEdge';
import { clearDeskAtFrameEdge, longDarkFrameRuns, MIN_FRAME_RUN } from './frameEdge';

const WHITE = [255, 255, 255, 255];
const DESK = [70, 60, 50, 255];
const INK = [20, 30, 90, 255];

type Rect = { x0: number; x1: number; y0: number; y1: number; colour: number[] };

/** A flattened page, 300 × 200 (EDGE_REACH of it: 6 px), white but for the given rectangles (later ones on top). */
function page(rects: Rect[]): RgbaImage {
  const [width, height] = [300, 200];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let colour = WHITE;
      for (const r of rects) if (x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1) colour = r.colour;
      data.set(colour, (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const alpha = (image: RgbaImage, x: number, y: number) => image.data[(y * image.width + x) * 4 + 3];

describe('a strip of desk or a scanner border along the frame', () => {
  it('is cleared where it turns a corner, and the page\'s ink stays', () => {
    // 3 px of desk along the bottom from the left corner to x 40, and up the left side to y 170:
    // 40 and 30 px along the border, each shorter than MIN_FRAME_RUN of the mean side (50 px), one
    // run of 69 around the corner.
    const strip = [
      { x0: 0, x1: 40, y0: 197, y1: 200, colour: DESK },
      { x0: 0, x1: 3, y0: 170, y1: 200, colour: DESK },
    ];
    const ink = { x0: 40, x1: 90, y0: 100, y1: 104, colour: INK };
    const image = page([...strip, ink]);
    const least = (MIN_FRAME_RUN * (300 + 200)) / 2;
    expect(Math.max(40, 30)).toBeLessThan(least);
    expect(longDarkFrameRuns(image)).toHaveLength(1);
    const cleared = clearDeskAtFrameEdge(image);
    expect(cleared).toBe(40 * 3 + 3 * 27);
    expect(alpha(image, 30, 198)).toBe(0);
    expect(alpha(image, 1, 175)).toBe(0);
    expect(alpha(image, 50, 101)).toBe(255);
  });

  it('leaves writing the frame cuts: its pieces along the border are short', () => {
    // Letters 6 px wide, 4 px apart, cut by the left edge of a tight crop, and a stroke cut by the top.
    const letters = Array.from({ length: 15 }, (_, i) => ({ x0: 0, x1: 8, y0: 10 + i * 12, y1: 16 + i * 12, colour: INK }));
    const image = page([...letters, { x0: 150, x1: 152, y0: 0, y1: 50, colour: INK }]);
    expect(longDarkFrameRuns(image)).toHaveLength(0);
    expect(clearDeskAtFrameEdge(image)).toBe(0);
    expect(alpha(image, 0, 12)).toBe(255);
  });

  it('leaves a dark band that runs on into the page (printed to the edge)', () => {
    const image = page([{ x0: 0, x1: 300, y0: 0, y1: 60, colour: DESK }]);
    expect(longDarkFrameRuns(image).length).toBeGreaterThan(0);
    expect(clearDeskAtFrameEdge(image)).toBe(0);
    expect(alpha(image, 150, 0)).toBe(255);
  });

  it('takes ink that touches the strip only as far as the reach', () => {
    const image = page([
      { x0: 0, x1: 300, y0: 0, y1: 2, colour: DESK },
      { x0: 100, x1: 102, y0: 2, y1: 80, colour: INK },
    ]);
    clearDeskAtFrameEdge(image);
    const reach = Math.round(EDGE_REACH * 300);
    expect(alpha(image, 200, 1)).toBe(0);
    expect(alpha(image, 100, 2 + reach - 2)).toBe(0);
    expect(alpha(image, 100, 2 + reach + 1)).toBe(255);
    expect(alpha(image, 101, 79)).toBe(255);
  });

  it('is cleared in the pipeline\'s flattening of a flat scan', () => {
    // A scan with a black border along its right side and writing on the page.
    const image = page([
      { x0: 295, x1: 300, y0: 0, y1: 200, colour: [10, 10, 10, 255] },
      { x0: 50, x1: 200, y0: 90, y1: 93, colour: INK },
    ]);
    const { sheet, flattened } = flattenSheet(image);
    expect(sheet).toBeNull();
    expect(alpha(flattened, 297, 100)).toBe(0);
    expect(alpha(flattened, 120, 91)).toBeGreaterThan(0);
  });
});
