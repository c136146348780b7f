import { giveBackList } from '../shared/bufferPool';
import { inkScale } from '../paper/inkAlpha';
import { pixelsWithAlpha } from '../shared/inkPixels';
import { InkClass, type ClassMap, type CleanOptions, type RgbaImage } from '../shared/types';

export type InkClassName = Exclude<keyof typeof InkClass, 'paper'>;

export interface CompositionRule {
  /** Ink classes kept in the output. */
  keep: readonly InkClassName[];
  /**
   * Whether ink of other classes touching the kept ink (within about a cell of the class map, a couple
   * of pixels) stays, so a kept signature is not broken where it crosses a line or a printed letter.
   */
  keepTouching: boolean;
}

export type CompositionKey =
  | 'basic'
  | 'standard'
  | 'advanced'
  | 'advanced+aggressive'
  | 'signature'
  | 'signature+aggressive'
  | 'stamp'
  | 'stamp+aggressive';

/** Which ink each option combination keeps. Paper is always removed; noise is never kept. */
export const COMPOSITION: Readonly<Record<CompositionKey, CompositionRule>> = {
  basic: { keep: ['printed', 'formLine', 'handwriting', 'stamp'], keepTouching: true },
  standard: { keep: ['formLine', 'handwriting', 'stamp'], keepTouching: true },
  advanced: { keep: ['formLine', 'handwriting', 'stamp'], keepTouching: true },
  'advanced+aggressive': { keep: ['handwriting', 'stamp'], keepTouching: false },
  signature: { keep: ['handwriting'], keepTouching: true },
  'signature+aggressive': { keep: ['handwriting'], keepTouching: false },
  stamp: { keep: ['stamp'], keepTouching: true },
  'stamp+aggressive': { keep: ['stamp'], keepTouching: false },
};

/** The table row for some options. extract/aggressive given with basic or standard mean advanced. */
export function compositionKey(options: CleanOptions): CompositionKey {
  const advanced = options.mode === 'advanced' || options.extract !== '' || options.aggressive;
  if (!advanced) return options.mode === 'basic' ? 'basic' : 'standard';
  const base = options.extract === '' ? 'advanced' : options.extract;
  return (options.aggressive ? `${base}+aggressive` : base) as CompositionKey;
}

/** Per class id, 1 when the rule keeps it. */
export function keptClasses(rule: CompositionRule): Uint8Array {
  const kept = new Uint8Array(8);
  for (const name of rule.keep) kept[InkClass[name]] = 1;
  return kept;
}

/** Whether the class map holds kept ink within one cell of cell (cx, cy): other ink there may stay (keepTouching). */
function touchesKept(classMap: ClassMap, cx: number, cy: number, kept: Uint8Array): boolean {
  const { width, height, classes } = classMap;
  for (let y = Math.max(0, cy - 1), y1 = Math.min(height - 1, cy + 1); y <= y1; y++) {
    for (let x = Math.max(0, cx - 1), x1 = Math.min(width - 1, cx + 1); x <= x1; x++) if (kept[classes[y * width + x]] !== 0) return true;
  }
  return false;
}

/**
 * The output: for each pixel whose class the rule keeps, the ink's own colour (recovered from the
 * flattened pixel and the full-resolution alpha) with that alpha; everything else transparent.
 * The class map only labels the alpha; its resolution may be lower than the image's.
 * Writes into `flattened` (no longer needed afterwards) and returns it as the result.
 */
export function composeInk(flattened: RgbaImage, inkAlpha: Uint8Array, classMap: ClassMap, rule: CompositionRule): RgbaImage {
  const { width, height, data } = flattened;
  const kept = keptClasses(rule);
  const touchable = new Uint8Array(8);
  if (rule.keepTouching) {
    for (const c of [InkClass.printed, InkClass.formLine, InkClass.handwriting, InkClass.stamp]) touchable[c] = 1 - kept[c];
  }
  const { classes } = classMap;
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(classMap.width - 1, Math.floor((x * classMap.width) / width));
  const cellY = new Int32Array(height);
  for (let y = 0; y < height; y++) cellY[y] = Math.min(classMap.height - 1, Math.floor((y * classMap.height) / height));
  // Only the ink is visited; the pixels before each kept one (paper, dropped ink) are cleared in one native fill.
  let cleared = 0;
  const inkPixels = pixelsWithAlpha(inkAlpha.subarray(0, width * height), 1);
  for (let j = 0; j < inkPixels.length; j++) {
    const p = inkPixels[j];
    const y = (p / width) | 0;
    const cx = cellX[p - y * width];
    const cy = cellY[y];
    const c = classes[cy * classMap.width + cx];
    if (kept[c] === 0 && (touchable[c] === 0 || !touchesKept(classMap, cx, cy, kept))) continue;
    const i = p * 4;
    data.fill(0, cleared * 4, i);
    const a = inkAlpha[p];
    const s = inkScale[a];
    const inputAlpha = data[i + 3];
    data[i] = 255 - (255 - data[i]) * s;
    data[i + 1] = 255 - (255 - data[i + 1]) * s;
    data[i + 2] = 255 - (255 - data[i + 2]) * s;
    data[i + 3] = a < inputAlpha ? a : inputAlpha;
    cleared = p + 1;
  }
  data.fill(0, cleared * 4);
  giveBackList(inkPixels);
  return flattened;
}
