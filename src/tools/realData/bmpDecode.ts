/**
 * A small decoder for Windows BMP files, which sharp's prebuilt libvips does not read: uncompressed
 * 1/4/8-bit palette, 16/24/32-bit colour and BI_BITFIELDS masks, bottom-up or top-down rows.
 * Run-length-encoded BMPs are refused with a clear error. Output: 8-bit RGB, row-major.
 */

export interface RgbPixels {
  width: number;
  height: number;
  /** width × height × 3 bytes, R G B. */
  data: Buffer;
}

export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length > 26 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** Turns a bit mask (e.g. 0x7c00) into a function reading that channel as 0..255. */
function maskReader(mask: number): (value: number) => number {
  if (mask === 0) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}

export function decodeBmp(bytes: Uint8Array): RgbPixels {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!isBmp(bytes)) throw new Error('not a BMP file');
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  let width: number;
  let rawHeight: number;
  let bitCount: number;
  let compression = BI_RGB;
  let coloursUsed = 0;
  if (headerSize === 12) {
    width = view.getUint16(18, true);
    rawHeight = view.getInt16(20, true);
    bitCount = view.getUint16(24, true);
  } else if (headerSize >= 40) {
    width = view.getInt32(18, true);
    rawHeight = view.getInt32(22, true);
    bitCount = view.getUint16(28, true);
    compression = view.getUint32(30, true);
    coloursUsed = view.getUint32(46, true);
  } else {
    throw new Error(`BMP header of ${headerSize} bytes is not supported`);
  }
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0) throw new Error(`BMP of ${width} × ${height} pixels`);
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) {
    throw new Error(`compressed BMP (compression ${compression}) is not supported`);
  }

  // Colour masks: in the header from V2 on, right after a 40-byte header otherwise.
  let masks = bitCount === 16 ? [0x7c00, 0x03e0, 0x001f] : [0xff0000, 0x00ff00, 0x0000ff];
  if (compression !== BI_RGB) {
    const at = 14 + 40;
    masks = [view.getUint32(at, true), view.getUint32(at + 4, true), view.getUint32(at + 8, true)];
  }
  const [readR, readG, readB] = masks.map(maskReader);

  const palette: number[][] = [];
  if (bitCount <= 8) {
    const entrySize = headerSize === 12 ? 3 : 4;
    const count = coloursUsed || 1 << bitCount;
    const at = 14 + headerSize;
    for (let i = 0; i < count; i++) {
      const p = at + i * entrySize;
      palette.push([bytes[p + 2], bytes[p + 1], bytes[p]]);
    }
  } else if (bitCount !== 16 && bitCount !== 24 && bitCount !== 32) {
    throw new Error(`BMP with ${bitCount} bits per pixel is not supported`);
  }

  const stride = Math.ceil((width * bitCount) / 32) * 4;
  if (pixelOffset + stride * height > bytes.length) throw new Error('BMP pixel data is cut short');
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      if (bitCount <= 8) {
        const bit = x * bitCount;
        const index = (bytes[row + (bit >> 3)] >> (8 - bitCount - (bit & 7))) & ((1 << bitCount) - 1);
        [r, g, b] = palette[index] ?? [0, 0, 0];
      } else if (bitCount === 24 && compression === BI_RGB) {
        const p = row + x * 3;
        [r, g, b] = [bytes[p + 2], bytes[p + 1], bytes[p]];
      } else {
        const value = bitCount === 16 ? view.getUint16(row + x * 2, true) : view.getUint32(row + x * 4, true);
        [r, g, b] = [readR(value), readG(value), readB(value)];
      }
      const o = (y * width + x) * 3;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
    }
  }
  return { width, height, data };
}
