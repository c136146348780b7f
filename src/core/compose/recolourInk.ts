import { rgbaWords } from '../shared/pixelWords';
import type { InkColour, RgbaImage } from '../shared/types';

/**
 * "Document blue": a dark ballpoint blue (#1f3a93, R 31 G 58 B 147). Dark enough to read as ink on
 * a print or a photocopy (about as dark as a blue pen's solid stroke), blue enough to tell a signed
 * original from a black-and-white copy, which is why contracts ask for blue ink.
 */
export const DOCUMENT_BLUE = '#1f3a93';

/** The named ink colours and what they mean in #rrggbb. */
export const NAMED_INK_COLOURS = { black: '#000000', blue: DOCUMENT_BLUE } as const;

/** `#rrggbb` (either case; the `#` may be left out), else null. */
export function parseHexColour(value: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  return match ? [parseInt(match[1], 16), parseInt(match[2], 16), parseInt(match[3], 16)] : null;
}

/** The RGB the kept ink becomes, or null for the ink's own colour (`original`, absent, or not a colour). */
export function inkRgb(ink: InkColour | undefined): [number, number, number] | null {
  if (ink === undefined || ink === 'original') return null;
  return parseHexColour(ink === 'black' || ink === 'blue' ? NAMED_INK_COLOURS[ink] : ink);
}

/**
 * Gives every visible pixel (alpha > 0) the colour `rgb` and leaves its alpha as it is, so the ink's
 * shape and its anti-aliased edges stay exactly as composed: a grey or bluish pen becomes clean black
 * or document blue. Transparent pixels are left alone. Writes into `image` and returns it.
 */
export function recolourInk(image: RgbaImage, rgb: readonly [number, number, number]): RgbaImage {
  const { width, height, data } = image;
  const pixels = width * height;
  const [r, g, b] = rgb;
  const words = rgbaWords(data, pixels);
  if (words) {
    const colour = (r | (g << 8) | (b << 16)) >>> 0;
    for (let p = 0; p < pixels; p++) {
      const v = words[p];
      if (v >>> 24 !== 0) words[p] = ((v & 0xff000000) | colour) >>> 0;
    }
    return image;
  }
  for (let i = 0; i < pixels * 4; i += 4) {
    if (data[i + 3] === 0) continue;
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
  return image;
}
