import { encodeLosslessWebp } from '../../../shared/webp/losslessWebp';
import { suitsLosslessWebp } from '../../../shared/webp/sparseInk';
import { encodeLossyColourWebp } from './lossyColourWebp';

const LOSSY_COLOUR = { quality: 93, effort: 2 } as const;

/** The stored WebP of a result: alpha exact either way; lossless colour for sparse ink, libwebp's lossy colour otherwise (sparseInk.ts says why). */
export async function encodeStoredWebp(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  return suitsLosslessWebp(rgba) ? encodeLosslessWebp(rgba, width, height) : encodeLossyColourWebp(rgba, width, height, LOSSY_COLOUR);
}
