import { labelComponents } from './components';
import { cellChroma, cellHue, type InkGrid } from './inkGrid';

/**
 * Stamps: clusters of coloured (not dark-neutral) ink that look like a stamp rather than a pen
 * signature. Coloured cells are grouped on a coarse grid; each group is judged by its structure:
 * stamps are compact (round or rectangular), framed by a ring or rectangle, and hold many small
 * letters; signatures are elongated with few, long strokes. Red and violet inks lean to stamp.
 */
export const COLOURED_CHROMA = 40;

export interface StampCluster {
  left: number;
  top: number;
  right: number;
  bottom: number;
  cells: number;
  components: number;
  hue: number;
  frameLike: boolean;
  isStamp: boolean;
}

export interface StampAnalysis {
  /** 1 where the grid cell is stamp ink. */
  stampMask: Uint8Array;
  /** 1 where the grid cell is coloured ink (stamp or not). */
  colouredMask: Uint8Array;
  clusters: StampCluster[];
}

export function detectStamps(grid: InkGrid): StampAnalysis {
  const { width, height, mask } = grid;
  const n = width * height;
  const colouredMask = new Uint8Array(n);
  const hues = new Float32Array(n);
  for (let k = 0; k < n; k++) {
    if (mask[k] !== 0 && cellChroma(grid, k) >= COLOURED_CHROMA) {
      colouredMask[k] = 1;
      hues[k] = cellHue(grid, k);
    }
  }
  // Coarse occupancy, dilated by one coarse cell so the letters of one stamp join.
  const longSide = Math.max(width, height);
  const coarse = Math.max(4, Math.round(longSide / 120));
  const cw = Math.ceil(width / coarse);
  const ch = Math.ceil(height / coarse);
  const counts = new Int32Array(cw * ch);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (colouredMask[y * width + x] !== 0) counts[((y / coarse) | 0) * cw + ((x / coarse) | 0)]++;
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
    clusters.push({ left: width, top: height, right: -1, bottom: -1, cells: 0, components: 0, hue: 0, frameLike: false, isStamp: false });
  }
  const hueX = new Float64Array(groups.count + 1);
  const hueY = new Float64Array(groups.count + 1);
  const clusterOf = (k: number): number => {
    const y = (k / width) | 0;
    const x = k - y * width;
    return groups.labels[((y / coarse) | 0) * cw + ((x / coarse) | 0)];
  };
  for (let k = 0; k < n; k++) {
    if (colouredMask[k] === 0) continue;
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
  // Letters and frames: components of the coloured ink itself.
  const parts = labelComponents(colouredMask, width, height);
  const seen = new Uint8Array(parts.count + 1);
  for (let k = 0; k < n; k++) {
    const l = parts.labels[k];
    if (l === 0 || seen[l] !== 0) continue;
    seen[l] = 1;
    const g = clusterOf(k);
    if (g === 0) continue;
    const c = clusters[g];
    if (parts.area[l] >= 4) c.components++;
    const pw = parts.right[l] - parts.left[l] + 1;
    const ph = parts.bottom[l] - parts.top[l] + 1;
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
    c.isStamp = judgeStamp(c, longSide);
  }
  const stampMask = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    if (colouredMask[k] === 0) continue;
    const c = clusters[clusterOf(k)];
    if (!c || !c.isStamp) continue;
    // Ink of a clearly different hue inside a stamp (a pen over it) is not the stamp.
    if (hueDistance(hues[k], c.hue) > 40) continue;
    stampMask[k] = 1;
  }
  return { stampMask, colouredMask, clusters };
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

function judgeStamp(c: StampCluster, longSide: number): boolean {
  const w = c.right - c.left + 1;
  const h = c.bottom - c.top + 1;
  const short = Math.min(w, h);
  const aspect = Math.max(w, h) / Math.max(1, short);
  if (short < Math.max(10, longSide * 0.04)) return false;
  const redOrViolet = c.hue < 25 || c.hue > 255;
  if (c.frameLike && aspect <= 3.2) return true;
  if (redOrViolet && aspect <= 3.2 && c.components >= 4) return true;
  return aspect <= 2 && c.components >= 12;
}
