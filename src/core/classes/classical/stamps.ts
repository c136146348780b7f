import { labelComponents } from '../../shared/components';
import { COLOURED_TINT, inkTint } from '../inkColour';
import { cellHue, type InkGrid } from '../inkGrid';

/**
 * Stamps: clusters of coloured (not dark-neutral) ink that look like a stamp rather than a pen
 * signature. Coloured cells are grouped on a coarse grid; each group is judged by its structure:
 * stamps are compact (round or rectangular), framed by a ring or rectangle, and hold many small
 * letters; signatures are elongated with few, long strokes. The ink's hue is no cue: pens and
 * stamps come in the same blues and violets.
 */
export interface StampCluster {
  left: number;
  top: number;
  right: number;
  bottom: number;
  cells: number;
  components: number;
  hue: number;
  frameLike: boolean;
  /** Centres of the letter-sized components, x and y interleaved. */
  letters: number[];
  /** Heights of the letter-sized components. */
  letterHeights: number[];
  /** Where the stamp itself lies (from its letters), inclusive box in grid cells. */
  extent: { left: number; top: number; right: number; bottom: number };
  isStamp: boolean;
}

export interface StampAnalysis {
  /** 1 where the grid cell is stamp ink. */
  stampMask: Uint8Array;
  clusters: StampCluster[];
}

/** 1 where the grid cell holds coloured ink (tinted away from the page's neutral ink, see inkColour). */
export function colouredInk(grid: InkGrid, { tint } = inkTint(grid)): Uint8Array {
  const n = grid.width * grid.height;
  const coloured = new Uint8Array(n);
  for (let k = 0; k < n; k++) if (grid.mask[k] !== 0 && tint[k] >= COLOURED_TINT) coloured[k] = 1;
  return coloured;
}

/**
 * Finds stamps among the candidate ink: the coloured ink of a colour page (`byColour`), or on a
 * grey page the ink left once lines and printed rows are known (structure only).
 */
export function detectStamps(grid: InkGrid, candidate: Uint8Array, byColour: boolean): StampAnalysis {
  const { width, height } = grid;
  const n = width * height;
  const hues = new Float32Array(n);
  if (byColour) for (let k = 0; k < n; k++) if (candidate[k] !== 0) hues[k] = cellHue(grid, k);
  // Coarse occupancy, dilated by one coarse cell so the letters of one stamp join.
  const longSide = Math.max(width, height);
  const coarse = Math.max(4, Math.round(longSide / 120));
  const cw = Math.ceil(width / coarse);
  const ch = Math.ceil(height / coarse);
  const counts = new Int32Array(cw * ch);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (candidate[y * width + x] !== 0) counts[((y / coarse) | 0) * cw + ((x / coarse) | 0)]++;
    }
  }
  const occupied = new Uint8Array(cw * ch);
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      if (counts[cy * cw + cx] < 2) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = cy + dy;
          const xx = cx + dx;
          if (yy >= 0 && yy < ch && xx >= 0 && xx < cw) occupied[yy * cw + xx] = 1;
        }
      }
    }
  }
  const groups = labelComponents(occupied, cw, ch);
  const clusters: StampCluster[] = [];
  for (let g = 0; g <= groups.count; g++) {
    clusters.push({
      left: width, top: height, right: -1, bottom: -1, cells: 0, components: 0, hue: 0, frameLike: false, letters: [], letterHeights: [],
      extent: { left: 0, top: 0, right: -1, bottom: -1 }, isStamp: false,
    });
  }
  const hueX = new Float64Array(groups.count + 1);
  const hueY = new Float64Array(groups.count + 1);
  const clusterOf = (k: number): number => {
    const y = (k / width) | 0;
    const x = k - y * width;
    return groups.labels[((y / coarse) | 0) * cw + ((x / coarse) | 0)];
  };
  for (let k = 0; k < n; k++) {
    if (candidate[k] === 0) continue;
    const g = clusterOf(k);
    if (g === 0) continue;
    const c = clusters[g];
    const y = (k / width) | 0;
    const x = k - y * width;
    if (x < c.left) c.left = x;
    if (x > c.right) c.right = x;
    if (y < c.top) c.top = y;
    if (y > c.bottom) c.bottom = y;
    c.cells++;
    const rad = (hues[k] * Math.PI) / 180;
    hueX[g] += Math.cos(rad);
    hueY[g] += Math.sin(rad);
  }
  // Letters and frames: components of the candidate ink itself.
  const parts = labelComponents(candidate, width, height);
  const partCluster = new Int32Array(parts.count + 1).fill(-1);
  const letterMax = Math.max(4, Math.round(longSide * 0.03));
  for (let k = 0; k < n; k++) {
    const l = parts.labels[k];
    if (l === 0 || partCluster[l] >= 0) continue;
    const g = clusterOf(k);
    partCluster[l] = g;
    if (g === 0) continue;
    const c = clusters[g];
    const pw = parts.right[l] - parts.left[l] + 1;
    const ph = parts.bottom[l] - parts.top[l] + 1;
    if (parts.area[l] >= 4) c.components++;
    if (parts.area[l] >= 4 && pw <= letterMax && ph <= letterMax) {
      c.letters.push((parts.left[l] + parts.right[l]) / 2, (parts.top[l] + parts.bottom[l]) / 2);
      c.letterHeights.push(ph);
    }
    const cwid = c.right - c.left + 1;
    const chei = c.bottom - c.top + 1;
    // A frame: one component spanning most of the cluster both ways while filling little of its box.
    if (pw >= 0.75 * cwid && ph >= 0.75 * chei && ph >= 0.45 * pw && pw >= 0.45 * ph && parts.area[l] < 0.35 * pw * ph && ph >= 12) {
      c.frameLike = true;
    }
  }
  for (let g = 1; g <= groups.count; g++) {
    const c = clusters[g];
    if (c.cells === 0) continue;
    let hue = (Math.atan2(hueY[g], hueX[g]) * 180) / Math.PI;
    if (hue < 0) hue += 360;
    c.hue = hue;
    c.extent = letterExtent(c, letterMax);
    c.isStamp = judgeStamp(c, longSide, byColour);
  }
  // Parts of a stamp cluster: wholly near the stamp's extent → stamp; reaching far out (a signature
  // across the stamp) → only the cells inside the extent are stamp.
  const partInside = new Uint8Array(parts.count + 1);
  for (let l = 1; l <= parts.count; l++) {
    const c = clusters[partCluster[l]];
    if (!c || !c.isStamp) continue;
    const e = grown(c.extent, 0.3);
    const within = parts.left[l] >= e.left && parts.right[l] <= e.right && parts.top[l] >= e.top && parts.bottom[l] <= e.bottom;
    // A frame around the letters (rectangular stamps reach well beyond their text).
    const x = c.extent;
    const encloses = parts.left[l] <= x.left && parts.right[l] >= x.right && parts.top[l] <= x.top && parts.bottom[l] >= x.bottom;
    const frameSized = parts.right[l] - parts.left[l] <= 2.6 * (x.right - x.left + 1) && parts.bottom[l] - parts.top[l] <= 2.6 * (x.bottom - x.top + 1);
    if (within || (encloses && frameSized)) partInside[l] = 1;
  }
  const stampMask = new Uint8Array(n);
  for (let g = 1; g < clusters.length; g++) clusters[g].extent = grown(clusters[g].extent, 0.15);
  for (let k = 0; k < n; k++) {
    if (candidate[k] === 0) continue;
    const c = clusters[clusterOf(k)];
    if (!c || !c.isStamp) continue;
    if (partInside[parts.labels[k]] === 0) {
      // Ink reaching out of the stamp: a pen across it. Its cells of another hue, or outside the stamp, are not the stamp.
      if (byColour && hueDistance(hues[k], c.hue) > 40) continue;
      const y = (k / width) | 0;
      const x = k - y * width;
      const e = c.extent;
      if (x < e.left || x > e.right || y < e.top || y > e.bottom) continue;
    }
    stampMask[k] = 1;
  }
  return { stampMask, clusters };
}

type Box = StampCluster['extent'];

function grown(b: Box, fraction: number): Box {
  const dx = (b.right - b.left + 1) * fraction + 2;
  const dy = (b.bottom - b.top + 1) * fraction + 2;
  return { left: b.left - dx, top: b.top - dy, right: b.right + dx, bottom: b.bottom + dy };
}

/** The box holding the cluster's letters (trimmed of the outer 5% each way), else the cluster's box. */
function letterExtent(c: StampCluster, letterMax: number): Box {
  const count = c.letters.length / 2;
  if (count < 6) return { left: c.left, top: c.top, right: c.right, bottom: c.bottom };
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    xs[i] = c.letters[i * 2];
    ys[i] = c.letters[i * 2 + 1];
  }
  xs.sort();
  ys.sort();
  const lo = Math.floor(count * 0.05);
  const hi = Math.min(count - 1, Math.ceil(count * 0.95) - 1);
  const half = letterMax / 4;
  return { left: xs[lo] - half, right: xs[hi] + half, top: ys[lo] - half, bottom: ys[hi] + half };
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

function judgeStamp(c: StampCluster, longSide: number, byColour: boolean): boolean {
  const e = c.extent;
  const w = e.right - e.left + 1;
  const h = e.bottom - e.top + 1;
  const short = Math.min(w, h);
  const aspect = Math.max(w, h) / Math.max(1, short);
  const letters = c.letters.length / 2;
  if (short < Math.max(10, longSide * 0.035)) return false;
  // Ink spread thinly over a wide box (colour fringes of print, scattered specks) is no stamp.
  const fill = c.cells / ((c.right - c.left + 1) * (c.bottom - c.top + 1));
  const heights = [...c.letterHeights].sort((a, b) => a - b);
  const letterHeight = heights.length > 0 ? heights[heights.length >> 1] : 0;
  if (fill < 0.04 || (letters >= 8 && letterHeight < 3)) return false;
  if (!byColour) return letters >= 10 && aspect <= 1.8 && (c.frameLike || letters >= 16);
  // A stamp holds many small letters (or a frame around a few); a pen signature has a few long strokes.
  if (c.frameLike && aspect <= 3.2) return true;
  if (letters < 8) return false;
  // Lines of small letters (a long rectangular stamp) rather than one row of letters as tall as the ink.
  const smallLetters = letterHeight <= 0.4 * short;
  return aspect <= 2.6 || (aspect <= 3.6 && smallLetters);
}
