import { readInkColour } from '../inkColour';
import { InkClass, type ClassMap, type RgbaImage } from '../../shared/types';

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
/** Scratch for one pixel's ink colour (the passes here are synchronous). */
const ink = new Float64Array(3);

/** Relabels, in place, ink of the full-resolution class map that continues a form line. */
export function continueFormLines(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, options: Partial<LineContinuationOptions> = {}): void {
  const { width, height } = flattened;
  if (map.width !== width || map.height !== height) return;
  const opts = { ...DEFAULTS, ...options };
  const minRun = Math.max(12, Math.round(Math.max(width, height) * opts.minRunFraction));
  const runs = findRuns(inkAlpha, width, height, opts.runAlpha, minRun);
  continueAlong(map, flattened, inkAlpha, opts, minRun, runs.rows, 'rows');
  continueAlong(map, flattened, inkAlpha, opts, minRun, runs.columns, 'columns');
}

/** Straight runs of ink along one direction, joined across neighbouring lanes into lines. */
interface Runs {
  lane: Int32Array;
  start: Int32Array;
  /** Exclusive end. */
  end: Int32Array;
  /** Line (union-find root after joining) of each run. */
  line: Int32Array;
  count: number;
}

/** One direction: lines along rows (horizontal rules) or along columns (vertical rules). */
function continueAlong(map: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, opts: LineContinuationOptions, minRun: number, runs: Runs, direction: 'rows' | 'columns'): void {
  const { width, height, data } = flattened;
  const { classes } = map;
  const rows = direction === 'rows';
  const lanes = rows ? height : width;
  // Pixel index of position i along lane `lane`, and the step across lanes.
  const at = rows ? (lane: number, i: number) => lane * width + i : (lane: number, i: number) => i * width + lane;
  const across = rows ? width : 1;
  if (runs.count === 0) return;
  joinRuns(runs);

  // Thickness of the ink across the line at a pixel: the solid run across lanes through it.
  const thicknessAt = (lane: number, p: number): number => {
    let t = 1;
    for (let l = lane - 1, q = p - across; l >= 0 && t < MAX_THICKNESS && inkAlpha[q] >= opts.runAlpha; l--, q -= across) t++;
    for (let l = lane + 1, q = p + across; l < lanes && t < MAX_THICKNESS && inkAlpha[q] >= opts.runAlpha; l++, q += across) t++;
    return t;
  };
  const count = runs.count;
  const linePixels = new Int32Array(count);
  const area = new Int32Array(count);
  const histogram = new Int32Array(count * (MAX_THICKNESS + 1));
  const colourSums = new Float64Array(count * 4);
  for (let r = 0; r < count; r++) {
    const l = runs.line[r];
    const lane = runs.lane[r];
    area[l] += runs.end[r] - runs.start[r];
    for (let i = runs.start[r]; i < runs.end[r]; i++) {
      const p = at(lane, i);
      if (classes[p] !== InkClass.formLine) continue;
      linePixels[l]++;
      histogram[l * (MAX_THICKNESS + 1) + thicknessAt(lane, p)]++;
      const a = inkAlpha[p];
      if (a >= 192) {
        readInkColour(data, p, a, ink);
        colourSums[l * 4] += ink[0];
        colourSums[l * 4 + 1] += ink[1];
        colourSums[l * 4 + 2] += ink[2];
        colourSums[l * 4 + 3]++;
      }
    }
  }
  // Per line: whether it is one, the most thickness a pixel of it may have, and its ink colour.
  const maxThickness = new Int32Array(count);
  const colour = new Float32Array(count * 3);
  const colourKnown = new Uint8Array(count);
  for (let l = 0; l < count; l++) {
    if (linePixels[l] < minRun || linePixels[l] < area[l] * opts.minLineShare) continue;
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
  for (let r = 0; r < count; r++) {
    const l = runs.line[r];
    if (maxThickness[l] === 0) continue;
    const lane = runs.lane[r];
    for (let i = runs.start[r]; i < runs.end[r]; i++) {
      const p = at(lane, i);
      // Ink the engine dropped (paper, noise) stays dropped.
      const was = classes[p];
      if (was === InkClass.formLine || was === InkClass.paper || was === InkClass.noise || thicknessAt(lane, p) > maxThickness[l]) continue;
      const a = inkAlpha[p];
      if (colourKnown[l] !== 0 && a >= 128) {
        readInkColour(data, p, a, ink);
        const dr = ink[0] - colour[l * 3];
        const dg = ink[1] - colour[l * 3 + 1];
        const db = ink[2] - colour[l * 3 + 2];
        if (dr * dr + dg * dg + db * db > tolerance2) continue;
      }
      classes[p] = InkClass.formLine;
      // The line's faint edges (below runAlpha) just across it go with it.
      for (let d = 1; d <= 2; d++) {
        if (lane - d >= 0) relabelFaint(classes, inkAlpha, p - d * across, was, opts.runAlpha);
        if (lane + d < lanes) relabelFaint(classes, inkAlpha, p + d * across, was, opts.runAlpha);
      }
    }
  }
}

function relabelFaint(classes: Uint8Array, inkAlpha: Uint8Array, p: number, was: number, runAlpha: number): void {
  if (inkAlpha[p] !== 0 && inkAlpha[p] < runAlpha && classes[p] === was) classes[p] = InkClass.formLine;
}

/**
 * Runs of at least `minRun` pixels with alpha ≥ `runAlpha` along rows and along columns, each
 * ordered by lane then start. One pass in memory order (a column's run stays open across rows, the
 * open columns listed so a row's paper needs no look at them): the page is read once, which is most
 * of this step's time on a large photo.
 */
function findRuns(inkAlpha: Uint8Array, width: number, height: number, runAlpha: number, minRun: number): { rows: Runs; columns: Runs } {
  const rows: RunList = { lane: [], start: [], end: [] };
  const columns: RunList = { lane: [], start: [], end: [] };
  // Per column, the row its open run started at (-1: none); the open columns, listed.
  const open = new Int32Array(width).fill(-1);
  let openColumns = new Int32Array(width);
  let stillOpen = new Int32Array(width);
  let openCount = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // Column runs that end above this row.
    let kept = 0;
    for (let k = 0; k < openCount; k++) {
      const x = openColumns[k];
      if (inkAlpha[row + x] >= runAlpha) stillOpen[kept++] = x;
      else {
        if (y - open[x] >= minRun) pushRun(columns, x, open[x], y);
        open[x] = -1;
      }
    }
    [openColumns, stillOpen] = [stillOpen, openColumns];
    openCount = kept;
    let rowStart = -1;
    for (let x = 0; x < width; x++) {
      if (inkAlpha[row + x] >= runAlpha) {
        if (rowStart < 0) rowStart = x;
        if (open[x] < 0) {
          open[x] = y;
          openColumns[openCount++] = x;
        }
      } else if (rowStart >= 0) {
        if (x - rowStart >= minRun) pushRun(rows, y, rowStart, x);
        rowStart = -1;
      }
    }
    if (rowStart >= 0 && width - rowStart >= minRun) pushRun(rows, y, rowStart, width);
  }
  for (let k = 0; k < openCount; k++) {
    const x = openColumns[k];
    if (height - open[x] >= minRun) pushRun(columns, x, open[x], height);
  }
  return { rows: toRuns(rows, false), columns: toRuns(columns, true) };
}

interface RunList {
  lane: number[];
  start: number[];
  end: number[];
}

function pushRun(list: RunList, lane: number, start: number, end: number): void {
  list.lane.push(lane);
  list.start.push(start);
  list.end.push(end);
}

/** Typed runs ordered by lane then start (column runs are found in order of their end row). */
function toRuns({ lane, start, end }: RunList, sort: boolean): Runs {
  const order = lane.map((_, i) => i);
  if (sort) order.sort((a, b) => lane[a] - lane[b] || start[a] - start[b]);
  const count = order.length;
  const runs: Runs = { lane: new Int32Array(count), start: new Int32Array(count), end: new Int32Array(count), line: new Int32Array(count), count };
  order.forEach((i, r) => {
    runs.lane[r] = lane[i];
    runs.start[r] = start[i];
    runs.end[r] = end[i];
    runs.line[r] = r;
  });
  return runs;
}

/** Joins runs of neighbouring lanes that touch (8-connected) into lines: runs.line becomes each run's root. */
function joinRuns(runs: Runs): void {
  const parent = runs.line;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  // Runs of lane L are runs[a0, a1); of lane L + 1, runs[b0, b1).
  let a0 = 0;
  while (a0 < runs.count) {
    let a1 = a0;
    while (a1 < runs.count && runs.lane[a1] === runs.lane[a0]) a1++;
    let b1 = a1;
    while (b1 < runs.count && runs.lane[b1] === runs.lane[a0] + 1) b1++;
    for (let a = a0, b = a1; a < a1 && b < b1; ) {
      if (runs.start[b] <= runs.end[a] && runs.end[b] >= runs.start[a]) {
        const ra = find(a);
        const rb = find(b);
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
      if (runs.end[a] < runs.end[b]) a++;
      else b++;
    }
    a0 = a1;
  }
  for (let r = 0; r < runs.count; r++) parent[r] = find(r);
}
