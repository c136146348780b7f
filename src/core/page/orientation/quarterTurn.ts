import { pooledUint8, pooledUint8Clamped } from '../../shared/bufferPool';
import { rgbaWords } from '../../shared/pixelWords';
import type { RgbaImage } from '../../shared/types';

/**
 * Turns a raster clockwise by `turns` quarter turns. `copy(src, dst)` copies one element from
 * source index `src` to destination index `dst`.
 */
function turnIndices(width: number, height: number, turns: number, copy: (src: number, dst: number) => void): { width: number; height: number } {
  const t = ((turns % 4) + 4) % 4;
  const outWidth = t % 2 === 0 ? width : height;
  const outHeight = t % 2 === 0 ? height : width;
  for (let y = 0, src = 0; y < height; y++) {
    for (let x = 0; x < width; x++, src++) {
      // Clockwise: (x, y) → (h − 1 − y, x); twice: (w − 1 − x, h − 1 − y); three times: (y, w − 1 − x).
      const dst = t === 0 ? src : t === 1 ? x * outWidth + (height - 1 - y) : t === 2 ? (height - 1 - y) * outWidth + (width - 1 - x) : (width - 1 - x) * outWidth + y;
      copy(src, dst);
    }
  }
  return { width: outWidth, height: outHeight };
}

/** One byte per pixel (an alpha or class plane) turned clockwise by quarter turns. */
export function turnPlane(plane: Uint8Array, width: number, height: number, turns: number): Uint8Array {
  const out = pooledUint8(plane.length);
  turnIndices(width, height, turns, (src, dst) => {
    out[dst] = plane[src];
  });
  return out;
}

/** An RGBA image turned clockwise by quarter turns (a new image). */
export function turnImage(image: RgbaImage, turns: number): RgbaImage {
  const { width, height, data } = image;
  const out = pooledUint8Clamped(data.length);
  const src32 = rgbaWords(data, width * height);
  const out32 = rgbaWords(out, width * height);
  const size = src32 && out32
    ? turnIndices(width, height, turns, (src, dst) => {
        out32[dst] = src32[src];
      })
    : turnIndices(width, height, turns, (src, dst) => {
        out.set(data.subarray(src * 4, src * 4 + 4), dst * 4);
      });
  return { ...size, data: out };
}
