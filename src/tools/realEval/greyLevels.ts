/** Grey levels of an RGBA page, as the binarization baselines read it. */
import type { RgbaImage } from '../../core';

/**
 * Luminance Y = 0.299·R + 0.587·G + 0.114·B rounded to 8 bits exactly as OpenCV's
 * cvtColor(RGB2GRAY) does (fixed point: weights 4899, 9617, 1868 over 2¹⁴, rounded), so the
 * baselines match what the DIBCO literature computes with OpenCV. Alpha is ignored. Not sharp's
 * greyscale() (libvips, gamma-aware): on the colour pages it moves Otsu's threshold, most on
 * H-DIBCO 2012 page H10 (FM 46.2 here, 86.1 on sharp's grey), so that set's Otsu mean reads 78.0
 * instead of 75.1; Sauvola moves by under 0.1.
 */
export function greyLevels(image: RgbaImage): Uint8Array {
  const { data } = image;
  const grey = new Uint8Array(image.width * image.height);
  for (let p = 0, q = 0; p < grey.length; p++, q += 4) {
    grey[p] = (data[q] * 4899 + data[q + 1] * 9617 + data[q + 2] * 1868 + 8192) >> 14;
  }
  return grey;
}
