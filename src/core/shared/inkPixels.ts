import { pooledInt32List } from './bufferPool';

/**
 * The pixels whose ink alpha is at least `least`, in page order. `least` is 1 (any ink) or 128 (solid
 * ink, the top bit of the alpha byte): one test of a 32-bit word then skips four pixels of paper,
 * and most of a page is paper (a 12-MP photo's ink is a few percent of it). The list is a view of a
 * pooled buffer: its owner gives it back with giveBackList.
 */
export function pixelsWithAlpha(inkAlpha: Uint8Array, least: 1 | 128): Int32Array {
  // Counted first, so the list's buffer is taken once at its size.
  const pixels = pooledInt32List(listWithAlpha(inkAlpha, least, null));
  return pixels.subarray(0, listWithAlpha(inkAlpha, least, pixels));
}

/** The pixels with alpha ≥ `least` written into `into` (when given) in page order; returns how many. */
function listWithAlpha(inkAlpha: Uint8Array, least: 1 | 128, into: Int32Array | null): number {
  let count = 0;
  let start = 0;
  if (inkAlpha.byteOffset % 4 === 0) {
    // Signed words: V8 keeps them small integers (a Uint32Array's values above 2^31 are not).
    const words = new Int32Array(inkAlpha.buffer, inkAlpha.byteOffset, inkAlpha.length >>> 2);
    const bits = least === 1 ? -1 : 0x80808080 | 0;
    for (let w = 0; w < words.length; w++) {
      if ((words[w] & bits) === 0) continue;
      // Which of the four holds ink is read from the bytes: no assumption on the host's byte order.
      for (let p = w << 2, end = p + 4; p < end; p++) {
        if (inkAlpha[p] < least) continue;
        if (into) into[count] = p;
        count++;
      }
    }
    start = words.length << 2;
  }
  for (let p = start; p < inkAlpha.length; p++) {
    if (inkAlpha[p] < least) continue;
    if (into) into[count] = p;
    count++;
  }
  return count;
}
