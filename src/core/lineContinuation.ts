import { labelComponents } from './components';
import { InkClass, type ClassMap, type RgbaImage } from './types';

/**
 * A form line under a signature or a stamp: the class map (a cell of several pixels, one label)
 * calls the line's pixels in the crossed cells handwriting or stamp, so an extracted signature kept
 * a piece of its signature line. At full resolution a line is plain to see: long straight thin runs
 * of ink. Straight runs joined into one line that the engine already calls a form line elsewhere
 * take that class along their whole length, except where another stroke crosses them (the ink there
 * is thicker than the line) or the ink is clearly another colour (a blue pen across a black rule).
 */
export interface LineContinuationOptions {
  /** Ink alpha from which a pixel counts as ink of a run. */
  runAlpha: number;
  /** Shortest run, as a fraction of the image's long side. */
  minRunFraction: number;
  /** Share of a line's pixels the engine must already call form line. */
  minLineShare: number;
  /** Extra thickness (pixels) over the line's own before ink counts as a crossing stroke. */
  thicknessSlack: number;
  /** Largest distance (ink deficit, 0..441) from the line's colour for a pixel to join it. */
  colourTolerance: number;
}

const DEFAULTS: LineContinuationOptions = { runAlpha: 64, minRunFraction: 1 / 50, minLineShare: 0.2, thicknessSlack: 2, colourTolerance: 90 };
const MAX_THICKNESS = 64;

/** Relabels, in place, ink of the full-resolution class map that continues a form line. */
export function continueFormLines(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, options: Partial<LineContinuationOptions> = {}): void {
  const { width, height } = flattened;
  if (map.width !== width || map.height !== height) return;
  const opts = { ...DEFAULTS, ...options };
  const minRun = Math.max(12, Math.round(Math.max(width, height) * opts.minRunFraction));
  continueAlong(map, flattened, inkAlpha, opts, minRun, 'rows');
  continueAlong(map, flattened, inkAlpha, opts, minRun, 'columns');
}

/** One direction: lines along rows (horizontal rules) or along columns (vertical rules). */
function continueAlong(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, opts: LineContinuationOptions, minRun: number, direction: 'rows' | 'columns'): void {
  const { width, height, data } = flattened;
  const { classes } = map;
  const n = width * height;
  // Walk "along" the line (step) and "across" it (cross); lanes are the rows (or columns).
  const along = direction === 'rows' ? width : height;
  const lanes = direction === 'rows' ? height : width;
  const step = direction === 'rows' ? 1 : width;
  const laneStep = direction === 'rows' ? width : 1;

  const solid = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (inkAlpha[p] >= opts.runAlpha) solid[p] = 1;
  // Runs along the line long enough to be part of one.
  const candidate = new Uint8Array(n);
  let any = false;
  for (let lane = 0; lane < lanes; lane++) {
    const base = lane * laneStep;
    let start = -1;
    for (let i = 0; i <= along; i++) {
      const on = i < along && solid[base + i * step] !== 0;
      if (on && start < 0) start = i;
      else if (!on && start >= 0) {
        if (i - start >= minRun) {
          for (let j = start; j < i; j++) candidate[base + j * step] = 1;
          any = true;
        }
        start = -1;
      }
    }
  }
  if (!any) return;
  // Thickness of the ink across the line at each pixel (length of the solid run across it).
  const thickness = new Uint8Array(n);
  const cross = laneStep;
  for (let i = 0; i < along; i++) {
    const base = i * step;
    let start = -1;
    for (let lane = 0; lane <= lanes; lane++) {
      const on = lane < lanes && solid[base + lane * cross] !== 0;
      if (on && start < 0) start = lane;
      else if (!on && start >= 0) {
        const t = Math.min(255, lane - start);
        for (let j = start; j < lane; j++) thickness[base + j * cross] = t;
        start = -1;
      }
    }
  }

  const lines = labelComponents(candidate, width, height);
  const count = lines.count;
  const linePixels = new Int32Array(count + 1);
  const histogram = new Int32Array((count + 1) * (MAX_THICKNESS + 1));
  const colourSums = new Float64Array((count + 1) * 4);
  for (let p = 0; p < n; p++) {
    const l = lines.labels[p];
    if (l === 0 || classes[p] !== InkClass.formLine) continue;
    linePixels[l]++;
    histogram[l * (MAX_THICKNESS + 1) + Math.min(MAX_THICKNESS, thickness[p])]++;
    if (inkAlpha[p] >= 192) {
      const i = p * 4;
      const scale = 255 / inkAlpha[p];
      colourSums[l * 4] += Math.min(255, (255 - data[i]) * scale);
      colourSums[l * 4 + 1] += Math.min(255, (255 - data[i + 1]) * scale);
      colourSums[l * 4 + 2] += Math.min(255, (255 - data[i + 2]) * scale);
      colourSums[l * 4 + 3]++;
    }
  }
  // Per line: whether it is one, the most thickness a pixel of it may have, and its ink colour.
  const maxThickness = new Int32Array(count + 1);
  const colour = new Float32Array((count + 1) * 3);
  const colourKnown = new Uint8Array(count + 1);
  for (let l = 1; l <= count; l++) {
    if (linePixels[l] < minRun || linePixels[l] < lines.area[l] * opts.minLineShare) continue;
    let seen = 0;
    let median = 0;
    for (let t = 0; t <= MAX_THICKNESS; t++) {
      seen += histogram[l * (MAX_THICKNESS + 1) + t];
      if (seen * 2 >= linePixels[l]) {
        median = t;
        break;
      }
    }
    maxThickness[l] = median + opts.thicknessSlack;
    const solidCount = colourSums[l * 4 + 3];
    if (solidCount >= 8) {
      for (let c = 0; c < 3; c++) colour[l * 3 + c] = colourSums[l * 4 + c] / solidCount;
      colourKnown[l] = 1;
    }
  }
  const tolerance2 = opts.colourTolerance * opts.colourTolerance;
  const joined = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const l = lines.labels[p];
    if (l === 0 || maxThickness[l] === 0 || classes[p] === InkClass.formLine || thickness[p] > maxThickness[l]) continue;
    if (colourKnown[l] !== 0 && inkAlpha[p] >= 128) {
      const i = p * 4;
      const scale = 255 / inkAlpha[p];
      const dr = Math.min(255, (255 - data[i]) * scale) - colour[l * 3];
      const dg = Math.min(255, (255 - data[i + 1]) * scale) - colour[l * 3 + 1];
      const db = Math.min(255, (255 - data[i + 2]) * scale) - colour[l * 3 + 2];
      if (dr * dr + dg * dg + db * db > tolerance2) continue;
    }
    classes[p] = InkClass.formLine;
    joined[p] = 1;
  }
  // The line's faint edges (below runAlpha) beside relabelled pixels go with it.
  for (let p = 0; p < n; p++) {
    if (inkAlpha[p] === 0 || inkAlpha[p] >= opts.runAlpha || classes[p] === InkClass.formLine) continue;
    const lane = direction === 'rows' ? (p / width) | 0 : p % width;
    for (let d = 1; d <= 2; d++) {
      if ((lane - d >= 0 && joined[p - d * cross] !== 0) || (lane + d < lanes && joined[p + d * cross] !== 0)) {
        classes[p] = InkClass.formLine;
        break;
      }
    }
  }
}
