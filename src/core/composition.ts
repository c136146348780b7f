import { inkScale } from './inkAlpha';
import { rgbaWords } from './pixelWords';
import { InkClass, type ClassMap, type CleanOptions, type RgbaImage } from './types';

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

/** Cells of the class map within one cell of kept ink: other ink there may stay (keepTouching). */
function touchZone(classMap: ClassMap, kept: Uint8Array): Uint8Array {
  const { width, height, classes } = classMap;
  const zone = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (kept[classes[y * width + x]] === 0) continue;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width) zone[yy * width + xx] = 1;
        }
      }
    }
  }
  return zone;
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
  const zone = rule.keepTouching ? touchZone(classMap, kept) : new Uint8Array(classMap.width * classMap.height);
  const { classes } = classMap;
  const words = rgbaWords(data, width * height);
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(classMap.width - 1, Math.floor((x * classMap.width) / width));
  for (let y = 0; y < height; y++) {
    const cellRow = Math.min(classMap.height - 1, Math.floor((y * classMap.height) / height)) * classMap.width;
    let p = y * width;
    let i = p * 4;
    for (let x = 0; x < width; x++, p++, i += 4) {
      const a = inkAlpha[p];
      const k = cellRow + cellX[x];
      const c = classes[k];
      if (a === 0 || (kept[c] === 0 && (touchable[c] & zone[k]) === 0)) {
        if (words) words[p] = 0;
        else data.fill(0, i, i + 4);
        continue;
      }
      const s = inkScale[a];
      const inputAlpha = data[i + 3];
      data[i] = 255 - (255 - data[i]) * s;
      data[i + 1] = 255 - (255 - data[i + 1]) * s;
      data[i + 2] = 255 - (255 - data[i + 2]) * s;
      data[i + 3] = a < inputAlpha ? a : inputAlpha;
    }
  }
  return flattened;
}
