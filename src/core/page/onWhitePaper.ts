import { rgbaWords } from '../shared/pixelWords';
import type { RgbaImage } from '../shared/types';

/** Index of the first pixel that is not fully opaque, or −1. */
function firstSeeThrough({ width, height, data }: RgbaImage): number {
  const n = width * height;
  const words = rgbaWords(data, n);
  if (words) {
    for (let p = 0; p < n; p++) if (words[p] < 0xff000000) return p;
    return -1;
  }
  for (let p = 0, i = 3; p < n; p++, i += 4) if (data[i] !== 255) return p;
  return -1;
}

/**
 * A picture with transparency (a signature already cut out, one of our own results fed back in) is
 * read as ink on white paper: every pixel laid over white. Read as it is, a transparent pixel's
 * colour is whatever the file kept (black, usually) and a semi-transparent edge has its ink's full
 * colour, so the paper would read as ink and the strokes' edges as solid ink. An opaque picture (every
 * photo, scan and PDF page) is returned as it is, after one read of its alpha.
 */
export function onWhitePaper(image: RgbaImage): RgbaImage {
  const first = firstSeeThrough(image);
  if (first < 0) return image;
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data);
  for (let i = first * 4; i < out.length; i += 4) {
    const a = out[i + 3];
    if (a === 255) continue;
    const paper = 255 - a;
    out[i] = (out[i] * a + 255 * paper + 127) / 255;
    out[i + 1] = (out[i + 1] * a + 255 * paper + 127) / 255;
    out[i + 2] = (out[i + 2] * a + 255 * paper + 127) / 255;
    out[i + 3] = 255;
  }
  return { width, height, data: out };
}
