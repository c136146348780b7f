import { typicalStrokeWidth } from '../shared/strokeWidth';
import { InkClass, type ClassMap, type RgbaImage } from '../shared/types';

/** Longest run of removed ink a kept stroke is continued through, in typical stroke widths. */
const RUN_STROKES = 3;
/** Longest run in pixels, whatever the strokes (a thick close-up). */
const RUN_CAP = 120;
/** Least ink alpha of a run's pixels and of the kept ink around it. */
const BRIDGE_ALPHA = 64;

/** The line directions a run is read along, dx and dy: rows, columns and both diagonals. */
const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [1, 1],
  [-1, 1],
];

/** A box pixel's state for the runs: kept ink, removed ink (of a bridged class), else 0. */
const KEPT = 1;
const REMOVED = 2;

/** Classes a kept stroke may be continued under, when the rule removes them: the two the user never extracts. */
const BRIDGED_CLASSES: readonly number[] = [InkClass.printed, InkClass.formLine];

/**
 * Where a kept stroke crosses ink the rule removes (a stamp's ring under a printed letter, a pen
 * across a form line), the crossing pixels hold both inks but carry one label, so removing the print
 * or the line cut the kept stroke there. A short run of such ink along a row, a column or a diagonal,
 * with the kept ink going on for a stroke width at both ends, is the kept stroke passing under it:
 * the run's pixels take the kept class, and their colour and alpha are blended from the two ends (the
 * kept ink's own, not the darker mixture). A run of form line must also lie across the line (the line
 * reaches further across the run than the run is long): between two letters of a signature written
 * on a line, the line lies along the run and stays removed. Runs broken by paper or longer than a few
 * stroke widths stay removed. Only for rules that drop the ink touching the kept ink (aggressive):
 * the others keep the crossing whole already.
 * Validation pages 0–119 / 120–239, stamp: model 0.912 → 0.914 / 0.872 → 0.874, classical 0.756 → 0.758 / 0.728 → 0.729;
 * signature +0.0002 to +0.0007.
 */
export function bridgeCrossings(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, kept: Uint8Array): void {
  const { width, height, data } = flattened;
  const { classes } = map;
  if (map.width !== width || map.height !== height) throw new RangeError('bridgeCrossings needs the full-resolution class map');
  const removed = new Uint8Array(8);
  for (const c of BRIDGED_CLASSES) removed[c] = 1 - kept[c];
  const stroke = typicalStrokeWidth(inkAlpha, width, height);
  const longest = Math.min(RUN_CAP, Math.max(2, Math.round(RUN_STROKES * stroke)));
  const support = Math.max(2, Math.round(stroke));
  const isRemoved = (q: number) => removed[classes[q]] === 1 && inkAlpha[q] >= BRIDGE_ALPHA;
  const inside = (x: number, y: number) => x >= 0 && x < width && y >= 0 && y < height;
  /** Removed pixels through (x, y) across the direction (dx, dy), counted up to `limit`. */
  const acrossExtent = (x: number, y: number, dx: number, dy: number, limit: number): number => {
    let n = 1;
    for (const sign of [1, -1]) {
      for (let xx = x - sign * dy, yy = y + sign * dx; n <= limit && inside(xx, yy) && isRemoved(yy * width + xx); xx -= sign * dy, yy += sign * dx) n++;
    }
    return n;
  };
  // Every run lies between kept pixels, so only the kept ink's box is read (a signature's: a small part of a 12-MP page).
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (inkAlpha[p] < BRIDGE_ALPHA || kept[classes[p]] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return;
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  // What each pixel of the box is, read once for the four directions (the classes change only after them).
  // The runs visit only these pixels (in row order): on a page of speckle, a tenth of the box.
  const state = new Uint8Array(boxWidth * boxHeight);
  let visited = new Int32Array(1024);
  let count = 0;
  for (let y = top, b = 0; y <= bottom; y++) {
    for (let p = y * width + left, end = p + boxWidth; p < end; p++, b++) {
      if (inkAlpha[p] < BRIDGE_ALPHA) continue;
      const what = kept[classes[p]] === 1 ? KEPT : removed[classes[p]] === 1 ? REMOVED : 0;
      if (what === 0) continue;
      state[b] = what;
      if (count === visited.length) {
        const bigger = new Int32Array(count * 2);
        bigger.set(visited);
        visited = bigger;
      }
      visited[count++] = b;
    }
  }
  /** Whether `support` kept pixels follow from (x, y) on along (dx, dy) (kept ink lies inside the box only). */
  const keptOnwards = (x: number, y: number, dx: number, dy: number): boolean => {
    for (let n = 0; n < support; n++, x += dx, y += dy) {
      if (x < left || x > right || y < top || y > bottom || state[(y - top) * boxWidth + x - left] !== KEPT) return false;
    }
    return true;
  };
  // Per pixel of the box, how many removed pixels lead up to it from the last kept one along the direction (−1: none).
  const run = new Int16Array(boxWidth * boxHeight);
  const bridged: number[] = [];
  for (const [dx, dy] of DIRECTIONS) {
    run.fill(-1);
    const step = dy * width + dx;
    const boxStep = dy * boxWidth + dx;
    for (let i = 0; i < count; i++) {
      const b = visited[i];
      const row = (b / boxWidth) | 0;
      const y = top + row;
      const x = left + b - row * boxWidth;
      const p = y * width + x;
      const what = state[b];
      const before = x - dx >= left && x - dx <= right && y - dy >= top ? run[b - boxStep] : -1;
      if (what === KEPT) {
        run[b] = 0;
        if (before <= 0) continue;
        const length = before + 1;
        const start = p - length * step;
        // One kept stroke passing under: a pen at one end and a stamp at the other are two strokes.
        if (classes[start] !== classes[p]) continue;
        const middle = p - (length >> 1) * step;
        const acrossLine = classes[middle] !== InkClass.formLine || acrossExtent(x - (length >> 1) * dx, y - (length >> 1) * dy, dx, dy, length) > length;
        if (acrossLine && keptOnwards(x, y, dx, dy) && keptOnwards(x - length * dx, y - length * dy, -dx, -dy)) {
          for (let k = 1; k < length; k++) bridged.push(start + k * step, start, p, k / length);
        }
      } else if (before >= 0 && before < longest) {
        run[b] = before + 1;
      }
    }
  }
  for (let i = 0; i < bridged.length; i += 4) {
    const q = bridged[i];
    if (kept[classes[q]] === 1) continue;
    const from = bridged[i + 1];
    const to = bridged[i + 2];
    const t = bridged[i + 3];
    classes[q] = classes[from];
    inkAlpha[q] = Math.round(inkAlpha[from] * (1 - t) + inkAlpha[to] * t);
    for (let c = 0; c < 3; c++) data[q * 4 + c] = Math.round(data[from * 4 + c] * (1 - t) + data[to * 4 + c] * t);
  }
}
