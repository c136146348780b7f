import { labelComponents } from '../components';
import { COLOURED_TINT, type InkTint } from '../inkColour';
import { cellHue, type InkGrid } from '../inkGrid';
import { InkClass } from '../types';
import { findRings, type Ring } from './rings';

/**
 * Round stamps decided by region rather than by component: inside a found ring, the stamp is the
 * ring itself and the ink wholly within its disc. A pen crossing the stamp is told apart by where
 * its strokes go (they leave the disc) and, on a colour page, by its ink (another hue, or neutral
 * where the ring is coloured) — so a same-colour signature over a seal keeps its strokes outside
 * and across the seal, and printed text under a coloured seal stays printed text.
 */
export function labelRingStamps(grid: InkGrid, classes: Uint8Array, lines: Uint8Array, tint: InkTint | null): Ring[] {
  const { width, height, mask } = grid;
  const n = width * height;
  const search = new Uint8Array(n);
  for (let k = 0; k < n; k++) if (mask[k] !== 0 && lines[k] === 0) search[k] = 1;
  const rings = findRings(search, width, height);
  for (const ring of rings) labelDisc(grid, classes, search, tint, ring);
  return rings;
}

function labelDisc(grid: InkGrid, classes: Uint8Array, ink: Uint8Array, tint: InkTint | null, ring: Ring): void {
  const { width, height } = grid;
  const band = Math.max(2, ring.r * 0.05);
  const disc = ring.r + band;
  // Work in a box around the disc, wide enough to see strokes leave it.
  const reach = disc * 1.6;
  const x0 = Math.max(0, Math.floor(ring.cx - reach));
  const x1 = Math.min(width - 1, Math.ceil(ring.cx + reach));
  const y0 = Math.max(0, Math.floor(ring.cy - reach));
  const y1 = Math.min(height - 1, Math.ceil(ring.cy + reach));
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  // The ring's own ink: its hue, when the page is in colour and the ring is coloured.
  let colouredRing = 0;
  let ringCells = 0;
  let hx = 0;
  let hy = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (ink[k] === 0 || Math.abs(Math.hypot(x - ring.cx, y - ring.cy) - ring.r) > band) continue;
      ringCells++;
      if (tint !== null && tint.tint[k] >= COLOURED_TINT) {
        colouredRing++;
        const a = (cellHue(grid, k) * Math.PI) / 180;
        hx += Math.cos(a);
        hy += Math.sin(a);
      }
    }
  }
  const byHue = tint !== null && colouredRing * 2 > ringCells;
  const ringDarkness = medianDarkness(grid, ink, ring, band, x0, y0, x1, y1);
  const ringHue = ((Math.atan2(hy, hx) * 180) / Math.PI + 360) % 360;
  // Ink that is not this stamp's by colour: solid neutral ink (print, a black pen) or another hue.
  const otherInk = (k: number): boolean => {
    if (!byHue || tint === null) return false;
    const t = tint.tint[k];
    if (t === 0) return isSolidNeutral(grid, k);
    if (t < COLOURED_TINT) return true;
    return hueDistance(cellHue(grid, k), ringHue) > 45;
  };
  // Components of the ink off the ring band: those leaving the disc are pen strokes across the stamp.
  const local = new Uint8Array(bw * bh);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (ink[k] === 0 || otherInk(k)) continue;
      if (Math.abs(Math.hypot(x - ring.cx, y - ring.cy) - ring.r) <= band) continue;
      local[(y - y0) * bw + (x - x0)] = 1;
    }
  }
  const parts = labelComponents(local, bw, bh);
  const leaves = new Uint8Array(parts.count + 1);
  const outside = disc + Math.max(2, ring.r * 0.08);
  const darkness = new Float64Array(parts.count + 1);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const l = parts.labels[y * bw + x];
      if (l === 0) continue;
      if (Math.hypot(x + x0 - ring.cx, y + y0 - ring.cy) > outside) leaves[l] = 1;
      darkness[l] += cellDarkness(grid, (y + y0) * width + x + x0);
    }
  }
  // A pen is solid ink, a stamp a translucent film. The strokes leaving the disc show the pen's
  // darkness; where it is clearly darker than the ring, ink inside the disc as dark as the pen is the pen's.
  let penDarkness = 0;
  let penCells = 0;
  for (let l = 1; l <= parts.count; l++) {
    if (leaves[l] === 0) continue;
    penDarkness += darkness[l];
    penCells += parts.area[l];
  }
  penDarkness = penCells >= 20 ? penDarkness / penCells : 0;
  const pen = new Uint8Array(bw * bh);
  if (penDarkness > ringDarkness * 1.15 + 15) {
    const split = (penDarkness + ringDarkness) / 2;
    for (let y = 1; y < bh - 1; y++) {
      for (let x = 1; x < bw - 1; x++) {
        const l = parts.labels[y * bw + x];
        if (l === 0 || leaves[l] !== 0) continue;
        let sum = 0;
        let cells = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            if (parts.labels[(y + dy) * bw + x + dx] === 0) continue;
            sum += cellDarkness(grid, (y + dy + y0) * width + x + dx + x0);
            cells++;
          }
        }
        if (sum / cells > split) pen[y * bw + x] = 1;
      }
    }
    const penParts = labelComponents(pen, bw, bh);
    for (let k = 0; k < pen.length; k++) if (pen[k] !== 0 && penParts.area[penParts.labels[k]] < 6) pen[k] = 0;
  }
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      const d = Math.hypot(x - ring.cx, y - ring.cy);
      if (d > disc || ink[k] === 0) continue;
      if (otherInk(k)) {
        if (classes[k] === InkClass.stamp) classes[k] = InkClass.handwriting;
        continue;
      }
      const l = parts.labels[(y - y0) * bw + (x - x0)];
      if ((l !== 0 && leaves[l] !== 0) || pen[(y - y0) * bw + (x - x0)] !== 0) {
        if (classes[k] === InkClass.stamp || classes[k] === InkClass.printed) classes[k] = InkClass.handwriting;
        continue;
      }
      classes[k] = InkClass.stamp;
    }
  }
}

/** Darkness of a cell's ink: its strongest channel deficit (0..255). */
function cellDarkness(grid: InkGrid, k: number): number {
  const d = grid.inkDeficit;
  return Math.max(d[k * 3], d[k * 3 + 1], d[k * 3 + 2]);
}

/** Median darkness of the ink on the ring band. */
function medianDarkness(grid: InkGrid, ink: Uint8Array, ring: Ring, band: number, x0: number, y0: number, x1: number, y1: number): number {
  const hist = new Int32Array(256);
  let count = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * grid.width + x;
      if (ink[k] === 0 || Math.abs(Math.hypot(x - ring.cx, y - ring.cy) - ring.r) > band) continue;
      hist[cellDarkness(grid, k)]++;
      count++;
    }
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (seen * 2 >= count) return v;
  }
  return 255;
}

/** Dark enough for its colour to count and without tint: neutral ink. */
function isSolidNeutral(grid: InkGrid, k: number): boolean {
  const d = grid.inkDeficit;
  return Math.max(d[k * 3], d[k * 3 + 1], d[k * 3 + 2]) >= 40;
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}
