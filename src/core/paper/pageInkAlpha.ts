import { giveBack } from '../shared/bufferPool';
import { computeInkAlpha, type AlphaThresholds } from './inkAlpha';
import { alphaFromInkDecision } from './inkSeparation/separatedAlpha';
import type { Engine, RgbaImage } from '../shared/types';

/**
 * The full-resolution ink alpha of a flattened page: the learned ink/paper decision when the engine
 * has one, else colour-to-alpha's thresholds. One function for the pipeline and for the ink-class
 * model's training pairs (models/prepare.ts), so the class model learns on the alpha it will be given.
 * `photo`: the page is a sheet found in a photo (the learned decision thins the camera's blur);
 * `thinnedRims`, on such a blurred photo: 1 where a stroke's rim was thinned away (paper, though dark).
 */
export async function pageInkAlpha(
  flattened: RgbaImage,
  thresholds: AlphaThresholds,
  separateInk: Engine['separateInk'],
  photo = false,
): Promise<{ alpha: Uint8Array; separated: boolean; thinnedRims?: Uint8Array }> {
  if (!separateInk) return { alpha: computeInkAlpha(flattened, thresholds), separated: false };
  const separation = await separateInk(flattened, photo);
  const alpha = alphaFromInkDecision(separation);
  giveBack(separation.ink, separation.features.deficit, separation.features.lumaDeficit);
  return separation.thinnedRims ? { alpha, separated: true, thinnedRims: separation.thinnedRims } : { alpha, separated: true };
}
