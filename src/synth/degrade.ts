/**
 * Paper and capture: paper tint and texture before the ink, then what a phone photo or a scanner
 * does to the page — gradient light, soft shadow, colour cast, sensor noise, grey scans, blur and
 * JPEG/PNG encoding (sharp). About 5% of pages are bitonal (black-and-white, thresholded) scans,
 * some at a coarse fax resolution; their truth stays the ink coverage, so ink too pale for the
 * threshold is still ink in the truth (as on a real fax, where a light stamp may vanish).
 */
import sharp from 'sharp';
import type { RgbaImage } from '../core/shared/types';
import { fractalNoise, valueNoise } from './noise';
import type { Random } from './random';

export type Capture = 'photo' | 'scan';

export interface CaptureParams {
  capture: Capture;
  grayscale: boolean;
  /** Gaussian blur sigma in pixels (0 = none). */
  blur: number;
  /** Per-pixel noise amplitude (0..255 scale). */
  noise: number;
  format: 'jpeg' | 'png';
  quality: number;
  shadow: boolean;
  light: number;
  cast: [number, number, number];
  /** Black-and-white: thresholded at `threshold` × 255 after blur (PNG). */
  bitonal: boolean;
  threshold: number;
  /** Fax resolution: thresholded at this fraction of the size, then scaled back with hard pixels (1 = full). */
  fax: number;
}

export function chooseCapture(random: Random, unit: number, bitonal = false): CaptureParams {
  const capture: Capture = random.chance(0.6) ? 'photo' : 'scan';
  const photo = capture === 'photo';
  const warm = random.range(-1, 1);
  const castAmount = photo ? random.range(0, 0.12) : random.range(0, 0.03);
  const params: CaptureParams = {
    capture,
    grayscale: !photo && random.chance(0.4),
    blur: random.chance(photo ? 0.7 : 0.35) ? random.range(0.3, photo ? 1.3 : 0.8) * Math.max(0.7, unit) : 0,
    noise: photo ? random.range(2, 9) : random.range(0.5, 3),
    format: !photo && random.chance(0.3) ? 'png' : 'jpeg',
    quality: Math.round(photo ? random.range(60, 92) : random.range(75, 95)),
    shadow: photo && random.chance(0.5),
    light: photo ? random.range(0.05, 0.35) : random.range(0, 0.06),
    cast: warm > 0 ? [1, 1 - castAmount * 0.4, 1 - castAmount] : [1 - castAmount, 1 - castAmount * 0.3, 1],
    bitonal: false,
    threshold: 0,
    fax: 1,
  };
  // The roll is drawn either way, so a forced bitonal page draws the same numbers after it.
  if (!random.chance(0.05) && !bitonal) return params;
  // A bitonal scan or fax: flat light, grey, thresholded, PNG.
  return {
    ...params,
    capture: 'scan',
    grayscale: true,
    bitonal: true,
    threshold: random.range(0.6, 0.78),
    // Fax resolution only where it leaves at least 1000 pixels across (about 120 dpi on A4).
    fax: random.chance(0.4) && unit * 1000 * 0.75 >= 1000 ? random.range(Math.max(0.45, 1000 / (unit * 1000)), 0.75) : 1,
    blur: random.chance(0.5) ? random.range(0.3, 0.6) * Math.max(0.7, unit) : 0,
    noise: random.range(0.5, 4),
    format: 'png',
    shadow: false,
    light: random.range(0, 0.04),
    cast: [1, 1, 1],
  };
}

/** Paper colour with fibre texture and faint blotches, 3 floats per pixel. */
export function makePaper(width: number, height: number, unit: number, random: Random): Float32Array {
  const tint: [number, number, number] = random.chance(0.3)
    ? [random.range(228, 250), random.range(222, 245), random.range(200, 235)]
    : [random.range(238, 255), random.range(238, 255), random.range(235, 255)];
  const texture = valueNoise(width, height, Math.max(1.2, 1.5 * unit), random);
  const blotch = fractalNoise(width, height, 120 * unit, 2, random);
  const fine = random.range(0.01, 0.04);
  const coarse = random.range(0, 0.05);
  const paper = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const f = 1 + (texture[i] - 0.5) * fine + (blotch[i] - 0.5) * coarse;
    paper[i * 3] = tint[0] * f;
    paper[i * 3 + 1] = tint[1] * f;
    paper[i * 3 + 2] = tint[2] * f;
  }
  return paper;
}

/** Light, shadow, cast, noise and grey conversion: the page as the camera/scanner saw it (RGBA, opaque). */
export function capturePage(page: Float32Array, width: number, height: number, params: CaptureParams, random: Random): Uint8ClampedArray {
  const angle = random.range(0, Math.PI * 2);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  const span = Math.abs(ux) * width + Math.abs(uy) * height;
  const offset = Math.min(0, ux * width) + Math.min(0, uy * height);
  const vignette = params.capture === 'photo' ? random.range(0, 0.25) : 0;
  // Soft shadow: darker beyond a random line, with a wide smooth edge (a hand or the phone).
  const sAngle = random.range(0, Math.PI * 2);
  const sx = Math.cos(sAngle);
  const sy = Math.sin(sAngle);
  const sDepth = params.shadow ? random.range(0.15, 0.5) : 0;
  const sEdge = random.range(0.05, 0.25) * Math.max(width, height);
  const sPos = (random.range(0.15, 0.6) * (Math.abs(sx) * width + Math.abs(sy) * height)) + Math.min(0, sx * width) + Math.min(0, sy * height);
  const out = new Uint8ClampedArray(width * height * 4);
  const [cr, cg, cb] = params.cast;
  const cx = width / 2;
  const cy = height / 2;
  const rr = 1 / (cx * cx + cy * cy);
  const noise = params.noise;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let light = 1 - params.light * ((x * ux + y * uy - offset) / span);
      if (vignette > 0) light *= 1 - vignette * ((x - cx) * (x - cx) + (y - cy) * (y - cy)) * rr;
      if (sDepth > 0) {
        const d = (x * sx + y * sy - sPos) / sEdge;
        if (d > -1) light *= 1 - sDepth * (d >= 1 ? 1 : (d + 1) * (d + 1) * (3 - (d + 1)) * 0.25);
      }
      const n = (random.next() - 0.5) * 2 * noise;
      let r = page[i * 3] * light * cr + n;
      let g = page[i * 3 + 1] * light * cg + n;
      let b = page[i * 3 + 2] * light * cb + n;
      if (params.grayscale) r = g = b = 0.299 * r + 0.587 * g + 0.114 * b;
      else if (noise > 3) {
        const chroma = (random.next() - 0.5) * noise * 0.6;
        r += chroma;
        b -= chroma;
      }
      out[i * 4] = r;
      out[i * 4 + 1] = g;
      out[i * 4 + 2] = b;
      out[i * 4 + 3] = 255;
    }
  }
  return out;
}

/** Blur and encode (JPEG/PNG); returns the file bytes and the image they decode to. */
export async function encodeCapture(rgba: Uint8ClampedArray, width: number, height: number, params: CaptureParams): Promise<{ encoded: Buffer; image: RgbaImage }> {
  let pipeline = sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.length), { raw: { width, height, channels: 4 } }).removeAlpha();
  if (params.blur >= 0.3) pipeline = pipeline.blur(params.blur);
  if (params.bitonal) {
    // Blur (and fax downsampling) first, then the threshold, in two passes so their order is certain.
    const w = params.fax < 1 ? Math.max(1, Math.round(width * params.fax)) : width;
    const h = params.fax < 1 ? Math.max(1, Math.round(height * params.fax)) : height;
    if (params.fax < 1) pipeline = pipeline.resize(w, h, { fit: 'fill' });
    const grey = await pipeline.grayscale().raw().toBuffer();
    const level = params.threshold * 255;
    const bw = Buffer.alloc(w * h);
    for (let i = 0; i < bw.length; i++) bw[i] = grey[i] >= level ? 255 : 0;
    pipeline = sharp(bw, { raw: { width: w, height: h, channels: 1 } });
    if (params.fax < 1) pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'nearest' });
    // Black-and-white pages stay 3-channel files too.
    pipeline = pipeline.toColourspace('srgb');
  } else if (params.grayscale) {
    // Grey scans stay 3-channel files (R = G = B): every reader then gets RGB(A) without colourspace handling.
    pipeline = pipeline.grayscale().toColourspace('srgb');
  }
  const encoded =
    params.format === 'jpeg'
      ? await pipeline.jpeg({ quality: params.quality, chromaSubsampling: params.capture === 'photo' ? '4:2:0' : '4:4:4' }).toBuffer()
      : await pipeline.png({ compressionLevel: 3 }).toBuffer();
  const { data, info } = await sharp(encoded).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height || info.channels !== 4) throw new Error('synth: encoded page changed size');
  return { encoded, image: { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) } };
}
