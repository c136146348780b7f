/** The WebP RIFF container: simple (one VP8L frame) or extended (VP8X, a lossless ALPH plane and a lossy VP8 colour frame). */

/** WebP's limit on either side (its headers hold width − 1 and height − 1 in 14 bits). */
export const WEBP_MAX_SIDE = 16383;

function chunk(fourCC: string, payload: Uint8Array): Uint8Array {
  const padded = payload.length + (payload.length & 1);
  const out = new Uint8Array(8 + padded);
  out.set(new TextEncoder().encode(fourCC), 0);
  new DataView(out.buffer).setUint32(4, payload.length, true);
  out.set(payload, 8);
  return out;
}

/** The payload of the first chunk named `fourCC` in a RIFF WEBP file. */
export function findChunk(file: Uint8Array, fourCC: string): Uint8Array | null {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const name = (at: number) => String.fromCharCode(...file.subarray(at, at + 4));
  if (file.length < 12 || name(0) !== 'RIFF' || name(8) !== 'WEBP') return null;
  for (let at = 12; at + 8 <= file.length; ) {
    const size = view.getUint32(at + 4, true);
    if (name(at) === fourCC) return file.subarray(at + 8, at + 8 + size);
    at += 8 + size + (size & 1);
  }
  return null;
}

/** A RIFF WEBP file of the given chunks, in order. */
export function webpFile(chunks: readonly (readonly [string, Uint8Array])[]): Uint8Array<ArrayBuffer> {
  const encoded = chunks.map(([fourCC, payload]) => chunk(fourCC, payload));
  const body = encoded.reduce((n, c) => n + c.length, 4);
  const file = new Uint8Array(8 + body);
  file.set(new TextEncoder().encode('RIFF'), 0);
  new DataView(file.buffer).setUint32(4, body, true);
  file.set(new TextEncoder().encode('WEBP'), 8);
  let at = 12;
  for (const c of encoded) {
    file.set(c, at);
    at += c.length;
  }
  return file;
}

/**
 * An extended-format file: VP8X (canvas size, the alpha flag), ALPH (header byte: no pre-processing,
 * no filter, lossless compression; then the VP8L stream) and the colour frame's VP8 chunk.
 */
export function webpWithAlpha(width: number, height: number, vp8: Uint8Array, alphaStream: Uint8Array): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(10);
  header[0] = 0x10; // alpha
  for (let k = 0; k < 3; k++) {
    header[4 + k] = ((width - 1) >> (8 * k)) & 0xff; // 24 bits each, little-endian
    header[7 + k] = ((height - 1) >> (8 * k)) & 0xff;
  }
  const alpha = new Uint8Array(1 + alphaStream.length);
  alpha[0] = 0x01;
  alpha.set(alphaStream, 1);
  return webpFile([
    ['VP8X', header],
    ['ALPH', alpha],
    ['VP8 ', vp8],
  ]);
}
