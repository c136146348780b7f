/**
 * Files people often have instead of a PNG, JPG or PDF, told by their first bytes, so that a refusal
 * (415 on the server, the item's error in the app) says what the file is and what to do with it.
 * The server and the app read only PNG, JPG and PDF (the app also WebP); none of these is decoded.
 */
interface OtherFormat {
  name: string;
  advice: string;
}

const SAVE_AS = 'Save or export it as PDF, PNG or JPEG.';
/** How to get a JPEG from an iPhone photo (HEIC is its camera's default). */
export const HEIC_ADVICE = 'Share or export it as JPEG (on an iPhone, Settings → Camera → Formats → Most Compatible takes JPEGs).';

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

/** ISO-BMFF brands of HEIF (HEVC-coded: the iPhone's camera default) and AVIF. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** What the file is, from its first 12 bytes or more; null when it is none of the formats named here. */
export function otherImageFormat(head: Uint8Array): OtherFormat | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (HEIC_BRANDS.has(brand)) {
      return { name: 'a HEIC photo (the iPhone camera’s format)', advice: HEIC_ADVICE };
    }
    if (AVIF_BRANDS.has(brand)) return { name: 'an AVIF image', advice: SAVE_AS };
  }
  if (head.length >= 4 && (ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*')) return { name: 'a TIFF image', advice: SAVE_AS };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { name: 'a WebP image', advice: SAVE_AS };
  if (head.length >= 4 && ascii(head, 0, 4) === 'GIF8') return { name: 'a GIF image', advice: SAVE_AS };
  if (head.length >= 2 && ascii(head, 0, 2) === 'BM') return { name: 'a BMP image', advice: SAVE_AS };
  return null;
}

/** The refusal's message for a file that is not a PNG, JPG or PDF. */
export function unsupportedFormatMessage(head: Uint8Array): string {
  const other = otherImageFormat(head);
  return other ? `The file is ${other.name}, not a PNG, JPG or PDF. ${other.advice}` : 'The file is not a PNG, JPG or PDF.';
}
