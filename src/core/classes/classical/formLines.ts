/**
 * Form lines: long, thin, straight horizontal or vertical ink (table rules, underline fields, boxes).
 * A pixel belongs to a form line when it lies on a long run along one axis (tolerating a row of drift
 * either side, for slightly rotated pages) and its ink is thin across that axis. Ink crossing a line
 * (a descender, a signature stroke) is thick across it there and stays out of the line; where a
 * horizontal and a vertical line cross, the crossing belongs to both.
 */
export interface FormLineOptions {
  /** Shortest run, in grid cells, that counts as a line. */
  minLength: number;
  /** Thickest ink across the line, in grid cells. */
  maxThickness: number;
}

export function formLineOptionsFor(width: number, height: number): FormLineOptions {
  const longSide = Math.max(width, height);
  return {
    minLength: Math.max(20, Math.round(longSide * 0.05)),
    maxThickness: Math.max(3, Math.round(longSide / 300)),
  };
}

/** 1 where the mask's ink is part of a horizontal or vertical form line. */
export function detectFormLines(mask: Uint8Array, width: number, height: number, opts = formLineOptionsFor(width, height)): Uint8Array {
  const longRun = new Uint8Array(width * height);
  const thicknessV = runLengths(mask, width, height, true);
  const thicknessH = runLengths(mask, width, height, false);
  const { minLength, maxThickness } = opts;
  // Horizontal lines: runs along rows of the band y−1..y+1.
  for (let y = 0; y < height; y++) {
    const row = y * width;
    const up = y > 0 ? row - width : row;
    const down = y + 1 < height ? row + width : row;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const inBand = x < width && (mask[row + x] | mask[up + x] | mask[down + x]) !== 0;
      if (inBand) {
        if (start < 0) start = x;
        continue;
      }
      if (start >= 0 && x - start >= minLength) {
        for (let xx = start; xx < x; xx++) {
          const p = row + xx;
          if (mask[p] !== 0) longRun[p] |= HORIZONTAL;
        }
      }
      start = -1;
    }
  }
  // Vertical lines: runs along columns of the band x−1..x+1.
  for (let x = 0; x < width; x++) {
    const left = x > 0 ? -1 : 0;
    const right = x + 1 < width ? 1 : 0;
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const p = y * width + x;
      const inBand = y < height && (mask[p] | mask[p + left] | mask[p + right]) !== 0;
      if (inBand) {
        if (start < 0) start = y;
        continue;
      }
      if (start >= 0 && y - start >= minLength) {
        for (let yy = start; yy < y; yy++) {
          const q = yy * width + x;
          if (mask[q] !== 0) longRun[q] |= VERTICAL;
        }
      }
      start = -1;
    }
  }
  // Thin across a long run, or where a horizontal and a vertical line cross.
  const lines = new Uint8Array(width * height);
  for (let p = 0; p < lines.length; p++) {
    const run = longRun[p];
    if (run === 0) continue;
    if (run === (HORIZONTAL | VERTICAL) || (run === HORIZONTAL && thicknessV[p] <= maxThickness) || (run === VERTICAL && thicknessH[p] <= maxThickness)) lines[p] = 1;
  }
  return lines;
}

const HORIZONTAL = 1;
const VERTICAL = 2;

/** Length of the ink run through each pixel, vertically (`vertical`) or horizontally, capped at 65535. */
function runLengths(mask: Uint8Array, width: number, height: number, vertical: boolean): Uint16Array {
  const runs = new Uint16Array(width * height);
  const outer = vertical ? width : height;
  const inner = vertical ? height : width;
  const step = vertical ? width : 1;
  const lineStep = vertical ? 1 : width;
  for (let o = 0; o < outer; o++) {
    const base = o * lineStep;
    let start = -1;
    for (let k = 0; k <= inner; k++) {
      const on = k < inner && mask[base + k * step] !== 0;
      if (on) {
        if (start < 0) start = k;
        continue;
      }
      if (start >= 0) {
        const len = Math.min(65535, k - start);
        for (let kk = start; kk < k; kk++) runs[base + kk * step] = len;
      }
      start = -1;
    }
  }
  return runs;
}
