/** Alpha planes and colours for the WebP coders' tests: the shapes a result's alpha takes, and the hard cases of prefix coding. */
import sharp from 'sharp';

/** A deterministic pseudo-random sequence (the tests must not depend on Math.random). */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export type Colour = (p: number) => [number, number, number];

export function rgbaWithAlpha(alpha: Uint8Array, colour: Colour = () => [30, 60, 160]): Uint8Array {
  const rgba = new Uint8Array(alpha.length * 4);
  alpha.forEach((a, p) => {
    rgba.set(colour(p), p * 4);
    rgba[p * 4 + 3] = a;
  });
  return rgba;
}

export async function decodeWebp(file: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The largest difference of a visible pixel's colour channel, and the number of pixels whose alpha differs. */
export function compareDecoded(decoded: ArrayLike<number>, rgba: Uint8Array): { colour: number; alphaWrong: number } {
  let colour = 0;
  let alphaWrong = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (decoded[i + 3] !== rgba[i + 3]) alphaWrong++;
    if (rgba[i + 3] === 0) continue;
    for (let k = 0; k < 3; k++) colour = Math.max(colour, Math.abs(decoded[i + k] - rgba[i + k]));
  }
  return { colour, alphaWrong };
}

export const ANTI_ALIASED_LINES = 'anti-aliased slanted lines on an empty sheet (long runs, copies from above)';

export const alphaPlanes: Record<string, (w: number, h: number) => Uint8Array> = {
  'all transparent': (w, h) => new Uint8Array(w * h),
  'all opaque': (w, h) => new Uint8Array(w * h).fill(255),
  'noise over every value (literals only, a full alphabet)': (w, h) => {
    const next = lcg(7);
    return Uint8Array.from({ length: w * h }, () => Math.floor(next() * 256));
  },
  [ANTI_ALIASED_LINES]: (w, h) => {
    const plane = new Uint8Array(w * h);
    for (let x = 0; x < w; x++) {
      for (const row of [h * 0.25, h * 0.5, h * 0.75]) {
        const centre = row + x * 0.03;
        for (let y = Math.floor(centre - 2); y <= Math.ceil(centre + 2); y++) {
          if (y >= 0 && y < h) plane[y * w + x] = Math.max(0, Math.round(255 * (1 - Math.abs(y - centre) / 2)));
        }
      }
    }
    return plane;
  },
  'a skewed histogram (prefix codes longer than 15 bits unless limited)': (w, h) => {
    const plane = new Uint8Array(w * h);
    const next = lcg(3);
    // Value v appears with probability ~2^-v: an unlimited Huffman code would need ~30 bits.
    for (let p = 0; p < plane.length; p++) {
      let v = 0;
      while (v < 40 && next() < 0.5) v++;
      plane[p] = v * 6;
    }
    return plane;
  },
};

/** Sizes that reach the edge cases: a single pixel, a column, a row, odd sizes, a strip longer than a copy. */
export const PLANE_SIZES = [[1, 1], [1, 37], [53, 1], [301, 211], [5000, 3]] as const;
