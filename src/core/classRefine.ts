import { InkClass, type ClassMap, type RgbaImage } from './types';

/**
 * A coarse class map (model cells of several pixels, or the classical analysis grid) labels whole
 * cells, so where two inks meet — a signature across a printed label, a form line or a stamp — the
 * cell's pixels all get one class. This lifts the map to full resolution: pixels of a cell whose
 * neighbourhood agrees keep its class; in mixed neighbourhoods each ink pixel takes the candidate
 * class whose local ink colour is nearest its own (the ink recovered from colour-to-alpha), with a
 * penalty for classes only present in neighbouring cells. On grey pages colour cannot tell inks
 * apart and the penalty makes this the nearest-cell labelling.
 */
export interface RefineOptions {
  /** Cost (in colour-distance units of the deficit space, 0..441) per cell of distance to a candidate's cell. */
  cellPenalty: number;
  /** Ink alpha from which a pixel's colour counts towards its class's colour. */
  solidAlpha: number;
  /** Side, in cells, of the blocks over which class colours are pooled. */
  block: number;
  /** Two classes whose local inks differ by less than this (deficit units) are not told apart by colour. */
  separation: number;
}

const DEFAULTS: RefineOptions = { cellPenalty: 100, solidAlpha: 192, block: 8, separation: 60 };
const CLASSES = 6;
/** Fewest solid pixels of a class in a neighbourhood of blocks for its local colour to be trusted. */
const MIN_COLOUR_PIXELS = 24;

export function refineClassMap(coarse: ClassMap, flattened: RgbaImage, inkAlpha: Uint8Array, options: Partial<RefineOptions> = {}): ClassMap {
  const { width, height, data } = flattened;
  if (coarse.width >= width && coarse.height >= height) return coarse;
  const opts = { ...DEFAULTS, ...options };
  const { width: cw, height: ch, classes: cells } = coarse;
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(cw - 1, Math.floor((x * cw) / width));
  const cellY = new Int32Array(height);
  for (let y = 0; y < height; y++) cellY[y] = Math.min(ch - 1, Math.floor((y * ch) / height));

  const mixed = mixedCells(coarse);
  const colours = classColours(coarse, mixed, flattened, inkAlpha, cellX, cellY, opts);

  const out = new Uint8Array(width * height);
  const cellW = width / cw;
  const cellH = height / ch;
  const candidateCost = new Float32Array(CLASSES);
  for (let y = 0; y < height; y++) {
    const cy = cellY[y];
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const a = inkAlpha[p];
      if (a === 0) continue;
      const cx = cellX[x];
      const k = cy * cw + cx;
      if (mixed[k] === 0) {
        out[p] = cells[k];
        continue;
      }
      // Candidates: classes of the 3×3 cells around, each at its distance in cells from this pixel.
      candidateCost.fill(Infinity);
      for (let dy = -1; dy <= 1; dy++) {
        const ny = cy + dy;
        if (ny < 0 || ny >= ch) continue;
        const gapY = dy === 0 ? 0 : dy < 0 ? (y + 0.5 - cy * cellH) / cellH : ((cy + 1) * cellH - y - 0.5) / cellH;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          if (nx < 0 || nx >= cw) continue;
          const c = cells[ny * cw + nx];
          if (c === InkClass.paper) continue;
          const gapX = dx === 0 ? 0 : dx < 0 ? (x + 0.5 - cx * cellW) / cellW : ((cx + 1) * cellW - x - 0.5) / cellW;
          const cost = Math.hypot(gapX, gapY) * opts.cellPenalty;
          if (cost < candidateCost[c]) candidateCost[c] = cost;
        }
      }
      const i = p * 4;
      const scale = 255 / a;
      const dr = Math.min(255, (255 - data[i]) * scale);
      const dg = Math.min(255, (255 - data[i + 1]) * scale);
      const db = Math.min(255, (255 - data[i + 2]) * scale);
      // The cell's own class unless another candidate's ink is clearly another colour and nearer this pixel's.
      let best: number = cells[k];
      if (best === InkClass.paper) {
        let nearest = Infinity;
        for (let c = 1; c < CLASSES; c++) if (candidateCost[c] < nearest) [nearest, best] = [candidateCost[c], c];
      }
      const own = colours.at(best, cx, cy);
      if (own) {
        let bestCost = candidateCost[best] + Math.hypot(dr - own[0], dg - own[1], db - own[2]);
        const first = best;
        for (let c = 1; c < CLASSES; c++) {
          if (c === first || candidateCost[c] === Infinity) continue;
          const colour = colours.at(c, cx, cy);
          if (!colour || Math.hypot(colour[0] - own[0], colour[1] - own[1], colour[2] - own[2]) < opts.separation) continue;
          const cost = candidateCost[c] + Math.hypot(dr - colour[0], dg - colour[1], db - colour[2]);
          if (cost < bestCost) {
            bestCost = cost;
            best = c;
          }
        }
      }
      out[p] = best;
    }
  }
  return { width, height, classes: out };
}

/** 1 for cells whose 3×3 neighbourhood holds another ink class than their own (paper cells included when next to ink). */
function mixedCells({ width, height, classes }: ClassMap): Uint8Array {
  const mixed = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      const own = classes[k];
      let other = false;
      for (let dy = -1; dy <= 1 && !other; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const c = classes[ny * width + nx];
          if (c !== own && c !== InkClass.paper) {
            other = true;
            break;
          }
        }
      }
      if (other) mixed[k] = 1;
    }
  }
  return mixed;
}

interface ClassColours {
  /** The class's ink deficit (r, g, b) around cell (cx, cy), or null when it has too few solid pixels. */
  at(c: number, cx: number, cy: number): Float32Array | null;
}

/**
 * Mean ink deficit of each class from the solid pixels of settled cells, pooled per block of
 * cells and read over the 3×3 blocks around a cell (inks vary across a page: light, uneven stamps),
 * falling back to the whole page's mean.
 */
function classColours(coarse: ClassMap, mixed: Uint8Array, flattened: RgbaImage, inkAlpha: Uint8Array, cellX: Int32Array, cellY: Int32Array, opts: RefineOptions): ClassColours {
  const { width, height, data } = flattened;
  const { width: cw, height: ch, classes } = coarse;
  const bw = Math.ceil(cw / opts.block);
  const bh = Math.ceil(ch / opts.block);
  const sums = new Float64Array(bw * bh * CLASSES * 4);
  const page = new Float64Array(CLASSES * 4);
  for (let y = 0; y < height; y++) {
    const cy = cellY[y];
    const by = (cy / opts.block) | 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (inkAlpha[p] < opts.solidAlpha) continue;
      const k = cy * cw + cellX[x];
      if (mixed[k] !== 0) continue;
      const c = classes[k];
      if (c === InkClass.paper) continue;
      const i = p * 4;
      const s = ((by * bw + ((cellX[x] / opts.block) | 0)) * CLASSES + c) * 4;
      sums[s] += 255 - data[i];
      sums[s + 1] += 255 - data[i + 1];
      sums[s + 2] += 255 - data[i + 2];
      sums[s + 3]++;
      page[c * 4] += 255 - data[i];
      page[c * 4 + 1] += 255 - data[i + 1];
      page[c * 4 + 2] += 255 - data[i + 2];
      page[c * 4 + 3]++;
    }
  }
  // Pooled over 3×3 blocks, computed lazily per (class, block) and cached.
  const cache = new Map<number, Float32Array | null>();
  const pageColour = (c: number): Float32Array | null =>
    page[c * 4 + 3] >= MIN_COLOUR_PIXELS ? Float32Array.of(page[c * 4] / page[c * 4 + 3], page[c * 4 + 1] / page[c * 4 + 3], page[c * 4 + 2] / page[c * 4 + 3]) : null;
  return {
    at(c, cx, cy) {
      const bx = (cx / opts.block) | 0;
      const by = (cy / opts.block) | 0;
      const key = ((by * bw + bx) * CLASSES + c) | 0;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++) {
        for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++) {
          const s = ((y * bw + x) * CLASSES + c) * 4;
          r += sums[s];
          g += sums[s + 1];
          b += sums[s + 2];
          n += sums[s + 3];
        }
      }
      const colour = n >= MIN_COLOUR_PIXELS ? Float32Array.of(r / n, g / n, b / n) : pageColour(c);
      cache.set(key, colour);
      return colour;
    },
  };
}
