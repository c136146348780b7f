import { labelComponents } from '../../shared/components';

/**
 * Rectangular stamps by their frame: four straight sides of a (possibly rotated) rectangle around a
 * stamp-sized group of ink. For each group the rotation is found from projection profiles (a side is
 * a sharp peak when projected along its own direction), then each side is verified by how much of
 * its length actually holds ink. Colour plays no part.
 */
export interface Frame {
  /** Centre, grid cells. */
  cx: number;
  cy: number;
  /** Rotation in radians; u runs along (cos, sin), v along (−sin, cos). */
  angle: number;
  /** Half extents along u and v, grid cells (to the side lines). */
  halfU: number;
  halfV: number;
  /** Mean fraction of the four sides that holds ink. */
  coverage: number;
}

export interface FrameOptions {
  /** Shortest and longest frame side, grid cells. */
  minSide: number;
  maxSide: number;
  /** Largest rotation searched, radians. */
  maxAngle: number;
  /** Least mean side coverage, and least coverage of the weakest side. */
  minCoverage: number;
  minSideCoverage: number;
}

export function frameOptionsFor(width: number, height: number): FrameOptions {
  const shortSide = Math.min(width, height);
  return { minSide: Math.max(8, Math.round(shortSide * 0.035)), maxSide: Math.round(shortSide * 0.5), maxAngle: (40 * Math.PI) / 180, minCoverage: 0.9, minSideCoverage: 0.6 };
}

/** Rectangular frames among groups of the mask's ink. */
export function findFrames(mask: Uint8Array, width: number, height: number, opts = frameOptionsFor(width, height)): Frame[] {
  const longSide = Math.max(width, height);
  const coarse = Math.max(4, Math.round(longSide / 120));
  const cw = Math.ceil(width / coarse);
  const ch = Math.ceil(height / coarse);
  const counts = new Int32Array(cw * ch);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (mask[y * width + x] !== 0) counts[((y / coarse) | 0) * cw + ((x / coarse) | 0)]++;
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
  const frames: Frame[] = [];
  for (let g = 1; g <= groups.count; g++) {
    const gw = (groups.right[g] - groups.left[g] + 1) * coarse;
    const gh = (groups.bottom[g] - groups.top[g] + 1) * coarse;
    if (Math.max(gw, gh) < opts.minSide || Math.min(gw, gh) > opts.maxSide * 1.3 + 2 * coarse) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    const edgeXs: number[] = [];
    const edgeYs: number[] = [];
    for (let cy = groups.top[g]; cy <= groups.bottom[g]; cy++) {
      for (let cx = groups.left[g]; cx <= groups.right[g]; cx++) {
        if (groups.labels[cy * cw + cx] !== g || counts[cy * cw + cx] === 0) continue;
        const y1 = Math.min(height, (cy + 1) * coarse);
        const x1 = Math.min(width, (cx + 1) * coarse);
        // A checkerboard of the ink is enough for the profiles.
        for (let y = cy * coarse; y < y1; y++) {
          for (let x = cx * coarse + ((cx * coarse + y) & 1); x < x1; x += 2) {
            if (mask[y * width + x] !== 0) {
              xs.push(x);
              ys.push(y);
              if (!isInterior(mask, width, height, x, y)) {
                edgeXs.push(x);
                edgeYs.push(y);
              }
            }
          }
        }
      }
    }
    // Failing that, the edges of the ink only: a stamp's solid header bar would swamp the sides' peaks.
    const whole = fitFrame(mask, width, height, xs, ys, opts);
    const edges = edgeXs.length < xs.length ? fitFrame(mask, width, height, edgeXs, edgeYs, opts) : null;
    const frame = whole === null || (edges !== null && frameScore(edges) > frameScore(whole)) ? edges : whole;
    if (frame) frames.push(frame);
  }
  return frames;
}

/** Most ink inside a frame (the fraction of its interior, 2 cells in from the sides). */
const MAX_INTERIOR_INK = 0.5;

/** Fraction of the frame's interior, 2 cells in from its sides, that holds ink. */
function interiorInk(mask: Uint8Array, width: number, height: number, f: Frame): number {
  const c = Math.cos(f.angle);
  const s = Math.sin(f.angle);
  let hit = 0;
  let total = 0;
  for (let v = -f.halfV + 2; v <= f.halfV - 2; v++) {
    for (let u = -f.halfU + 2; u <= f.halfU - 2; u++) {
      const x = Math.round(f.cx + u * c - v * s);
      const y = Math.round(f.cy + u * s + v * c);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      total++;
      if (mask[y * width + x] !== 0) hit++;
    }
  }
  return total === 0 ? 1 : hit / total;
}

/** Full outlines first, then the larger (outer) frame. */
function frameScore(f: Frame): number {
  return f.coverage + 0.002 * (f.halfU + f.halfV);
}

/** Ink whose four neighbours are all ink. */
function isInterior(mask: Uint8Array, width: number, height: number, x: number, y: number): boolean {
  const k = y * width + x;
  return x > 0 && y > 0 && x + 1 < width && y + 1 < height && mask[k - 1] !== 0 && mask[k + 1] !== 0 && mask[k - width] !== 0 && mask[k + width] !== 0;
}

/** The best rotated rectangle whose sides are sharp projection peaks, verified side by side. */
function fitFrame(mask: Uint8Array, width: number, height: number, xs: number[], ys: number[], opts: FrameOptions): Frame | null {
  const n = xs.length;
  if (n < opts.minSide * 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i];
    my += ys[i];
  }
  mx /= n;
  my /= n;
  const span = Math.ceil(opts.maxSide * 1.2 + 4);
  const size = 2 * span + 1;
  const histU = new Int32Array(size);
  const histV = new Int32Array(size);
  // The rotation: where the sides project to the sharpest peaks.
  let bestAngle = 0;
  let bestSharpness = -1;
  // Every 2°, then the degrees either side of the best.
  const degree = Math.PI / 180;
  const tryAngle = (angle: number): void => {
    project(xs, ys, mx, my, angle, span, histU, histV);
    const sharpness = strongestPeak(histU) + strongestPeak(histV);
    if (sharpness > bestSharpness) {
      bestSharpness = sharpness;
      bestAngle = angle;
    }
  };
  for (let angle = -opts.maxAngle; angle <= opts.maxAngle + 1e-9; angle += 2 * degree) tryAngle(angle);
  const coarseBest = bestAngle;
  tryAngle(coarseBest - degree);
  tryAngle(coarseBest + degree);
  project(xs, ys, mx, my, bestAngle, span, histU, histV);
  const peaksU = strongPeaks(histU);
  const peaksV = strongPeaks(histV);
  // The sides: the pair of peaks each way whose rectangle holds ink along most of its outline.
  const c = Math.cos(bestAngle);
  const s = Math.sin(bestAngle);
  let best: Frame | null = null;
  let bestScore = 0;
  for (let i = 0; i < peaksU.length; i++) {
    for (let j = i + 1; j < peaksU.length; j++) {
      const lengthU = Math.abs(peaksU[j] - peaksU[i]);
      if (lengthU < opts.minSide || lengthU > opts.maxSide) continue;
      for (let k = 0; k < peaksV.length; k++) {
        for (let l = k + 1; l < peaksV.length; l++) {
          const lengthV = Math.abs(peaksV[l] - peaksV[k]);
          if (lengthV < opts.minSide || lengthV > opts.maxSide) continue;
          const uc = (peaksU[i] + peaksU[j]) / 2 - span;
          const vc = (peaksV[k] + peaksV[l]) / 2 - span;
          const frame: Frame = { cx: mx + uc * c - vc * s, cy: my + uc * s + vc * c, angle: bestAngle, halfU: lengthU / 2, halfV: lengthV / 2, coverage: 0 };
          const sides = sideCoverages(mask, width, height, frame);
          frame.coverage = (sides[0] + sides[1] + sides[2] + sides[3]) / 4;
          if (frame.coverage < opts.minCoverage || Math.min(...sides) < opts.minSideCoverage) continue;
          // A frame is drawn around its text; the outline of a solid area (a filled bar) is no frame.
          if (interiorInk(mask, width, height, frame) > MAX_INTERIOR_INK) continue;
          // A stamp's frame stands alone: a table's or a form's rules (square to the page) run on past its corners.
          if (Math.abs(bestAngle) < (4 * Math.PI) / 180 && Math.max(...extensionCoverages(mask, width, height, frame)) >= 0.5) continue;
          // Prefer full outlines, then the larger (outer) frame.
          const score = frameScore(frame);
          if (score > bestScore) {
            bestScore = score;
            best = frame;
          }
        }
      }
    }
  }
  return best;
}

function project(xs: number[], ys: number[], mx: number, my: number, angle: number, span: number, histU: Int32Array, histV: Int32Array): void {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const size = histU.length;
  histU.fill(0);
  histV.fill(0);
  for (let i = 0; i < xs.length; i++) {
    const dx = xs[i] - mx;
    const dy = ys[i] - my;
    const u = Math.round(dx * c + dy * s) + span;
    const v = Math.round(-dx * s + dy * c) + span;
    if (u >= 0 && u < size) histU[u]++;
    if (v >= 0 && v < size) histV[v]++;
  }
}

function strongestPeak(hist: Int32Array): number {
  let best = 0;
  for (let i = 1; i < hist.length - 1; i++) best = Math.max(best, hist[i - 1] + hist[i] + hist[i + 1]);
  return best;
}

/** Positions of the local maxima (3-bin sums) at least a third of the strongest, at most 8, strongest first. */
function strongPeaks(hist: Int32Array): number[] {
  const size = hist.length;
  const sum3 = new Int32Array(size);
  for (let i = 1; i < size - 1; i++) sum3[i] = hist[i - 1] + hist[i] + hist[i + 1];
  let strongest = 0;
  for (let i = 1; i < size - 1; i++) strongest = Math.max(strongest, sum3[i]);
  const peaks: number[] = [];
  for (let i = 2; i < size - 2; i++) {
    if (sum3[i] < strongest / 3 || sum3[i] < sum3[i - 1] || sum3[i] <= sum3[i + 1]) continue;
    peaks.push(i);
  }
  peaks.sort((a, b) => sum3[b] - sum3[a]);
  return peaks.slice(0, 8);
}

/** Fraction of each side (top, bottom, left, right) with ink within 1.5 cells of the side line. */
export function sideCoverages(mask: Uint8Array, width: number, height: number, f: Frame): number[] {
  const c = Math.cos(f.angle);
  const s = Math.sin(f.angle);
  const at = (u: number, v: number): boolean => {
    for (let d = -1.5; d <= 1.5; d += 0.75) {
      for (const [du, dv] of [[0, d], [d, 0]]) {
        const x = Math.round(f.cx + (u + du) * c - (v + dv) * s);
        const y = Math.round(f.cy + (u + du) * s + (v + dv) * c);
        if (x >= 0 && x < width && y >= 0 && y < height && mask[y * width + x] !== 0) return true;
      }
    }
    return false;
  };
  const out: number[] = [];
  for (const [alongU, fixed] of [[true, -f.halfV], [true, f.halfV], [false, -f.halfU], [false, f.halfU]] as const) {
    const half = alongU ? f.halfU : f.halfV;
    let hit = 0;
    let total = 0;
    for (let t = -half * 0.9; t <= half * 0.9; t += 1) {
      total++;
      if (alongU ? at(t, fixed) : at(fixed, t)) hit++;
    }
    out.push(total === 0 ? 0 : hit / total);
  }
  return out;
}

/** Fraction of ink along each side line continued past both corners (a fifth of the side each way). */
function extensionCoverages(mask: Uint8Array, width: number, height: number, f: Frame): number[] {
  const c = Math.cos(f.angle);
  const s = Math.sin(f.angle);
  const inkNear = (u: number, v: number): boolean => {
    for (let d = -1; d <= 1; d++) {
      const x = Math.round(f.cx + u * c - (v + d) * s);
      const y = Math.round(f.cy + u * s + (v + d) * c);
      if (x >= 0 && x < width && y >= 0 && y < height && mask[y * width + x] !== 0) return true;
    }
    return false;
  };
  const inkNearV = (u: number, v: number): boolean => {
    for (let d = -1; d <= 1; d++) {
      const x = Math.round(f.cx + (u + d) * c - v * s);
      const y = Math.round(f.cy + (u + d) * s + v * c);
      if (x >= 0 && x < width && y >= 0 && y < height && mask[y * width + x] !== 0) return true;
    }
    return false;
  };
  const out: number[] = [];
  for (const sign of [-1, 1]) {
    // Along u (top and bottom sides), beyond the left and right corners.
    for (const v of [-f.halfV, f.halfV]) {
      let hit = 0;
      let total = 0;
      for (let t = f.halfU + 3; t <= f.halfU + 3 + f.halfU * 0.4; t++) {
        total++;
        if (inkNear(sign * t, v)) hit++;
      }
      out.push(total === 0 ? 0 : hit / total);
    }
    // Along v (left and right sides), beyond the top and bottom corners.
    for (const u of [-f.halfU, f.halfU]) {
      let hit = 0;
      let total = 0;
      for (let t = f.halfV + 3; t <= f.halfV + 3 + f.halfV * 0.4; t++) {
        total++;
        if (inkNearV(u, sign * t)) hit++;
      }
      out.push(total === 0 ? 0 : hit / total);
    }
  }
  return out;
}
