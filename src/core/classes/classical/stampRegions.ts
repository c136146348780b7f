import { labelComponents } from '../../shared/components';
import { COLOURED_TINT, type InkTint } from '../inkColour';
import { cellHue, type InkGrid } from '../inkGrid';
import { InkClass } from '../../shared/types';
import type { Frame } from './frames';
import { boxSum, summedArea, withinSquare } from './summedArea';
import { ringCoverage, type Ring } from './rings';

/**
 * Stamps decided by region rather than by component: inside a found outline (a seal's ring, a
 * rectangular stamp's frame) the stamp is the outline itself and the ink wholly within it. A pen
 * crossing the stamp is told apart by where its strokes go (they leave the outline), by its ink on a
 * colour page (another hue, or neutral where the outline is coloured) and by its darkness (a pen is
 * solid ink, a stamp a lighter film) — so a same-colour signature over a seal keeps its strokes, and
 * printed text under a coloured seal stays printed text.
 */
export interface StampOutline {
  kind: 'ring' | 'frame';
  /** Bounding box of the outline, grid cells. */
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Typical size (radius, or the larger half side), grid cells. */
  size: number;
  /** Signed distance from the outline, negative inside, grid cells. */
  distance(x: number, y: number): number;
  /** A ring's centre (grid cells): its inner concentric rings are looked for round it. */
  centre?: { cx: number; cy: number };
}

export function ringOutline(ring: Ring): StampOutline {
  return {
    kind: 'ring',
    left: ring.cx - ring.r,
    right: ring.cx + ring.r,
    top: ring.cy - ring.r,
    bottom: ring.cy + ring.r,
    size: ring.r,
    distance: (x, y) => Math.hypot(x - ring.cx, y - ring.cy) - ring.r,
    centre: { cx: ring.cx, cy: ring.cy },
  };
}

export function frameOutline(frame: Frame): StampOutline {
  const c = Math.cos(frame.angle);
  const s = Math.sin(frame.angle);
  const reachX = Math.abs(frame.halfU * c) + Math.abs(frame.halfV * s);
  const reachY = Math.abs(frame.halfU * s) + Math.abs(frame.halfV * c);
  return {
    kind: 'frame',
    left: frame.cx - reachX,
    right: frame.cx + reachX,
    top: frame.cy - reachY,
    bottom: frame.cy + reachY,
    size: Math.max(frame.halfU, frame.halfV),
    distance: (x, y) => {
      const dx = x - frame.cx;
      const dy = y - frame.cy;
      return Math.max(Math.abs(dx * c + dy * s) - frame.halfU, Math.abs(-dx * s + dy * c) - frame.halfV);
    },
  };
}

/** Half width, grid cells, of the band along an outline that is the outline's own ink. */
export function outlineBand(outline: StampOutline): number {
  return Math.max(2, outline.size * 0.05);
}

/** 1 on the cells of each outline's band (its line). */
export function outlineBands(outlines: StampOutline[], width: number, height: number): Uint8Array {
  const bands = new Uint8Array(width * height);
  for (const o of outlines) {
    const band = outlineBand(o);
    const x0 = Math.max(0, Math.floor(o.left - band));
    const x1 = Math.min(width - 1, Math.ceil(o.right + band));
    const y0 = Math.max(0, Math.floor(o.top - band));
    const y1 = Math.min(height - 1, Math.ceil(o.bottom + band));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (Math.abs(o.distance(x, y)) <= band) bands[y * width + x] = 1;
  }
  return bands;
}

/** Labels the stamp inside one outline; `ink` is the ink to consider (the page's ink less form lines). */
export function labelStampRegion(grid: InkGrid, classes: Uint8Array, ink: Uint8Array, tint: InkTint | null, outline: StampOutline, solidWindow: number): void {
  const { width, height } = grid;
  const band = outlineBand(outline);

  // Work in a box around the outline, wide enough to see strokes leave it.
  const reach = band + outline.size * 0.6;
  const x0 = Math.max(0, Math.floor(outline.left - reach));
  const x1 = Math.min(width - 1, Math.ceil(outline.right + reach));
  const y0 = Math.max(0, Math.floor(outline.top - reach));
  const y1 = Math.min(height - 1, Math.ceil(outline.bottom + reach));
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  // The outline's distance over the box, once (grid coordinates in, box-indexed).
  const distanceMap = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) distanceMap[y * bw + x] = outline.distance(x + x0, y + y0);
  const distance = (x: number, y: number): number => distanceMap[(y - y0) * bw + (x - x0)];
  // A seal's inner rings are its own line art like the rim, however dark (a pen's strokes do not close a circle).
  const inner = outline.centre ? innerRings(ink, width, height, outline.centre, outline.size, band) : [];
  const onInnerRing = (x: number, y: number): boolean => {
    if (inner.length === 0) return false;
    const d = distance(x, y);
    return inner.some((rho) => Math.abs(d + outline.size - rho) <= band);
  };
  const onOutline = (x: number, y: number) => Math.abs(distance(x, y)) <= band;
  // The ring's own ink: its hue, when the page is in colour and the ring is coloured.
  let colouredRing = 0;
  let ringCells = 0;
  let hx = 0;
  let hy = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (ink[k] === 0 || !onOutline(x, y)) continue;
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
  const ringDarkness = medianDarkness(grid, ink, onOutline, x0, y0, x1, y1);
  const ringHue = ((Math.atan2(hy, hx) * 180) / Math.PI + 360) % 360;
  // Ink that is not this stamp's by colour: solid neutral ink (print, a black pen) or another hue.
  // Weakly tinted ink is the stamp's thin film where it leans halfway to the outline's hue and is no
  // darker than a stamp (a blue-black pen leans less; print under a seal not at all).
  const otherInk = (k: number): boolean => {
    if (!byHue || tint === null) return false;
    const t = tint.tint[k];
    if (t === 0) return isSolidNeutral(grid, k);
    const otherHue = hueDistance(cellHue(grid, k), ringHue) > 30;
    if (t < COLOURED_TINT) return t < COLOURED_TINT / 2 || otherHue || cellDarkness(grid, k) > clearlyDarkerThan(ringDarkness);
    return otherHue;
  };
  // Components of the ink off the ring band: those leaving the disc are pen strokes across the stamp.
  const local = new Uint8Array(bw * bh);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (ink[k] === 0 || otherInk(k)) continue;
      if (onOutline(x, y)) continue;
      local[(y - y0) * bw + (x - x0)] = 1;
    }
  }
  const parts = labelComponents(local, bw, bh);
  const leaves = new Uint8Array(parts.count + 1);
  const outside = band + Math.max(2, outline.size * 0.08);
  const darkness = new Float64Array(parts.count + 1);
  const outerDarkness = new Float64Array(parts.count + 1);
  const outerCells = new Int32Array(parts.count + 1);
  const outerPrint = new Int32Array(parts.count + 1);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const l = parts.labels[y * bw + x];
      if (l === 0) continue;
      const dark = cellDarkness(grid, (y + y0) * width + x + x0);
      if (distanceMap[y * bw + x] > outside) {
        leaves[l] = 1;
        outerDarkness[l] += dark;
        outerCells[l]++;
        const c = classes[(y + y0) * width + x + x0];
        if (c === InkClass.printed || c === InkClass.formLine) outerPrint[l]++;
      }
      darkness[l] += dark;
    }
  }
  // What leaves the outline as printed text or a rule is the page under the stamp, not a pen across it
  // (nor is the ink inside that it continues into, below).
  for (let l = 1; l <= parts.count; l++) if (outerCells[l] > 0 && outerPrint[l] * 2 > outerCells[l]) leaves[l] = 0;
  // A stroke crossing the outline continues straight through it: ink inside that meets, across the
  // band, a part leaving the outline belongs to that stroke.
  const crossing: number[] = [];
  for (let y = y0 + 1; y < y1; y++) {
    for (let x = x0 + 1; x < x1; x++) {
      if (ink[y * width + x] === 0 || Math.abs(distance(x, y)) > 0.5) continue;
      const gx = (distance(x + 1, y) - distance(x - 1, y)) / 2;
      const gy = (distance(x, y + 1) - distance(x, y - 1)) / 2;
      const norm = Math.hypot(gx, gy) || 1;
      const across = (sign: number): number => {
        for (let t = 1; t <= band + 2; t++) {
          const xx = Math.round(x + (sign * t * gx) / norm);
          const yy = Math.round(y + (sign * t * gy) / norm);
          if (xx < x0 || xx > x1 || yy < y0 || yy > y1 || ink[yy * width + xx] === 0) return 0;
          const l = parts.labels[(yy - y0) * bw + (xx - x0)];
          if (l !== 0) return l;
        }
        return 0;
      };
      const outer = across(1);
      if (outer === 0 || leaves[outer] === 0) continue;
      const inner = across(-1);
      if (inner !== 0 && leaves[inner] === 0) crossing.push(inner);
    }
  }
  for (const l of crossing) leaves[l] = 1;
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
  const clearlyDarker = (d: number) => d > clearlyDarkerThan(ringDarkness);
  const localDarkness = (x: number, y: number): number => {
    let sum = 0;
    let cells = 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= bw || yy >= bh || parts.labels[yy * bw + xx] === 0) continue;
        sum += cellDarkness(grid, (yy + y0) * width + xx + x0);
        cells++;
      }
    }
    return cells === 0 ? 0 : sum / cells;
  };
  // No pen leaves the outline (or what leaves it is no darker than the stamp: its own ink, faint
  // strokes): a signature written wholly inside the seal still shows as many cells clearly darker
  // than the ring, which are the pen's.
  const innerSplit = new Float64Array(parts.count + 1).fill(Infinity);
  if (penCells < 20 || !clearlyDarker(penDarkness)) {
    const darkCells = new Int32Array(parts.count + 1);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const l = parts.labels[y * bw + x];
        if (l !== 0 && leaves[l] === 0 && clearlyDarker(localDarkness(x, y))) darkCells[l]++;
      }
    }
    for (let l = 1; l <= parts.count; l++) if (darkCells[l] >= outline.size * INNER_PEN_SIZE) innerSplit[l] = clearlyDarkerThan(ringDarkness);
  }
  // Ink inside (and each part's ink beyond, so a pen part is sized whole below): pen (or print) where
  // as dark as the pen's strokes outside, else the stamp's. A part
  // leaving the outline is the pen's, unless its own outside ink is clearly darker than the ring:
  // then the stamp's ink merged with it (a seal over text or a signature) is told apart by darkness.
  const pen = new Uint8Array(bw * bh);
  const penSplit = clearlyDarker(penDarkness) ? (penDarkness + ringDarkness) / 2 : Infinity;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const l = parts.labels[y * bw + x];
      if (l === 0) continue;
      if (leaves[l] === 0) {
        if (localDarkness(x, y) > Math.min(penSplit, innerSplit[l])) pen[y * bw + x] = 1;
        continue;
      }
      const outerMean = outerCells[l] > 0 ? outerDarkness[l] / outerCells[l] : 0;
      if (!clearlyDarker(outerMean) || localDarkness(x, y) > (outerMean + ringDarkness) / 2) pen[y * bw + x] = 1;
    }
  }
  const bars = solidBars(ink, width, x0, y0, bw, bh, solidWindow);
  for (let k = 0; k < pen.length; k++) if (bars[k] !== 0) pen[k] = 0;
  const penParts = labelComponents(pen, bw, bh);
  for (let k = 0; k < pen.length; k++) if (pen[k] !== 0 && penParts.area[penParts.labels[k]] < 6 && leaves[parts.labels[k]] === 0) pen[k] = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * width + x;
      if (ink[k] === 0) continue;
      // Beyond the outline, ink a coloured cluster gave the stamp is the pen's when its colour is not the
      // outline's (a blue pen leaving a violet seal: one hue family for the cluster, two inks here).
      if (distance(x, y) > band) {
        if (classes[k] === InkClass.stamp && otherInk(k)) classes[k] = InkClass.handwriting;
        continue;
      }
      if (otherInk(k)) {
        if (classes[k] === InkClass.stamp) classes[k] = InkClass.handwriting;
        continue;
      }
      if (pen[(y - y0) * bw + (x - x0)] !== 0 && !onInnerRing(x, y)) {
        if (classes[k] === InkClass.stamp) classes[k] = InkClass.handwriting;
        continue;
      }
      classes[k] = InkClass.stamp;
    }
  }
}

/** Least share of a concentric circle's angles holding ink for it to be an inner ring of the seal. */
const INNER_RING_COVERAGE = 0.85;

/** Radii of the closed concentric circles of ink inside a ring (strongest of each run of radii). */
function innerRings(ink: Uint8Array, width: number, height: number, centre: { cx: number; cy: number }, radius: number, band: number): number[] {
  const radii: number[] = [];
  let best = -1;
  let bestCoverage = 0;
  for (let rho = Math.round(radius * 0.3); rho <= radius - 3 * band; rho++) {
    const coverage = ringCoverage(ink, width, height, centre.cx, centre.cy, rho);
    if (coverage >= INNER_RING_COVERAGE) {
      if (coverage > bestCoverage) {
        best = rho;
        bestCoverage = coverage;
      }
    } else if (best >= 0) {
      radii.push(best);
      best = -1;
      bestCoverage = 0;
    }
  }
  if (best >= 0) radii.push(best);
  return radii;
}

/** Least count of clearly dark cells of a pen part wholly inside an outline, in outline sizes (radii or half sides). */
const INNER_PEN_SIZE = 4;

/** Least ratio of a solid bar's long axis to its short one (second moments). */
const BAR_ELONGATION = 2.5;

/**
 * Box-local 1 on solid bars. A pen's stroke is a few cells wide; a stamp's solid bar (its name
 * knocked out in white) is not, and may be as dark as the pen: cells within half a window of a cell
 * whose whole window is ink, in an area the size and shape of a bar.
 */
function solidBars(ink: Uint8Array, width: number, x0: number, y0: number, bw: number, bh: number, window: number): Uint8Array {
  const r = window >> 1;
  const inkSums = summedArea(bw, bh, (x, y) => ink[(y + y0) * width + x + x0]);
  const full = window * window;
  const nearSolid = withinSquare(bw, bh, r, (x, y) => (x >= r && y >= r && x < bw - r && y < bh - r && boxSum(inkSums, bw, x - r, y - r, x + r, y + r) === full ? 1 : 0));
  // A felt tip's thick turns and crossings make small solid spots, and a letterhead emblem's solid
  // ring is round: a bar is long and narrow.
  const areas = labelComponents(nearSolid, bw, bh);
  const moments = new Float64Array((areas.count + 1) * 5);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const l = areas.labels[y * bw + x];
      if (l === 0) continue;
      moments[l * 5] += x;
      moments[l * 5 + 1] += y;
      moments[l * 5 + 2] += x * x;
      moments[l * 5 + 3] += y * y;
      moments[l * 5 + 4] += x * y;
    }
  }
  const bar = new Uint8Array(areas.count + 1);
  for (let l = 1; l <= areas.count; l++) {
    const w = areas.right[l] - areas.left[l] + 1;
    const h = areas.bottom[l] - areas.top[l] + 1;
    if (Math.max(w, h) < 6 * window) continue;
    const a = areas.area[l];
    const mx = moments[l * 5] / a;
    const my = moments[l * 5 + 1] / a;
    const sxx = moments[l * 5 + 2] / a - mx * mx;
    const syy = moments[l * 5 + 3] / a - my * my;
    const sxy = moments[l * 5 + 4] / a - mx * my;
    const spread = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
    const major = (sxx + syy) / 2 + spread;
    const minor = Math.max(1e-6, (sxx + syy) / 2 - spread);
    if (major >= BAR_ELONGATION ** 2 * minor) bar[l] = 1;
  }
  const bars = new Uint8Array(bw * bh);
  for (let k = 0; k < bars.length; k++) bars[k] = bar[areas.labels[k]];
  return bars;
}

/** Darkness above which ink is clearly darker than a stamp's of the given darkness: a pen's solid ink, not the stamp's film. */
export function clearlyDarkerThan(stampDarkness: number): number {
  return stampDarkness * 1.15 + 15;
}

/** Darkness of a cell's ink: its strongest channel deficit (0..255). */
export function cellDarkness(grid: InkGrid, k: number): number {
  const d = grid.inkDeficit;
  return Math.max(d[k * 3], d[k * 3 + 1], d[k * 3 + 2]);
}

/** Median darkness of the ink on the outline. */
export function medianDarkness(grid: InkGrid, ink: Uint8Array, onOutline: (x: number, y: number) => boolean, x0: number, y0: number, x1: number, y1: number): number {
  const hist = new Int32Array(256);
  let count = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const k = y * grid.width + x;
      if (ink[k] === 0 || !onOutline(x, y)) continue;
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
