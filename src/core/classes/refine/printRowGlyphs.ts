import { labelComponents, type Components } from '../../shared/components';
import { InkClass, type ClassMap } from '../../shared/types';

/** Ink alpha from which a pixel belongs to a glyph. */
const SOLID = 128;
/** Fewest printed glyphs near the handwriting for the page's type size to be judged. */
const MIN_GLYPHS = 10;
/**
 * A glyph-sized piece, in type heights (the median letter's, near the x-height): capitals and
 * letters with ascenders or descenders up to 1.8, two touching letters up to 2.5 wide.
 */
const GLYPH_MAX_HEIGHT = 1.8;
const GLYPH_MAX_WIDTH = 2.5;
const GLYPH_MIN_HEIGHT = 0.3;
/**
 * Neighbours in one row of type: a gap of at most this many type heights (a word space, so a whole
 * word of the row the class map missed is given back letter by letter), centres this close.
 */
const LETTER_GAP = 0.9;
const ROW_OFFSET = 0.5;

/**
 * A signature written across a line of type: where the pen passes, the class map (one label per
 * cell) takes the printed letters under it for handwriting, though the letters are the line's own
 * (same ink, so the colour refinement cannot split them). At full resolution the letters that do
 * not touch a pen stroke are glyph-sized pieces of ink standing in the row, letter by letter, next
 * to the printed ones: those are print again. Pen strokes are longer or taller than a letter, and
 * a signature starts more than a word space away from the label before it, so they stay.
 * Changes the full-resolution `map` in place.
 */
export function printGlyphsInRows(map: ClassMap, inkAlpha: Uint8Array): void {
  const regions = mergeOverlapping(handwritingClusters(map, inkAlpha).map((box) => searchRegion(box, map.width, map.height)));
  for (const region of regions) printGlyphsIn(region, map, inkAlpha);
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * A handwriting cluster's box, widened up and down by its own height or a sixteenth of the page, and
 * sideways by twice its height, half its width or an eighth of the page: the rows it crosses and
 * enough of their print to judge the type size (small initials included).
 */
function searchRegion(box: Box, width: number, height: number): Box {
  const boxHeight = box.bottom - box.top + 1;
  const side = Math.max(2 * boxHeight, (box.right - box.left + 1) >> 1, width >> 3);
  const above = Math.max(boxHeight, height >> 4);
  return {
    left: Math.max(0, box.left - side),
    right: Math.min(width - 1, box.right + side),
    top: Math.max(0, box.top - above),
    bottom: Math.min(height - 1, box.bottom + above),
  };
}

/** Overlapping regions joined into their bounding boxes (each pixel is then searched once). */
function mergeOverlapping(regions: Box[]): Box[] {
  const merged = [...regions];
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < merged.length; i++) {
      for (let j = merged.length - 1; j > i; j--) {
        const a = merged[i];
        const b = merged[j];
        if (a.left > b.right || b.left > a.right || a.top > b.bottom || b.top > a.bottom) continue;
        merged[i] = { left: Math.min(a.left, b.left), top: Math.min(a.top, b.top), right: Math.max(a.right, b.right), bottom: Math.max(a.bottom, b.bottom) };
        merged.splice(j, 1);
        changed = true;
      }
    }
  }
  return merged;
}

function printGlyphsIn(region: Box, map: ClassMap, inkAlpha: Uint8Array): void {
  const { width, classes } = map;
  const { left: x0, top: y0, right: x1, bottom: y1 } = region;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = inkAlpha[(y + y0) * width + x + x0] >= SOLID ? 1 : 0;
  const comps = labelComponents(mask, w, h);
  const handwritten = new Int32Array(comps.count + 1);
  const printed = new Int32Array(comps.count + 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = comps.labels[y * w + x];
      if (l === 0) continue;
      const c = classes[(y + y0) * width + x + x0];
      if (c === InkClass.handwriting) handwritten[l]++;
      else if (c === InkClass.printed) printed[l]++;
    }
  }
  const typeHeight = medianPrintedHeight(comps, printed);
  if (typeHeight === 0) return;
  const glyphSized = (l: number) => {
    const gh = comps.bottom[l] - comps.top[l] + 1;
    const gw = comps.right[l] - comps.left[l] + 1;
    return gh <= GLYPH_MAX_HEIGHT * typeHeight && gh >= GLYPH_MIN_HEIGHT * typeHeight && gw <= GLYPH_MAX_WIDTH * typeHeight;
  };
  const candidates: number[] = [];
  // Letters to spread from, each with the doubled centre line of the printed letter its row started
  // at: a row of type is straight, so a chain of a signature's small letters soon leaves it.
  const queue: { letter: number; row: number }[] = [];
  for (let l = 1; l <= comps.count; l++) {
    if (!glyphSized(l)) continue;
    if (handwritten[l] * 2 > comps.area[l]) candidates.push(l);
    else if (printed[l] * 2 > comps.area[l]) queue.push({ letter: l, row: comps.top[l] + comps.bottom[l] });
  }
  if (candidates.length === 0) return;
  const toPrint = new Uint8Array(comps.count + 1);
  for (const { letter } of queue) toPrint[letter] = 1; // letters mostly print already: wholly print (a cell's edge cut them)
  while (queue.length > 0 && candidates.length > 0) {
    const { letter, row } = queue.pop()!;
    for (let i = candidates.length - 1; i >= 0; i--) {
      const l = candidates[i];
      if (!letterGapApart(comps, letter, l, typeHeight) || Math.abs(comps.top[l] + comps.bottom[l] - row) / 2 > ROW_OFFSET * typeHeight) continue;
      toPrint[l] = 1;
      queue.push({ letter: l, row });
      candidates.splice(i, 1);
    }
  }
  let changes = false;
  for (let l = 1; l <= comps.count && !changes; l++) changes = toPrint[l] === 1 && handwritten[l] > 0;
  if (!changes) return;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = comps.labels[y * w + x];
      const p = (y + y0) * width + x + x0;
      if (l !== 0 && toPrint[l] === 1 && classes[p] === InkClass.handwriting) classes[p] = InkClass.printed;
    }
  }
  // Faint edge pixels around the letters follow them.
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = (y + y0) * width + x + x0;
      if (inkAlpha[p] === 0 || inkAlpha[p] >= SOLID || classes[p] !== InkClass.handwriting) continue;
      let letter = false;
      for (let dy = -1; dy <= 1 && !letter; dy++) for (let dx = -1; dx <= 1; dx++) if (toPrint[comps.labels[(y + dy) * w + x + dx]] === 1) letter = true;
      if (letter) classes[p] = InkClass.printed;
    }
  }
}

/** Side of the tiles that group handwriting into clusters: strokes this close are one signature. */
const CLUSTER_TILE = 32;

/**
 * Boxes around the clusters of solid handwriting (tiles of CLUSTER_TILE pixels holding any, joined
 * when they touch): one signature each, so the search stays near it even when the class map has
 * specks of handwriting all over the page.
 */
function handwritingClusters({ width, height, classes }: ClassMap, inkAlpha: Uint8Array): Box[] {
  const tilesWide = Math.ceil(width / CLUSTER_TILE);
  const tilesHigh = Math.ceil(height / CLUSTER_TILE);
  const tiles = new Uint8Array(tilesWide * tilesHigh);
  const printedTiles = new Uint8Array(tilesWide * tilesHigh);
  markSolidTiles(classes, InkClass.handwriting, inkAlpha, width, tiles, tilesWide);
  markSolidTiles(classes, InkClass.printed, inkAlpha, width, printedTiles, tilesWide);
  const clusters = labelComponents(tiles, tilesWide, tilesHigh);
  const boxes: Box[] = [];
  for (let l = 1; l <= clusters.count; l++) {
    // A letter to give back stands a letter gap (under a tile) from a printed one.
    if (!touchesPrint(clusters, l, printedTiles, tilesWide, tilesHigh)) continue;
    boxes.push({
      left: clusters.left[l] * CLUSTER_TILE,
      top: clusters.top[l] * CLUSTER_TILE,
      right: Math.min(width - 1, (clusters.right[l] + 1) * CLUSTER_TILE - 1),
      bottom: Math.min(height - 1, (clusters.bottom[l] + 1) * CLUSTER_TILE - 1),
    });
  }
  return boxes;
}

/** Marks the tiles holding solid ink of class `c` (the native search skips the page's other pixels). */
function markSolidTiles(classes: Uint8Array, c: number, inkAlpha: Uint8Array, width: number, tiles: Uint8Array, tilesWide: number): void {
  for (let p = classes.indexOf(c); p !== -1; p = classes.indexOf(c, p + 1)) {
    if (inkAlpha[p] < SOLID) continue;
    const y = (p / width) | 0;
    tiles[((y / CLUSTER_TILE) | 0) * tilesWide + (((p - y * width) / CLUSTER_TILE) | 0)] = 1;
  }
}

/** Whether printed ink lies in the tiles of cluster l or next to them. */
function touchesPrint(clusters: Components, l: number, printedTiles: Uint8Array, tilesWide: number, tilesHigh: number): boolean {
  for (let ty = Math.max(0, clusters.top[l] - 1); ty <= Math.min(tilesHigh - 1, clusters.bottom[l] + 1); ty++) {
    for (let tx = Math.max(0, clusters.left[l] - 1); tx <= Math.min(tilesWide - 1, clusters.right[l] + 1); tx++) {
      if (printedTiles[ty * tilesWide + tx] === 0) continue;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const y = ty + dy;
          const x = tx + dx;
          if (y >= 0 && y < tilesHigh && x >= 0 && x < tilesWide && clusters.labels[y * tilesWide + x] === l) return true;
        }
      }
    }
  }
  return false;
}

/** Median height of the mostly printed pieces at most a few times taller than wide (letters, not rules); 0 with too few. */
function medianPrintedHeight(comps: Components, printed: Int32Array): number {
  const heights: number[] = [];
  for (let l = 1; l <= comps.count; l++) {
    if (printed[l] * 2 <= comps.area[l]) continue;
    const gh = comps.bottom[l] - comps.top[l] + 1;
    const gw = comps.right[l] - comps.left[l] + 1;
    if (gh >= 4 && gw <= 3 * gh) heights.push(gh);
  }
  if (heights.length < MIN_GLYPHS) return 0;
  heights.sort((a, b) => a - b);
  return heights[heights.length >> 1];
}

/** Whether pieces a and b stand at most a letter gap apart sideways. */
function letterGapApart(comps: Components, a: number, b: number, typeHeight: number): boolean {
  return Math.max(comps.left[b] - comps.right[a], comps.left[a] - comps.right[b]) - 1 <= LETTER_GAP * typeHeight;
}
