import { computeInkAlpha, type AlphaThresholds } from './inkAlpha';
import { alphaFromInkDecision } from './inkSeparation/separatedAlpha';
import type { Engine, RgbaImage } from './types';

/**
 * The full-resolution ink alpha of a flattened page: the learned ink/paper decision when the engine
 * has one, else colour-to-alpha's thresholds. One function for the pipeline and for the ink-class
 * model's training pairs (models/prepare.ts), so the class model learns on the alpha it will be given.
 */
export async function pageInkAlpha(
  flattened: RgbaImage,
  thresholds: AlphaThresholds,
  separateInk: Engine['separateInk'],
): Promise<{ alpha: Uint8Array; separated: boolean }> {
  if (!separateInk) return { alpha: computeInkAlpha(flattened, thresholds), separated: false };
  return { alpha: alphaFromInkDecision(await separateInk(flattened)), separated: true };
}
