import { labelComponents, type Components } from './components';
import { InkClass, type ClassMap } from './types';

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
/** Neighbours in one row of type: a gap of at most this many type heights, centres this close. */
const LETTER_GAP = 0.6;
const ROW_OFFSET = 0.5;

/**
 * A signature written across a line of type: where the pen passes, the class map (one label per
 * cell) takes the printed letters under it for handwriting, though the letters are the line's own
 * (same ink, so the colour refinement cannot split them). At full resolution the letters that do
 * not touch a pen stroke are glyph-sized pieces of ink standing in the row, letter by letter, next
 * to the printed ones: those are print again. Pen strokes are longer or taller than a letter, and
 * a signature starts more than a letter gap away from the label before it, so they stay.
 * Changes the full-resolution `map` in place.
 */
export function printGlyphsInRows(map: ClassMap, inkAlpha: Uint8Array): void {
  const { width, height, classes } = map;
  const box = handwritingBox(classes, inkAlpha, width, height);
  if (!box) return;
  // The handwriting's box, widened by its own height up and down and by half its width or twice its
  // height sideways, holds the rows it crosses and enough of their print to judge the type size.
  const boxHeight = box.bottom - box.top + 1;
  const side = Math.max(2 * boxHeight, (box.right - box.left + 1) >> 1);
  const x0 = Math.max(0, box.left - side);
  const x1 = Math.min(width - 1, box.right + side);
  const y0 = Math.max(0, box.top - boxHeight);
  const y1 = Math.min(height - 1, box.bottom + boxHeight);
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

function handwritingBox(classes: Uint8Array, inkAlpha: Uint8Array, width: number, height: number): { left: number; top: number; right: number; bottom: number } | null {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width; x < width; x++, p++) {
      if (classes[p] !== InkClass.handwriting || inkAlpha[p] < SOLID) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
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
