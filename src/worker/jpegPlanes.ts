/**
 * A 4:2:0 JPEG (nearly every camera's) decoded by WebCodecs' ImageDecoder into its Y, Cb and Cr
 * planes, and turned into RGBA here the way libjpeg-turbo does it: "fancy" (triangular) upsampling of
 * the chroma and JFIF's integer colour conversion. The bytes are the same as createImageBitmap's
 * (compared on phone photos, odd sizes, progressive and grey JPEGs: e2e/jpegDecode.spec.ts), without
 * its 16-MB bitmap and the copy out of it: fresh memory is most of a 4-MP decode's time on a
 * virtual machine.
 *
 * A photo with an EXIF orientation is turned upright here (quarter turns), as the bitmap would be.
 * Null where the result would not be that picture, so the caller decodes through the bitmap: no
 * ImageDecoder, another layout (4:4:4, CMYK), a mirrored orientation, or a colour space other than
 * sRGB (the bitmap converts it).
 */
import { giveBack, pooledUint8, pooledUint8Clamped, turnImage, type RgbaImage } from '../core';

/** libjpeg's fixed-point tables (jdcolor.c, SCALEBITS 16): Cr → R and Cb → B in pixels, Cr and Cb → G before the shift. */
const CR_TO_R = new Int32Array(256);
const CB_TO_B = new Int32Array(256);
const CR_TO_G = new Int32Array(256);
const CB_TO_G = new Int32Array(256);
for (let i = 0; i < 256; i++) {
  const x = i - 128;
  CR_TO_R[i] = (91881 * x + 32768) >> 16; // FIX(1.40200)
  CB_TO_B[i] = (116130 * x + 32768) >> 16; // FIX(1.77200)
  CR_TO_G[i] = -46802 * x; // -FIX(0.71414)
  CB_TO_G[i] = -22554 * x + 32768; // -FIX(0.34414), + ONE_HALF
}

export async function decodeJpegThroughPlanes(input: Blob, refuseTooLarge: (width: number, height: number) => void): Promise<RgbaImage | null> {
  if (typeof ImageDecoder === 'undefined') return null;
  let decoder: ImageDecoder | undefined;
  let frame: VideoFrame | undefined;
  let planes: Uint8Array | undefined;
  let data: Uint8ClampedArray | undefined;
  let refusal: unknown;
  try {
    decoder = new ImageDecoder({ data: await input.arrayBuffer(), type: 'image/jpeg', colorSpaceConversion: 'default' });
    frame = (await decoder.decode()).image;
    const { rotation, flip } = frame as VideoFrame & { rotation?: number; flip?: boolean };
    const { primaries, transfer, matrix, fullRange } = frame.colorSpace;
    const rect = frame.visibleRect;
    // A photo's EXIF orientation comes as a clockwise rotation (and a flip for the mirrored ones).
    const turns = (rotation ?? 0) / 90;
    if (frame.format !== 'I420' || !Number.isInteger(turns) || (flip ?? false) !== false || !rect || rect.x !== 0 || rect.y !== 0) return null;
    if (primaries !== 'bt709' || transfer !== 'iec61966-2-1' || (matrix !== 'smpte170m' && matrix !== 'bt470bg') || fullRange !== true) return null;
    const { width, height } = rect;
    try {
      refuseTooLarge(width, height);
    } catch (error) {
      refusal = error;
      throw error;
    }
    const bytes = pooledUint8(frame.allocationSize());
    planes = bytes;
    const [luma, blue, red] = await frame.copyTo(bytes as Uint8Array<ArrayBuffer>);
    const rgba = pooledUint8Clamped(width * height * 4);
    data = rgba;
    i420ToRgba(bytes, luma, blue, red, width, height, rgba);
    giveBack(bytes);
    planes = undefined;
    if (turns % 4 === 0) return { width, height, data: rgba };
    const turned = turnImage({ width, height, data: rgba }, turns);
    giveBack(rgba);
    return turned;
  } catch (error) {
    giveBack(planes, data);
    // A picture too large to hold is refused as the bitmap way would refuse it; anything else falls back to the bitmap.
    if (refusal !== undefined && error === refusal) throw error;
    return null;
  } finally {
    frame?.close();
    decoder?.close();
  }
}

/** The planes (offsets and strides as copyTo laid them out) into opaque RGBA. */
export function i420ToRgba(planes: Uint8Array, luma: PlaneLayout, blue: PlaneLayout, red: PlaneLayout, width: number, height: number, out: Uint8ClampedArray): void {
  const chromaWidth = (width + 1) >> 1;
  const chromaHeight = (height + 1) >> 1;
  const blueRow = new Uint8Array(2 * chromaWidth);
  const redRow = new Uint8Array(2 * chromaWidth);
  for (let y = 0; y < height; y++) {
    const row = y >> 1;
    // An even row leans on the chroma row above, an odd one on the row below (the edges repeat).
    const other = (y & 1) === 0 ? Math.max(0, row - 1) : Math.min(chromaHeight - 1, row + 1);
    upsampleRow(planes, blue.offset + row * blue.stride, blue.offset + other * blue.stride, chromaWidth, blueRow);
    upsampleRow(planes, red.offset + row * red.stride, red.offset + other * red.stride, chromaWidth, redRow);
    convertRow(planes, luma.offset + y * luma.stride, blueRow, redRow, width, out, y * width * 4);
  }
}

interface PlaneLayout {
  offset: number;
  stride: number;
}

/**
 * One output row of a chroma plane at full width: libjpeg-turbo's h2v2_fancy_upsample (3:1 towards
 * the nearer row, then 3:1 across, its alternating rounding kept). A function per row, optimised per
 * call (see OSR_NOTE in src/core/classes/model/tensor.ts).
 */
function upsampleRow(planes: Uint8Array, near: number, far: number, chromaWidth: number, out: Uint8Array): void {
  let current = planes[near] * 3 + planes[far];
  if (chromaWidth === 1) {
    out[0] = (current * 4 + 8) >> 4;
    out[1] = (current * 4 + 7) >> 4;
    return;
  }
  let next = planes[near + 1] * 3 + planes[far + 1];
  out[0] = (current * 4 + 8) >> 4;
  out[1] = (current * 3 + next + 7) >> 4;
  let last = current;
  current = next;
  let o = 2;
  for (let c = 2; c < chromaWidth; c++) {
    next = planes[near + c] * 3 + planes[far + c];
    out[o++] = (current * 3 + last + 8) >> 4;
    out[o++] = (current * 3 + next + 7) >> 4;
    last = current;
    current = next;
  }
  out[o++] = (current * 3 + last + 8) >> 4;
  out[o] = (current * 4 + 7) >> 4;
}

/** 0..255 for any sum the conversion can give, offset by CLAMP_OFFSET (libjpeg's range_limit table). */
const CLAMP_OFFSET = 384;
const CLAMP = new Int32Array(1024);
for (let i = 0; i < CLAMP.length; i++) CLAMP[i] = Math.min(255, Math.max(0, i - CLAMP_OFFSET));
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * One row of Y with its upsampled Cb and Cr into opaque RGBA (jdcolor.c's ycc_rgb_convert), one
 * 32-bit word per pixel where the host's byte order allows.
 */
function convertRow(planes: Uint8Array, lumaRow: number, blueRow: Uint8Array, redRow: Uint8Array, width: number, out: Uint8ClampedArray, o: number): void {
  if (!LITTLE_ENDIAN || out.byteOffset % 4 !== 0) {
    for (let x = 0; x < width; x++, o += 4) {
      const y = planes[lumaRow + x] + CLAMP_OFFSET;
      const cb = blueRow[x];
      const cr = redRow[x];
      out[o] = CLAMP[y + CR_TO_R[cr]];
      out[o + 1] = CLAMP[y + ((CB_TO_G[cb] + CR_TO_G[cr]) >> 16)];
      out[o + 2] = CLAMP[y + CB_TO_B[cb]];
      out[o + 3] = 255;
    }
    return;
  }
  const words = new Int32Array(out.buffer, out.byteOffset + o, width);
  for (let x = 0; x < width; x++) {
    const y = planes[lumaRow + x] + CLAMP_OFFSET;
    const cb = blueRow[x];
    const cr = redRow[x];
    words[x] = CLAMP[y + CR_TO_R[cr]] | (CLAMP[y + ((CB_TO_G[cb] + CR_TO_G[cr]) >> 16)] << 8) | (CLAMP[y + CB_TO_B[cb]] << 16) | (255 << 24);
  }
}
