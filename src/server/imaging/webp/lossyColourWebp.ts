import sharp from 'sharp';
import { webpWithAlpha, findChunk, WEBP_MAX_SIDE } from '../../../shared/webp/container';
import { encodeAlphaPlane } from '../../../shared/webp/losslessWebp';

/** Lossy colour (libwebp through sharp) and exact alpha (losslessWebp.ts's plane coder), encoded side by side. */
export interface WebpSettings {
  /** libwebp's lossy quality for the colour, 1–100. */
  quality: number;
  /** libwebp's effort (method) for the colour, 0–6. */
  effort: number;
}

// BT.601 chroma of an RGB colour (×255), as libwebp converts, and the RGB change that moves a colour's
// chroma by (du, dv) while keeping its luma.
const chromaU = (r: number, g: number, b: number) => -37.797 * r - 74.203 * g + 112.0 * b;
const chromaV = (r: number, g: number, b: number) => 112.0 * r - 93.786 * g - 18.214 * b;

/**
 * The colour frame's pixels and the alpha plane. VP8 keeps one chroma sample per 2 × 2 pixels. Given
 * RGBA, libwebp weights that sample by alpha, so a stroke's faint rim and the black under the paper
 * do not wash out the stroke's colour; given RGB, it cannot. So here, in every 2 × 2 block with any
 * ink, each pixel keeps its own luma and takes the block's alpha-weighted chroma — what the decoder
 * will show there anyway — and the plain average the encoder takes is the weighted one. Blocks
 * without ink stay black, which costs the lossy coder nothing.
 */
function splitForLossyColour(rgba: Uint8Array, width: number, height: number): { rgb: Uint8ClampedArray; alpha: Uint8Array } {
  const rgb = new Uint8ClampedArray(width * height * 3);
  const alpha = new Uint8Array(width * height);
  const rowHasInk = new Uint8Array(height);
  for (let y = 0, p = 0; y < height; y++) {
    let any = 0;
    for (let x = 0; x < width; x++, p++) any |= alpha[p] = rgba[p * 4 + 3];
    rowHasInk[y] = any ? 1 : 0;
  }
  const block = new Int32Array(4);
  for (let y = 0; y < height; y += 2) {
    if (!rowHasInk[y] && !(y + 1 < height && rowHasInk[y + 1])) continue;
    for (let x = 0; x < width; x += 2) {
      const p = y * width + x;
      let size = 0;
      block[size++] = p;
      if (x + 1 < width) block[size++] = p + 1;
      if (y + 1 < height) {
        block[size++] = p + width;
        if (x + 1 < width) block[size++] = p + width + 1;
      }
      const first = alpha[p];
      let weight = 0;
      let uneven = false;
      for (let k = 0; k < size; k++) {
        const a = alpha[block[k]];
        weight += a;
        uneven ||= a !== first;
      }
      if (weight === 0) continue;
      if (!uneven) {
        // Equal weights: the plain average is the weighted one.
        for (let k = 0; k < size; k++) {
          const q = block[k];
          rgb[q * 3] = rgba[q * 4];
          rgb[q * 3 + 1] = rgba[q * 4 + 1];
          rgb[q * 3 + 2] = rgba[q * 4 + 2];
        }
        continue;
      }
      let u = 0;
      let v = 0;
      for (let k = 0; k < size; k++) {
        const q = block[k];
        const a = alpha[q];
        if (!a) continue;
        u += a * chromaU(rgba[q * 4], rgba[q * 4 + 1], rgba[q * 4 + 2]);
        v += a * chromaV(rgba[q * 4], rgba[q * 4 + 1], rgba[q * 4 + 2]);
      }
      u /= weight;
      v /= weight;
      for (let k = 0; k < size; k++) {
        const q = block[k];
        // Under a transparent pixel the colour is never seen: black, with the block's chroma.
        const visible = alpha[q] !== 0;
        const r = visible ? rgba[q * 4] : 0;
        const g = visible ? rgba[q * 4 + 1] : 0;
        const b = visible ? rgba[q * 4 + 2] : 0;
        const du = (u - chromaU(r, g, b)) / 255;
        const dv = (v - chromaV(r, g, b)) / 255;
        rgb[q * 3] = r + 1.596 * dv;
        rgb[q * 3 + 1] = g - 0.392 * du - 0.813 * dv;
        rgb[q * 3 + 2] = b + 2.017 * du;
      }
    }
  }
  return { rgb, alpha };
}

export async function encodeLossyColourWebp(rgba: Uint8Array, width: number, height: number, settings: WebpSettings): Promise<Uint8Array> {
  if (width > WEBP_MAX_SIDE || height > WEBP_MAX_SIDE) throw new RangeError(`WebP holds at most ${WEBP_MAX_SIDE} pixels a side; this image is ${width}×${height}`);
  const { rgb, alpha } = splitForLossyColour(rgba, width, height);
  // sharp encodes on libuv's thread pool, so the colour frame is made while this thread codes the alpha.
  const colour = sharp(rgb, { raw: { width, height, channels: 3 } }).webp({ quality: settings.quality, effort: settings.effort }).toBuffer();
  let alphaStream: Uint8Array;
  try {
    alphaStream = encodeAlphaPlane(alpha, width, height);
  } catch (error) {
    await colour.catch(() => undefined);
    throw error;
  }
  const colourFile = new Uint8Array(await colour);
  const vp8 = findChunk(colourFile, 'VP8 ');
  if (!vp8) throw new Error('libwebp gave no lossy VP8 frame for the colour');
  return webpWithAlpha(width, height, vp8, alphaStream);
}
