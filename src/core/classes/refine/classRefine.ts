import { giveBackList, pooledUint8 } from '../../shared/bufferPool';
import { readInkColour } from '../inkColour';
import { chroma, inkHue } from '../inkHue';
import { pixelDeficit } from '../../paper/inkAlpha';
import { pixelsWithAlpha } from '../../shared/inkPixels';
import { PEN_HUE_MAX, PEN_HUE_MIN } from '../classical/penHue';
import { InkClass, type ClassMap, type RgbaImage } from '../../shared/types';

/**
 * A coarse class map (model cells of several pixels, or the classical analysis grid) labels whole
 * cells, so where two inks meet — a signature across a printed label, a form line or a stamp — the
 * cell's pixels all get one class. This lifts the map to full resolution: pixels of a cell whose
 * neighbourhood agrees keep its class; in mixed neighbourhoods each ink pixel takes the candidate
 * class whose local ink colour is nearest its own (the ink recovered from colour-to-alpha), with a
 * penalty for classes only present in neighbouring cells. Where the candidates' inks look alike
 * (grey pages, a black pen beside print) colour cannot tell them apart and the cell's own class stays.
 */
export interface RefineOptions {
  /** Cost (in colour-distance units of the deficit space, 0..441) per cell of distance to a candidate's cell. */
  cellPenalty: number;
  /** Ink alpha (at least 1) from which a pixel's colour counts towards its class's colour. */
  solidAlpha: number;
  /** Side, in cells, of the blocks over which class colours are pooled. */
  block: number;
  /** Two classes whose local inks differ by less than this (deficit units) are not told apart by colour. */
  separation: number;
  /** Cells on each side of a cell whose classes are its pixels' candidates (1: the 3×3 neighbourhood). */
  radius: number;
  /** How many cells away the class that takes grey ink out of a stamp may be, and the cost per cell. */
  releaseReach: number;
  releasePenalty: number;
}

/**
 * Defaults for a map whose cells are `scale` times finer than the unit cell these were tuned at (the
 * classical grid, and a stride-4 model's cells): distances in cells grow with it and costs per cell
 * shrink, so a finer map is refined over the same stretch of page.
 */
function defaults(scale: number): RefineOptions {
  return { cellPenalty: 100 / scale, solidAlpha: 192, block: 8 * scale, separation: 60, radius: scale, releaseReach: 4 * scale, releasePenalty: 20 / scale };
}
const CLASSES = 6;
/** Scratch for one pixel's ink colour (the passes here are synchronous). */
const ink = new Float64Array(3);
/** Fewest solid pixels of a class in a neighbourhood of blocks for its local colour to be trusted. */
const MIN_COLOUR_PIXELS = 24;

/**
 * The pixels with ink (alpha > 0) in page order, and where each row's start among them: the passes
 * below visit only these (most of a 12-MP page is paper).
 */
interface InkPixels {
  pixels: Int32Array;
  rowStart: Int32Array;
}

function inkPixelsOf(inkAlpha: Uint8Array, width: number, height: number): InkPixels {
  const pixels = pixelsWithAlpha(inkAlpha, 1);
  const rowStart = new Int32Array(height + 1);
  for (let y = 0, j = 0; y <= height; y++) {
    while (j < pixels.length && pixels[j] < y * width) j++;
    rowStart[y] = j;
  }
  return { pixels, rowStart };
}

/**
 * A map with more cells than the page has pixels (a page under the model's map size, read at the
 * model's scale) at the page's resolution: each pixel takes the cell under its centre.
 */
function sampledAtPixels(coarse: ClassMap, width: number, height: number): ClassMap {
  const classes = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const cellRow = Math.min(coarse.height - 1, Math.floor(((y + 0.5) * coarse.height) / height)) * coarse.width;
    for (let x = 0; x < width; x++) classes[y * width + x] = coarse.classes[cellRow + Math.min(coarse.width - 1, Math.floor(((x + 0.5) * coarse.width) / width))];
  }
  return { ...coarse, width, height, classes };
}

export function refineClassMap(coarse: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, options: Partial<RefineOptions> = {}): ClassMap {
  const { width, height, data } = flattened;
  if (coarse.width === width && coarse.height === height) return coarse;
  if (coarse.width >= width && coarse.height >= height) return sampledAtPixels(coarse, width, height);
  const opts = { ...defaults(coarse.cellScale ?? 1), ...options };
  const { width: cw, height: ch, classes: cells } = coarse;
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(cw - 1, Math.floor((x * cw) / width));
  const cellY = new Int32Array(height);
  for (let y = 0; y < height; y++) cellY[y] = Math.min(ch - 1, Math.floor((y * ch) / height));

  const inkPixels = inkPixelsOf(inkAlpha, width, height);
  const mixed = mixedCells(coarse, opts.radius);
  const colours = classColours(coarse, mixed, flattened, inkAlpha, inkPixels, cellX, cellY, opts);
  const blocksWide = Math.ceil(cw / opts.block);
  const separation2 = opts.separation * opts.separation;

  const nearby = colours.stampInkKnown.includes(1) ? classDistances(coarse, opts.releaseReach) : null;
  const R = opts.radius;
  const moved: number[] = [];
  const out = pooledUint8(width * height);
  const cellW = width / cw;
  const cellH = height / ch;
  const candidateCost = new Float32Array(CLASSES);
  for (let y = 0; y < height; y++) {
    const cy = cellY[y];
    const cellRow = cy * cw;
    const blockRow = ((cy / opts.block) | 0) * blocksWide;
    const above = (y + 0.5 - cy * cellH) / cellH;
    const below = ((cy + 1) * cellH - y - 0.5) / cellH;
    for (let j = inkPixels.rowStart[y], rowEnd = inkPixels.rowStart[y + 1]; j < rowEnd; j++) {
      const p = inkPixels.pixels[j];
      const x = p - y * width;
      const a = inkAlpha[p];
      const cx = cellX[x];
      const k = cellRow + cx;
      const block = blockRow + ((cx / opts.block) | 0);
      if (mixed[k] === 0) {
        out[p] = cells[k];
      } else {
        // Candidates: classes of the 3×3 cells around, each at its distance in cells from this pixel.
        candidateCost.fill(Infinity);
        const left = (x + 0.5 - cx * cellW) / cellW;
        const right = ((cx + 1) * cellW - x - 0.5) / cellW;
        for (let dy = -R; dy <= R; dy++) {
          const ny = cy + dy;
          if (ny < 0 || ny >= ch) continue;
          const gapY = dy === 0 ? 0 : (dy < 0 ? above : below) + Math.abs(dy) - 1;
          for (let dx = -R; dx <= R; dx++) {
            const nx = cx + dx;
            if (nx < 0 || nx >= cw) continue;
            const c = cells[ny * cw + nx];
            if (c === InkClass.paper) continue;
            const gapX = dx === 0 ? 0 : (dx < 0 ? left : right) + Math.abs(dx) - 1;
            const cost = Math.sqrt(gapX * gapX + gapY * gapY) * opts.cellPenalty;
            if (cost < candidateCost[c]) candidateCost[c] = cost;
          }
        }
        out[p] = chooseClass(cells[k], candidateCost, colours, block * CLASSES, data, p, a, separation2);
      }
      if (out[p] === InkClass.stamp && nearby !== null && a >= 128 && colours.stampInkKnown[block] !== 0) {
        const released = releasedClass(nearby, k, colours, block, data, p, a, opts);
        if (released !== InkClass.stamp) {
          out[p] = released;
          moved.push(p);
        }
      } else if (out[p] === InkClass.printed && nearby !== null && a >= 128 && colours.stampInkKnown[block] !== 0 && claimedByStamp(nearby, k, colours, block, data, p, a, opts)) {
        out[p] = InkClass.stamp;
        moved.push(p);
      }
    }
  }
  if (coarse.handwritingRecognised) followInksByColour(out, moved, flattened, inkAlpha, inkPixels, cellX, cellY, blocksWide, opts.block);
  followIntoFaintInk(out, moved, inkAlpha, width, height, 128);
  giveBackList(inkPixels.pixels);
  return { width, height, classes: out };
}

/** The classes whose inks the following compares. */
const FOLLOWED: readonly number[] = [InkClass.handwriting, InkClass.stamp, InkClass.printed];
/** Where along the stamp-to-pen ink axis (0 at the stamp's ink, 1 at the pen's) a stroke pixel counts as the pen's. */
const PEN_SIDE = 0.85;
/** The other way: up to where along that axis the stamp's lines are followed through ink the map called handwriting. */
const STAMP_SIDE = 0.6;
/** Up to where along the print-to-pen (or print-to-stamp) ink axis, by colour alone, print is followed back through ink the map called handwriting (or stamp). */
const PRINT_SIDE = 0.4;
/** How much darker (deficit units) a neighbouring pen pixel is than a pixel that is its stroke's shoulder. */
const SHOULDER_STEP = 40;
/** Least ink alpha of the pixels a stroke or a line is followed through. */
const PEN_ALPHA = 96;
/** Least distance (deficit units) between the pen's and the stamp's inks for them to be told apart this way. */
const PEN_STAMP_SEPARATION = 20;

/**
 * Inks followed pixel by pixel across the cells of another class, by their colours.
 * A pen stroke that runs into a stamp of a similar hue (a navy signature over a violet or pale blue
 * seal) gets one label per cell, and the cells inside the seal say stamp, too far from any handwriting
 * cell for the per-pixel choice above. From the pixels already called handwriting, the stroke is
 * followed pixel by pixel through the ink the map gave the stamp while each pixel's ink stays on the
 * pen's side of the two inks (compared per block of cells, else over the page). Where the pen crosses
 * the stamp's own lines the overlap is darker than either and goes with the pen; the stamp's lines
 * themselves stay the stamp's. Then the other way: from the stamp's pixels its lines are followed
 * through ink the map called handwriting while that ink lies at most 0.6 of the way to the pen's
 * (a seal's ring where the handwriting cells spill over it). Tuned on validation pages 0–119 (model signature
 * 0.836 → 0.848, stamp 0.904 → 0.907; on pages 120–239 0.841 → 0.851 and 0.866 → 0.866).
 * Then the pen is followed the same way through ink the map called print, by colour alone (a blue
 * pen's loop beside a row of black type): validation signature 0.857 → 0.859 and 0.860 → 0.860;
 * and print back through ink the map called handwriting that has the print's colour (black type a
 * blue pen runs across): 0.859 → 0.859 and 0.860 → 0.861. The stamp's lines are not followed into the
 * pale shoulders of a pen stroke (a pixel 40 below a handwriting neighbour): signature 0.859 → 0.861
 * and 0.861 → 0.864, stamp 0.907 → 0.907 and 0.866 → 0.868.
 * Last, print is followed the same way out of ink the map gave a stamp (black type under a pale blue
 * seal, its letters half in the seal's cells): stamp 0.907 → 0.912 and 0.868 → 0.872 (0.912 at 0.15
 * and 0.25, 0.910 at 0.55 on pages 0–119).
 * Only for a map whose handwriting was recognised: the classical map's handwriting includes the parts
 * of stamps it missed, and followed from there the step cost its stamps (validation pages 120–239:
 * stamp 0.718 → 0.717, test 0.763 → 0.757) for no gain on signatures (+0.001). The print-from-stamp
 * pass alone moved the classical stamps by +0.0004 and −0.0001 on the two halves, so it stays with
 * the rest.
 */
function followInksByColour(
  out: Uint8Array,
  moved: number[],
  flattened: RgbaImage,
  inkAlpha: Uint8Array,
  inkPixels: InkPixels,
  cellX: Int32Array,
  cellY: Int32Array,
  blocksWide: number,
  block: number,
): void {
  const { width, height, data } = flattened;
  const blocksHigh = Math.ceil((cellY[height - 1] + 1) / block);
  const blockOf = (x: number, y: number) => ((cellY[y] / block) | 0) * blocksWide + ((cellX[x] / block) | 0);
  // The pen's, the stamp's and the print's inks per block, from all their solid pixels (strokes are thin: few lie in settled cells).
  const entries = FOLLOWED.length;
  const sums = new Float64Array(blocksWide * blocksHigh * entries * 4);
  const entryOf = new Int8Array(CLASSES).fill(-1);
  FOLLOWED.forEach((c, e) => (entryOf[c] = e));
  // Per row, a function of its own (optimised per call: see OSR_NOTE in model/tensor.ts); so is each pixel a path reaches below.
  const addRowInks = (y: number): void => {
    for (let j = inkPixels.rowStart[y], rowEnd = inkPixels.rowStart[y + 1]; j < rowEnd; j++) {
      const p = inkPixels.pixels[j];
      const x = p - y * width;
      if (inkAlpha[p] < 128) continue;
      const e = entryOf[out[p]];
      if (e < 0) continue;
      readInkColour(data, p, inkAlpha[p], ink);
      const s = (blockOf(x, y) * entries + e) * 4;
      sums[s] += ink[0];
      sums[s + 1] += ink[1];
      sums[s + 2] += ink[2];
      sums[s + 3]++;
    }
  };
  for (let y = 0; y < height; y++) addRowInks(y);
  const { colour: refs, known: refKnown } = pooledMeans(sums, entries, blocksWide, blocksHigh);
  // The pale shoulder of a blurred pen stroke looks like a pale stamp's ink; it is told by the
  // pen's darker core beside it.
  const isPenShoulder = (q: number, x: number, y: number): boolean => {
    const limit = pixelDeficit(data, q) + SHOULDER_STEP;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const r = yy * width + xx;
        if (out[r] === InkClass.handwriting && pixelDeficit(data, r) > limit) return true;
      }
    }
    return false;
  };
  // With `chromaOnly` the inks are compared by colour alone (the axis without its grey part): bold
  // type is darker than the page's mean print, as dark as a pen, but not of the pen's colour.
  const follow = (queue: number[], from: number, into: number, accept: (t: number) => boolean, chromaOnly = false, sparePenShoulders = false): void => {
    const eFrom = FOLLOWED.indexOf(from);
    const eInto = FOLLOWED.indexOf(into);
    for (let head = 0; head < queue.length; head++) followFrom(queue[head], queue, from, into, eFrom, eInto, accept, chromaOnly, sparePenShoulders);
  };
  const followFrom = (p: number, queue: number[], from: number, into: number, eFrom: number, eInto: number, accept: (t: number) => boolean, chromaOnly: boolean, sparePenShoulders: boolean): void => {
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const q = yy * width + xx;
        if (out[q] !== into || inkAlpha[q] < PEN_ALPHA) continue;
        if (sparePenShoulders && isPenShoulder(q, xx, yy)) continue;
        const k = blockOf(xx, yy) * entries;
        if (refKnown[k + eFrom] === 0 || refKnown[k + eInto] === 0) continue;
        const h = (k + eFrom) * 3;
        const s = (k + eInto) * 3;
        let ar = refs[h] - refs[s];
        let ag = refs[h + 1] - refs[s + 1];
        let ab = refs[h + 2] - refs[s + 2];
        if (chromaOnly) {
          const grey = (ar + ag + ab) / 3;
          ar -= grey;
          ag -= grey;
          ab -= grey;
        }
        const axis2 = ar * ar + ag * ag + ab * ab;
        if (axis2 < PEN_STAMP_SEPARATION * PEN_STAMP_SEPARATION) continue;
        readInkColour(data, q, inkAlpha[q], ink);
        const t = ((ink[0] - refs[s]) * ar + (ink[1] - refs[s + 1]) * ag + (ink[2] - refs[s + 2]) * ab) / axis2;
        if (!accept(t)) continue;
        out[q] = from;
        moved.push(q);
        queue.push(q);
      }
    }
  };
  // Only a pixel beside the other class can start a path: neither pass adds to the class it enters.
  const frontier = (own: number, other: number): number[] => {
    const seeds: number[] = [];
    // Only ink pixels have a class: the page's ink pixels, in page order, are the pixels to look at.
    const { pixels } = inkPixels;
    for (let j = 0; j < pixels.length; j++) {
      const p = pixels[j];
      if (out[p] === own && inkAlpha[p] >= 128 && touchesClass(p, other)) seeds.push(p);
    }
    return seeds;
  };
  const touchesClass = (p: number, other: number): boolean => {
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx >= 0 && xx < width && out[yy * width + xx] === other) return true;
      }
    }
    return false;
  };
  follow(frontier(InkClass.handwriting, InkClass.stamp), InkClass.handwriting, InkClass.stamp, (t) => t >= PEN_SIDE);
  follow(frontier(InkClass.stamp, InkClass.handwriting), InkClass.stamp, InkClass.handwriting, (t) => 1 - t <= STAMP_SIDE, false, true);
  follow(frontier(InkClass.handwriting, InkClass.printed), InkClass.handwriting, InkClass.printed, (t) => t >= PEN_SIDE, true);
  follow(frontier(InkClass.printed, InkClass.handwriting), InkClass.printed, InkClass.handwriting, (t) => 1 - t <= PRINT_SIDE, true);
  follow(frontier(InkClass.printed, InkClass.stamp), InkClass.printed, InkClass.stamp, (t) => 1 - t <= PRINT_SIDE, true);
}

/** Least distance (deficit units) of that grey ink from the stamp's colour. */
const RELEASE_DISTANCE = 60;
/** Chroma (max − min channel of the ink colour, deficit units) from which ink counts as coloured; below half of it, as grey. */
const STAMP_CHROMA = 60;
const RELEASED_TO: readonly number[] = [InkClass.printed, InkClass.formLine, InkClass.handwriting];

/**
 * Least hue difference (degrees) between a coloured ink and the stamp's there for it to count as
 * another ink, and the most of the page's stamp ink its hue may hold (a second stamp of another
 * colour, or a stamp's ring beside a large signature the map took for stamp, stays stamp).
 */
const OTHER_HUE = 60;
const OTHER_HUE_SHARE = 1 / 3;

/**
 * A stamp is one coloured ink. Grey or black ink the map calls stamp where the stamp's ink is clearly
 * coloured (a black signature across a violet seal, printed text under a red frame) belongs to the
 * nearest class of that colour within a few cells, when there is one. Ink of another hue altogether
 * (a blue pen across a red seal) is never the stamp's: it goes to a class of its colour nearby, else to
 * handwriting when in a pen's hue, to print when not.
 */
function releasedClass(nearby: Uint8Array, k: number, colours: ClassColours, block: number, data: Uint8ClampedArray, p: number, alpha: number, opts: RefineOptions): number {
  readInkColour(data, p, alpha, ink);
  const dr = ink[0];
  const dg = ink[1];
  const db = ink[2];
  const { stampInk, colour, known } = colours;
  const s = block * 3;
  const pixelChroma = chroma(dr, dg, db);
  let best: number = InkClass.stamp;
  let bestCost: number;
  if (pixelChroma >= STAMP_CHROMA / 2) {
    const hue = inkHue(dr, dg, db);
    if (hueDistance(hue, inkHue(stampInk[s], stampInk[s + 1], stampInk[s + 2])) < OTHER_HUE) return InkClass.stamp;
    if (colours.stampHueShare[hueBin(hue)] > OTHER_HUE_SHARE) return InkClass.stamp;
    const visibleHue = inkHue(255 - dr, 255 - dg, 255 - db);
    best = visibleHue >= PEN_HUE_MIN && visibleHue <= PEN_HUE_MAX ? InkClass.handwriting : InkClass.printed;
    bestCost = RELEASE_DISTANCE * 2;
  } else {
    bestCost = Math.sqrt((dr - stampInk[s]) ** 2 + (dg - stampInk[s + 1]) ** 2 + (db - stampInk[s + 2]) ** 2);
    if (bestCost < RELEASE_DISTANCE) return InkClass.stamp;
  }
  const cells = nearby.length / CLASSES;
  for (const c of RELEASED_TO) {
    const reach = nearby[c * cells + k];
    const q = (block * CLASSES + c) * 3;
    if (reach > opts.releaseReach || known[block * CLASSES + c] === 0) continue;
    const cost = reach * opts.releasePenalty + Math.sqrt((dr - colour[q]) ** 2 + (dg - colour[q + 1]) ** 2 + (db - colour[q + 2]) ** 2);
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/** How near (degrees) to the stamp's hue ink the map calls print must be for the stamp to claim it. */
const CLAIM_HUE = 30;

/**
 * The other way round: ink of the stamp's own hue that the map calls print, within a few cells of the
 * stamp, unlike the print around it (ring letters crossing a row of black type), is the stamp's.
 */
function claimedByStamp(nearby: Uint8Array, k: number, colours: ClassColours, block: number, data: Uint8ClampedArray, p: number, alpha: number, opts: RefineOptions): boolean {
  const cells = nearby.length / CLASSES;
  if (nearby[InkClass.stamp * cells + k] > opts.releaseReach) return false;
  readInkColour(data, p, alpha, ink);
  const dr = ink[0];
  const dg = ink[1];
  const db = ink[2];
  if (chroma(dr, dg, db) < STAMP_CHROMA / 2) return false;
  const s = block * 3;
  const { stampInk, colour, known } = colours;
  if (hueDistance(inkHue(dr, dg, db), inkHue(stampInk[s], stampInk[s + 1], stampInk[s + 2])) >= CLAIM_HUE) return false;
  const q = (block * CLASSES + InkClass.printed) * 3;
  if (known[block * CLASSES + InkClass.printed] === 0) return true;
  return Math.sqrt((dr - colour[q]) ** 2 + (dg - colour[q + 1]) ** 2 + (db - colour[q + 2]) ** 2) >= RELEASE_DISTANCE;
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/** Per class (rows of cw·ch), the chessboard distance in cells to the nearest cell of that class, capped at reach + 1. */
function classDistances({ width, height, classes }: ClassMap, reach: number): Uint8Array {
  const n = width * height;
  const far = Math.min(255, reach + 1);
  const distances = new Uint8Array(CLASSES * n).fill(far);
  for (let c = 1; c < InkClass.noise; c++) {
    const d = distances.subarray(c * n, (c + 1) * n);
    for (let k = 0; k < n; k++) if (classes[k] === c) d[k] = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = y * width + x;
        let v = d[k];
        if (x > 0) v = Math.min(v, d[k - 1] + 1);
        if (y > 0) {
          v = Math.min(v, d[k - width] + 1);
          if (x > 0) v = Math.min(v, d[k - width - 1] + 1);
          if (x + 1 < width) v = Math.min(v, d[k - width + 1] + 1);
        }
        d[k] = Math.min(v, far);
      }
    }
    for (let y = height - 1; y >= 0; y--) {
      for (let x = width - 1; x >= 0; x--) {
        const k = y * width + x;
        let v = d[k];
        if (x + 1 < width) v = Math.min(v, d[k + 1] + 1);
        if (y + 1 < height) {
          v = Math.min(v, d[k + width] + 1);
          if (x + 1 < width) v = Math.min(v, d[k + width + 1] + 1);
          if (x > 0) v = Math.min(v, d[k + width - 1] + 1);
        }
        d[k] = Math.min(v, far);
      }
    }
  }
  return distances;
}

/** Faint edge pixels (below `solid`) beside a pixel that changed class follow it. */
function followIntoFaintInk(classes: Uint8Array, moved: readonly number[], inkAlpha: Uint8Array, width: number, height: number, solid: number): void {
  for (const p of moved) {
    const x = p % width;
    const y = (p - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const q = yy * width + xx;
        if (xx < 0 || xx >= width || inkAlpha[q] === 0 || inkAlpha[q] >= solid) continue;
        classes[q] = classes[p];
      }
    }
  }
}

/**
 * The cell's own class (or, on a paper cell, the nearest candidate) unless another candidate's ink
 * is clearly another colour and, with its distance penalty, nearer this pixel's own ink.
 */
function chooseClass(own: number, candidateCost: Float32Array, colours: ClassColours, block: number, data: Uint8ClampedArray, p: number, alpha: number, separation2: number): number {
  let best = own;
  if (best === InkClass.paper) {
    let nearest = Infinity;
    for (let c = 1; c < CLASSES; c++) {
      if (candidateCost[c] < nearest) {
        nearest = candidateCost[c];
        best = c;
      }
    }
    if (nearest === Infinity) return InkClass.paper;
  }
  const { colour, known } = colours;
  const o = (block + best) * 3;
  if (known[block + best] === 0) return best;
  readInkColour(data, p, alpha, ink);
  const dr = ink[0];
  const dg = ink[1];
  const db = ink[2];
  const or = colour[o];
  const og = colour[o + 1];
  const ob = colour[o + 2];
  let bestCost = candidateCost[best] + Math.sqrt((dr - or) ** 2 + (dg - og) ** 2 + (db - ob) ** 2);
  const first = best;
  for (let c = 1; c < CLASSES; c++) {
    if (c === first || candidateCost[c] === Infinity || known[block + c] === 0) continue;
    const q = (block + c) * 3;
    const cr = colour[q];
    const cg = colour[q + 1];
    const cb = colour[q + 2];
    if ((cr - or) ** 2 + (cg - og) ** 2 + (cb - ob) ** 2 < separation2) continue;
    const cost = candidateCost[c] + Math.sqrt((dr - cr) ** 2 + (dg - cg) ** 2 + (db - cb) ** 2);
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/** 1 for cells whose 3×3 neighbourhood holds another ink class than their own (paper cells included when next to ink). */
function mixedCells({ width, height, classes }: ClassMap, radius: number): Uint8Array {
  const mixed = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (holdsOtherInk(classes, width, height, x, y, radius)) mixed[y * width + x] = 1;
  }
  return mixed;
}

/** Whether a cell's neighbourhood holds another ink class than its own (a function of its own, optimised per call: see OSR_NOTE in model/tensor.ts). */
function holdsOtherInk(classes: Uint8Array, width: number, height: number, x: number, y: number, radius: number): boolean {
  const own = classes[y * width + x];
  for (let dy = -radius; dy <= radius; dy++) {
    const ny = y + dy;
    if (ny < 0 || ny >= height) continue;
    for (let dx = -radius; dx <= radius; dx++) {
      const nx = x + dx;
      if (nx < 0 || nx >= width) continue;
      const c = classes[ny * width + nx];
      if (c !== own && c !== InkClass.paper) return true;
    }
  }
  return false;
}

/** Per block of cells and class: the class's ink deficit (r, g, b) there, and whether it is known. */
interface ClassColours {
  colour: Float32Array;
  known: Uint8Array;
  /**
   * Per block: the colour of the stamp's coloured ink alone (grey ink in stamp cells left out), if
   * any, from its most common hues (a pen of another colour the map took for stamp left out too).
   */
  stampInk: Float32Array;
  stampInkKnown: Uint8Array;
  /** Per hue bin: the share of the whole page's coloured stamp ink within 30° of it. */
  stampHueShare: Float32Array;
}

/**
 * Mean ink deficit of each class from the solid pixels of settled cells, pooled per block of
 * cells and read over the 3×3 blocks around (inks vary across a page: light, uneven stamps),
 * falling back to the whole page's mean.
 */
function classColours(
  coarse: ClassMap,
  mixed: Uint8Array,
  flattened: RgbaImage,
  inkAlpha: Uint8Array,
  inkPixels: InkPixels,
  cellX: Int32Array,
  cellY: Int32Array,
  opts: RefineOptions,
): ClassColours {
  const { width, height, data } = flattened;
  const { width: cw, height: ch, classes } = coarse;
  const bw = Math.ceil(cw / opts.block);
  const bh = Math.ceil(ch / opts.block);
  const sums = new Float64Array(bw * bh * CLASSES * 4);
  const stampSums = new Float64Array(bw * bh * HUE_BINS * 4);
  const blockX = new Int32Array(width);
  for (let x = 0; x < width; x++) blockX[x] = (cellX[x] / opts.block) | 0;
  for (let y = 0; y < height; y++) {
    const cy = cellY[y];
    const blockRow = ((cy / opts.block) | 0) * bw;
    for (let j = inkPixels.rowStart[y], rowEnd = inkPixels.rowStart[y + 1]; j < rowEnd; j++) {
      const p = inkPixels.pixels[j];
      const x = p - y * width;
      if (inkAlpha[p] < opts.solidAlpha) continue;
      const k = cy * cw + cellX[x];
      const c = classes[k];
      if (mixed[k] !== 0 || c === InkClass.paper) continue;
      const i = p * 4;
      const s = ((blockRow + blockX[x]) * CLASSES + c) * 4;
      sums[s] += 255 - data[i];
      sums[s + 1] += 255 - data[i + 1];
      sums[s + 2] += 255 - data[i + 2];
      sums[s + 3]++;
      if (c !== InkClass.stamp) continue;
      readInkColour(data, p, inkAlpha[p], ink);
      const dr = ink[0];
      const dg = ink[1];
      const db = ink[2];
      if (chroma(dr, dg, db) < STAMP_CHROMA) continue;
      const t = ((blockRow + blockX[x]) * HUE_BINS + hueBin(inkHue(dr, dg, db))) * 4;
      stampSums[t] += dr;
      stampSums[t + 1] += dg;
      stampSums[t + 2] += db;
      stampSums[t + 3]++;
    }
  }
  const { colour, known } = pooledMeans(sums, CLASSES, bw, bh);
  const stampInk = new Float32Array(bw * bh * 3);
  const stampInkKnown = new Uint8Array(bw * bh);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      const [r, g, b, n] = dominantHues(stampSums, bx, by, bw, bh);
      if (n < MIN_COLOUR_PIXELS) continue;
      const k = by * bw + bx;
      stampInkKnown[k] = 1;
      stampInk[k * 3] = r / n;
      stampInk[k * 3 + 1] = g / n;
      stampInk[k * 3 + 2] = b / n;
    }
  }
  const pageHues = new Float64Array(HUE_BINS);
  for (let t = 0; t < stampSums.length; t += 4) pageHues[(t / 4) % HUE_BINS] += stampSums[t + 3];
  const total = pageHues.reduce((sum, n) => sum + n, 0);
  const stampHueShare = new Float32Array(HUE_BINS);
  for (let bin = 0; bin < HUE_BINS; bin++) {
    const near = pageHues[(bin + HUE_BINS - 1) % HUE_BINS] + pageHues[bin] + pageHues[(bin + 1) % HUE_BINS];
    stampHueShare[bin] = total > 0 ? near / total : 0;
  }
  return { colour, known, stampInk, stampInkKnown, stampHueShare };
}

/** Hue bins of the stamp's ink colours; the stamp's own are the three adjacent bins (90°) holding the most ink. */
const HUE_BINS = 12;

function hueBin(hue: number): number {
  return Math.floor((hue * HUE_BINS) / 360) % HUE_BINS;
}

function dominantHues(stampSums: Float64Array, bx: number, by: number, bw: number, bh: number): [number, number, number, number] {
  const bins = Array.from({ length: HUE_BINS }, (_, bin) => pooled(stampSums, HUE_BINS, bin, bx, by, bw, bh));
  let best: [number, number, number, number] = [0, 0, 0, 0];
  for (let first = 0; first < HUE_BINS; first++) {
    const window: [number, number, number, number] = [0, 0, 0, 0];
    for (let j = 0; j < 3; j++) {
      const bin = bins[(first + j) % HUE_BINS];
      for (let v = 0; v < 4; v++) window[v] += bin[v];
    }
    if (window[3] > best[3]) best = window;
  }
  return best;
}

/**
 * Per block and entry (of `perBlock` sums r, g, b, count per block): the mean colour over the 3×3
 * blocks around, else over the whole page, and whether either held enough pixels to be known.
 */
function pooledMeans(sums: Float64Array, perBlock: number, bw: number, bh: number): { colour: Float32Array; known: Uint8Array } {
  const page = new Float64Array(perBlock * 4);
  for (let s = 0; s < sums.length; s++) page[s % (perBlock * 4)] += sums[s];
  const colour = new Float32Array(bw * bh * perBlock * 3);
  const known = new Uint8Array(bw * bh * perBlock);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      for (let e = 0; e < perBlock; e++) {
        let [r, g, b, n] = pooled(sums, perBlock, e, bx, by, bw, bh);
        if (n < MIN_COLOUR_PIXELS) [r, g, b, n] = [page[e * 4], page[e * 4 + 1], page[e * 4 + 2], page[e * 4 + 3]];
        if (n < MIN_COLOUR_PIXELS) continue;
        const k = (by * bw + bx) * perBlock + e;
        known[k] = 1;
        colour[k * 3] = r / n;
        colour[k * 3 + 1] = g / n;
        colour[k * 3 + 2] = b / n;
      }
    }
  }
  return { colour, known };
}

/** Sums (r, g, b, count) of entry `entry` of `perBlock` entries per block, over the 3×3 blocks around (bx, by). */
function pooled(sums: Float64Array, perBlock: number, entry: number, bx: number, by: number, bw: number, bh: number): [number, number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++) {
    for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++) {
      const s = ((y * bw + x) * perBlock + entry) * 4;
      r += sums[s];
      g += sums[s + 1];
      b += sums[s + 2];
      n += sums[s + 3];
    }
  }
  return [r, g, b, n];
}
