import { labelComponents, type Components } from '../../shared/components';
import { detectFormLines, formLineOptionsFor } from './formLines';
import { buildInkGrid } from '../inkGrid';
import { hueFamilies } from './hueFamilies';
import { findPrintedGlyphs, type TextLayout } from './printedText';
import { colouredInk, detectStamps, type StampCluster } from './stamps';
import { findFrames, type Frame } from './frames';
import { findRings } from './rings';
import { boxSum, summedArea, withinSquare } from './summedArea';
import { cellDarkness, clearlyDarkerThan, frameOutline, labelStampRegion, medianDarkness, outlineBands, ringOutline, type StampOutline } from './stampRegions';
import { filledShapeMinSide, findFilledShapes, solidWindow } from './filledShapes';
import { colouredOutsidePenHues } from './penHue';
import { straightBars } from './straightBars';
import { inkTint } from '../inkColour';
import { typicalStrokeWidth } from '../../shared/strokeWidth';
import { InkClass, type ClassMap, type Engine, type EngineInput } from '../../shared/types';

/**
 * The classical ink-class map: no model, only the structure and colour of the ink at reduced
 * resolution. Order of decisions: stamp outlines (rings on any page, frames in stamp colour) and the
 * coloured stamp-shaped clusters near them → form lines (long thin straight runs) → printed glyphs
 * (rows of similar glyphs, lone words of the text's size or bold) → print by colour or shape (ink in
 * no pen's hue, filled shapes such as logos) → specks (tiny and alone: noise; near other ink: that
 * ink's class) → the rest is handwriting; then each outline's region is decided (stampRegions), and
 * handwriting with most of the print below it is a heading; last, long bars of even thickness among
 * the handwriting are rules, and its small stray groups print.
 */
export function classifyInk(input: EngineInput): ClassMap {
  const grid = buildInkGrid(input);
  const { width, height, mask } = grid;
  const n = width * height;
  const longSide = Math.max(width, height);
  const lineOptions = formLineOptionsFor(width, height);
  const lines = detectFormLines(mask, width, height, lineOptions);
  const pageTint = inkTint(grid);
  const colouredMask = colouredInk(grid, pageTint);
  let colouredCells = 0;
  let inkCells = 0;
  for (let k = 0; k < n; k++) {
    colouredCells += colouredMask[k];
    inkCells += mask[k];
  }
  // A page with (almost) no coloured ink is a grey scan: stamps are found later, by structure.
  const byColour = colouredCells > Math.max(50, inkCells * 0.01);
  // Stamp outlines first: a seal's ring on any page, a frame in stamp colour.
  const search = new Uint8Array(n);
  for (let k = 0; k < n; k++) if (mask[k] !== 0 && lines[k] === 0) search[k] = 1;
  const solid = solidWindow(typicalStrokeWidth(grid.alpha, width, height));
  // An outline running through solid ink all round (a letterhead emblem's filled ring, its name
  // knocked out) is no stamp's: a stamp is line art.
  const lineArt = (o: StampOutline) => !isSolidOutline(o, mask, width, height, solid);
  const rings = findRings(search, width, height).filter((ring) => lineArt(ringOutline(ring)));
  const ringOutlines = new Map(rings.map((r) => [r, ringOutline(r)]));
  let outlines = [...ringOutlines.values()];
  // A frame inside a seal's ring is the seal's; a small ring inside a frame (a round letter of a
  // rectangular stamp's big type) gives way to the frame.
  const addFrames = (frames: Frame[]): void => {
    for (const frame of frames) {
      const outline = frameOutline(frame);
      const within = rings.filter((r) => Math.hypot(r.cx - frame.cx, r.cy - frame.cy) < r.r);
      if (within.some((r) => r.r >= RING_OVER_FRAME * outline.size) || !lineArt(outline)) continue;
      outlines = outlines.filter((o) => !within.some((r) => ringOutlines.get(r) === o));
      outlines.push(outline);
    }
  };
  if (byColour) addFrames(findFrames(colouredMask, width, height));
  const zone = outlineZone(outlines, width, height);
  // Coloured stamp-like clusters count near an outline, or without one when full of small letters
  // (then, where an outline was found, not the pen ink reaching far beyond it).
  const stampMask = byColour ? colouredStamps(grid, colouredMask, zone, outlineZone(outlines, width, height, 0.5)) : new Uint8Array(n);
  const classes = new Uint8Array(n);
  const rest = new Uint8Array(n);
  // On a grey page a seal's ring is cut out of the rest (its region decides it below): printed text
  // touching the ring, in the same ink, stays glyphs in rows rather than one component with the seal.
  // (On a colour page the ring's hue already sets it apart from the print.)
  const bands = outlineBands(byColour ? [] : outlines.filter((o) => o.kind === 'ring'), width, height);
  for (let k = 0; k < n; k++) {
    if (mask[k] === 0) continue;
    if (stampMask[k] !== 0) classes[k] = InkClass.stamp;
    else if (lines[k] !== 0) classes[k] = InkClass.formLine;
    else if (bands[k] !== 0) classes[k] = InkClass.handwriting;
    else rest[k] = 1;
  }
  const comps = labelComponents(rest, width, height);
  const coloured = new Int32Array(comps.count + 1);
  for (let k = 0; k < n; k++) if (colouredMask[k] !== 0 && comps.labels[k] !== 0) coloured[comps.labels[k]]++;
  const layout: TextLayout = { textTop: Infinity, firstRowBottom: -Infinity };
  const printed = findPrintedGlyphs(comps, coloured, width, height, true, undefined, layout);
  if (!byColour) {
    // Grey page: frames among the ink that is not printed text (lines stay: a frame square to the page is one).
    const framed = mask.slice();
    for (let k = 0; k < n; k++) if (printed[comps.labels[k]] !== 0 && comps.labels[k] !== 0) framed[k] = 0;
    addFrames(findFrames(framed, width, height));
  }
  // Red, orange, green or teal ink that is not a stamp is the printer's, whatever its shape; so are
  // filled shapes (logos), except a filled bar or block within a stamp's outline (decided per region below).
  const filled = findFilledShapes(comps, rest, width, height, filledShapeMinSide(width, height), solid);
  const stampZone = byColour ? zone : outlineZone(outlines, width, height);
  for (let k = 0; k < n; k++) if (stampZone[k] !== 0) filled[comps.labels[k]] = 0;
  const notPen = byColour ? colouredOutsidePenHues(grid, comps, coloured, colouredMask) : null;
  for (let l = 1; l <= comps.count; l++) printed[l] |= (notPen?.components[l] ?? 0) | filled[l];
  // Specks: a few cells, or line-thick bits (crossings and ends of rules, JPEG debris).
  const small = new Uint8Array(comps.count + 1);
  const speckSize = Math.max(3, lineOptions.maxThickness + 1);
  for (let l = 1; l <= comps.count; l++) {
    const w = comps.right[l] - comps.left[l] + 1;
    const h = comps.bottom[l] - comps.top[l] + 1;
    if (w <= speckSize && h <= speckSize && printed[l] === 0) small[l] = 1;
  }
  for (let k = 0; k < n; k++) {
    const l = comps.labels[k];
    if (l === 0 || small[l] !== 0) continue;
    classes[k] = printed[l] !== 0 || notPen?.cells[k] ? InkClass.printed : InkClass.handwriting;
  }
  // Stamps decided per region of their outline.
  const tint = byColour ? pageTint : null;
  for (const outline of outlines) labelStampRegion(grid, classes, outline.kind === 'ring' ? search : mask, tint, outline, solid);
  letterheadAbove(classes, comps, layout, height);
  headingsAboveText(classes, comps, width, height);
  // Specks take the class of the ink around them, or are noise when alone.
  const speckClass = new Uint8Array(comps.count + 1);
  const radius = Math.max(3, Math.round(longSide / 150));
  const votes = new Int32Array(6);
  for (let l = 1; l <= comps.count; l++) {
    if (small[l] === 0) continue;
    votes.fill(0);
    const x0 = Math.max(0, comps.left[l] - radius);
    const x1 = Math.min(width - 1, comps.right[l] + radius);
    const y0 = Math.max(0, comps.top[l] - radius);
    const y1 = Math.min(height - 1, comps.bottom[l] + radius);
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) votes[classes[y * width + x]]++;
    let best: number = InkClass.noise;
    let bestVotes = 0;
    for (let c = 1; c < 5; c++) {
      if (votes[c] > bestVotes) {
        bestVotes = votes[c];
        best = c;
      }
    }
    speckClass[l] = best;
  }
  for (let k = 0; k < n; k++) {
    const l = comps.labels[k];
    if (l !== 0 && small[l] !== 0) classes[k] = speckClass[l];
  }
  // A long bar of even thickness (a letterhead's thick rule) is a rule, however thick.
  const handwriting = new Uint8Array(n);
  for (let k = 0; k < n; k++) if (classes[k] === InkClass.handwriting) handwriting[k] = 1;
  const bars = straightBars(handwriting, width, height, BAR_LENGTH * lineOptions.minLength);
  for (let k = 0; k < n; k++) if (bars[k] !== 0) classes[k] = InkClass.formLine;
  strayHandwritingToPrint(classes, width, height);
  growIntoFaintInk(classes, grid.alpha, width, height, 2);
  return { width, height, classes };
}

/** Least length of a straight bar taken for a rule, in form-line minimum lengths. */
const BAR_LENGTH = 2;

/** Handwriting within this share of the page's long side is one group (a signature's strokes and dots). */
const HANDWRITING_GROUP_REACH = 0.02;
/** A group with less ink than this share of the page's largest is a stray, not a signature. */
const STRAY_HANDWRITING_SHARE = 0.25;

/**
 * Small groups of handwriting far from the page's main handwriting are what the classes above got
 * wrong more often than a pen (a word of print, a leftover of a stamp's letters): they become print.
 * A second signature of like size stays; small initials beside a full signature do not (a known cost).
 */
function strayHandwritingToPrint(classes: Uint8Array, width: number, height: number): void {
  const r = Math.max(2, Math.round(Math.max(width, height) * HANDWRITING_GROUP_REACH));
  const isHand = (k: number) => classes[k] === InkClass.handwriting;
  const groups = labelComponents(withinSquare(width, height, r, (x, y) => (isHand(y * width + x) ? 1 : 0)), width, height);
  const ink = new Int32Array(groups.count + 1);
  for (let k = 0; k < classes.length; k++) if (isHand(k)) ink[groups.labels[k]]++;
  let largest = 0;
  for (let g = 1; g <= groups.count; g++) largest = Math.max(largest, ink[g]);
  for (let k = 0; k < classes.length; k++) if (isHand(k) && ink[groups.labels[k]] < STRAY_HANDWRITING_SHARE * largest) classes[k] = InkClass.printed;
}

/** A ring round a frame's centre at least this many times the frame's larger half side holds the frame (a seal's central box). */
const RING_OVER_FRAME = 0.8;

/** Text starting no lower than this share of the page leaves room above it for a letterhead only. */
const LETTERHEAD_SHARE = 0.3;

/**
 * Ink up to the page's first row of text, when the text starts near the top, is the letterhead's (a
 * logo beside or above the company's name, the name set large), not a pen's: a page is signed below
 * its text. Changes the handwriting of components centred above the first row's bottom to print (a
 * logo may reach into the text).
 */
function letterheadAbove(classes: Uint8Array, comps: Components, layout: TextLayout, height: number): void {
  if (!(layout.textTop <= height * LETTERHEAD_SHARE)) return;
  const { labels, top, bottom } = comps;
  for (let k = 0; k < classes.length; k++) {
    const l = labels[k];
    if (l !== 0 && classes[k] === InkClass.handwriting && top[l] + bottom[l] < 2 * layout.firstRowBottom) classes[k] = InkClass.printed;
  }
}

/** Share of the page's print below a component from which it is a heading, not handwriting. */
const HEADING_PRINT_BELOW = 0.7;

/**
 * Handwriting with most of the page's print below it is a heading or a title set large, not a pen:
 * a page is signed after its text. (Initials beside a paragraph near the top are lost: a known cost.)
 */
function headingsAboveText(classes: Uint8Array, comps: Components, width: number, height: number): void {
  const printedRows = new Float64Array(height + 1);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (classes[y * width + x] === InkClass.printed) printedRows[y + 1]++;
  for (let y = 1; y <= height; y++) printedRows[y] += printedRows[y - 1];
  const total = printedRows[height];
  if (total === 0) return;
  const { labels, bottom } = comps;
  for (let k = 0; k < classes.length; k++) {
    const l = labels[k];
    if (l !== 0 && classes[k] === InkClass.handwriting && total - printedRows[bottom[l] + 1] >= HEADING_PRINT_BELOW * total) classes[k] = InkClass.printed;
  }
}

/** Stamps among the coloured ink, each hue family (one ink) judged on its own. */
function colouredStamps(grid: ReturnType<typeof buildInkGrid>, colouredMask: Uint8Array, zone: Uint8Array, wideZone: Uint8Array): Uint8Array {
  const n = grid.width * grid.height;
  const { family, count } = hueFamilies(grid, colouredMask);
  const stampMask = new Uint8Array(n);
  const candidate = new Uint8Array(n);
  for (let f = 1; f <= Math.max(1, count); f++) {
    for (let k = 0; k < n; k++) candidate[k] = count <= 1 ? colouredMask[k] : family[k] === f ? 1 : 0;
    const found = detectStamps(grid, candidate, true);
    for (const c of found.clusters) {
      if (!c.isStamp) continue;
      if (manySmallLetters(c)) {
        if (touchesZone(c, zone, grid.width)) clipToOutlineOrLetters(grid, found.stampMask, c, zone, wideZone);
        continue;
      }
      // Away from an outline and without a mass of small letters: a pen's coloured ink, not a stamp.
      for (let y = c.top; y <= c.bottom; y++) for (let x = c.left; x <= c.right; x++) if (zone[y * grid.width + x] === 0) found.stampMask[y * grid.width + x] = 0;
    }
    for (let k = 0; k < n; k++) stampMask[k] |= found.stampMask[k];
  }
  return stampMask;
}

/**
 * Lines of many small letters of a few type sizes (a stamp whose outline did not survive), not one
 * row of tall ones, nor a scribble's loops and pieces, whose sizes scatter.
 */
function manySmallLetters(c: StampCluster): boolean {
  const letters = c.letterHeights.length;
  if (letters < 24) return false;
  const heights = [...c.letterHeights].sort((a, b) => a - b);
  const short = Math.min(c.extent.right - c.extent.left, c.extent.bottom - c.extent.top) + 1;
  let mean = 0;
  for (const h of heights) mean += h / letters;
  let variance = 0;
  for (const h of heights) variance += (h - mean) ** 2 / letters;
  return heights[letters >> 1] <= 0.15 * short && Math.sqrt(variance) <= STAMP_LETTER_SPREAD * mean;
}

/** Most relative spread (standard deviation over mean) of a stamp's letter heights: validation stamps 0.28–0.63, a scribble 0.94. */
const STAMP_LETTER_SPREAD = 0.75;

/**
 * A lettered cluster's ink beyond the outline's reach is a pen beside the stamp when it lies beyond
 * the stamp's letters too, or is clearly darker than the stamp's ink near the outline (a pen is solid
 * ink, a stamp a film; an oval stamp reaches past the circle fitted to it, in its own ink).
 */
function clipToOutlineOrLetters(grid: ReturnType<typeof buildInkGrid>, stampMask: Uint8Array, c: StampCluster, zone: Uint8Array, wideZone: Uint8Array): void {
  const { width } = grid;
  const median = medianDarkness(grid, stampMask, (x, y) => zone[y * width + x] !== 0, c.left, c.top, c.right, c.bottom);
  const penDark = clearlyDarkerThan(median);
  const e = c.extent;
  for (let y = c.top; y <= c.bottom; y++) {
    for (let x = c.left; x <= c.right; x++) {
      const k = y * width + x;
      if (zone[k] !== 0 || stampMask[k] === 0) continue;
      if (cellDarkness(grid, k) > penDark || (wideZone[k] === 0 && (x < e.left || x > e.right || y < e.top || y > e.bottom))) stampMask[k] = 0;
    }
  }
}

function touchesZone(c: StampCluster, zone: Uint8Array, width: number): boolean {
  for (let y = c.top; y <= c.bottom; y++) for (let x = c.left; x <= c.right; x++) if (zone[y * width + x] !== 0) return true;
  return false;
}

/** An emblem's outline: at least this share of its ink deep inside solid ink, in all but two of eight sectors round it. */
const SOLID_OUTLINE_SHARE = 0.4;
const SOLID_SECTORS = 8;

/**
 * Whether the ink along the outline (within 15% of its size) is mostly deep inside solid ink,
 * `window` cells across, all the way round: a stamp's solid header bar fills one side only.
 */
function isSolidOutline(o: StampOutline, ink: Uint8Array, width: number, height: number, window: number): boolean {
  const r = window >> 1;
  const band = Math.max(2, o.size * 0.15);
  const x0 = Math.max(0, Math.floor(o.left - band - r));
  const y0 = Math.max(0, Math.floor(o.top - band - r));
  const x1 = Math.min(width - 1, Math.ceil(o.right + band + r));
  const y1 = Math.min(height - 1, Math.ceil(o.bottom + band + r));
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const sums = summedArea(bw, bh, (x, y) => ink[(y + y0) * width + x + x0]);
  const full = window * window;
  const cx = (o.left + o.right) / 2;
  const cy = (o.top + o.bottom) / 2;
  const inked = new Int32Array(SOLID_SECTORS);
  const solid = new Int32Array(SOLID_SECTORS);
  for (let y = r; y < bh - r; y++) {
    for (let x = r; x < bw - r; x++) {
      if (ink[(y + y0) * width + x + x0] === 0 || Math.abs(o.distance(x + x0, y + y0)) > band) continue;
      const sector = Math.floor(((Math.atan2(y + y0 - cy, x + x0 - cx) + Math.PI) / (2 * Math.PI)) * SOLID_SECTORS) % SOLID_SECTORS;
      inked[sector]++;
      if (boxSum(sums, bw, x - r, y - r, x + r, y + r) === full) solid[sector]++;
    }
  }
  let solidSectors = 0;
  for (let i = 0; i < SOLID_SECTORS; i++) if (inked[i] > 0 && solid[i] >= SOLID_OUTLINE_SHARE * inked[i]) solidSectors++;
  return solidSectors >= SOLID_SECTORS - 2;
}

/** 1 within reach of any stamp outline (its inside and a margin). */
function outlineZone(outlines: StampOutline[], width: number, height: number, marginFraction = 0.15): Uint8Array {
  const zone = new Uint8Array(width * height);
  for (const o of outlines) {
    const margin = Math.max(2, o.size * marginFraction);
    const x0 = Math.max(0, Math.floor(o.left - margin));
    const x1 = Math.min(width - 1, Math.ceil(o.right + margin));
    const y0 = Math.max(0, Math.floor(o.top - margin));
    const y1 = Math.min(height - 1, Math.ceil(o.bottom + margin));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (o.distance(x, y) <= margin) zone[y * width + x] = 1;
  }
  return zone;
}

/** Faint ink below the analysis mask takes the class of a labelled neighbour (edges of strokes). */
function growIntoFaintInk(classes: Uint8Array, alpha: Uint8Array, width: number, height: number, iterations: number): void {
  const source = new Uint8Array(classes.length);
  for (let it = 0; it < iterations; it++) {
    source.set(classes);
    let changed = false;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = y * width + x;
        if (source[k] !== 0 || alpha[k] === 0) continue;
        let found = 0;
        for (let dy = -1; dy <= 1 && found === 0; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            const c = source[yy * width + xx];
            if (c !== 0) {
              found = c;
              break;
            }
          }
        }
        if (found !== 0) {
          classes[k] = found;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
}

/** The classical engine behind the Engine interface. */
export function createClassicalEngine(): Engine {
  return { name: 'classical', classify: async (input) => classifyInk(input) };
}

export const classicalEngine: Engine = createClassicalEngine();
