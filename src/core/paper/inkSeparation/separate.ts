import { giveBack, pooledUint8 } from '../../shared/bufferPool';
import type { InkFeatures, InkSeparation, ModelRun, RgbaImage } from '../../shared/types';
import { inkFeatures, separationInput } from './features';
import { SEPARATION_CHANNELS, separationGeometry } from './geometry';
import { decideInk, decisionValues } from './inkDecision';
import { applyEdgeStep, edgeCandidates, type EdgeCandidates } from './edgeStep';
import { captureBlur, strokeThinning } from './blurredStrokes';
import { clearStrayInk } from './strayInk';

export type { InkSeparation };

export const SEPARATION_MODEL_NAME = 'inksep-v2';

/**
 * Features → model input at model scale → one run → the decision at full resolution. On a photo of a
 * sheet (`photo`) whose strokes the camera blurred, the decision also thins them back (blurredStrokes.ts),
 * and the alpha then reads their rims (blurredRims.ts). On a flat page, `edgeRun` (the edge network,
 * edgeStep.ts), when given, decides again the pixels at the decision's line it is least sure of, and
 * the stray-ink step (strayInk.ts, learned on what the edge step leaves) then clears whole pieces that
 * are no ink: stains, bleed-through, specks.
 */
export async function separateInkWithModel(run: ModelRun, flattened: RgbaImage, photo = false, edgeRun?: ModelRun): Promise<InkSeparation> {
  return separateFeatures(run, inkFeatures(flattened), { photo, edgeRun });
}

export interface SeparationSteps {
  /** A photo of a sheet: its blurred strokes are thinned, and the flat page's steps do not run. */
  photo?: boolean;
  /** The edge network (edgeStep.ts); without it neither the edge step nor the stray-ink step runs. */
  edgeRun?: ModelRun;
  /** Sees the edge step's candidates (its training pairs). */
  readEdge?: (candidates: EdgeCandidates) => void;
  /** Whether the stray-ink step runs after the edge step (default true; its training pairs are read without it). */
  clearStray?: boolean;
}

/** separateInkWithModel on the page's features (the training pairs of the flat page's steps are read from them). */
export async function separateFeatures(run: ModelRun, features: InkFeatures, steps: SeparationSteps = {}): Promise<InkSeparation> {
  const { photo = false, edgeRun, readEdge, clearStray = true } = steps;
  const geometry = separationGeometry(features.width, features.height);
  const { input, strength } = separationInput(features, geometry);
  const output = await run(input, [1, SEPARATION_CHANNELS, geometry.inputHeight, geometry.inputWidth]);
  giveBack(input);
  const blur = photo ? captureBlur(features, Math.max(MIN_EDGE_CONTRAST, EDGE_CONTRAST_SHARE * 255 * strength)) : 0;
  const thinning = photo ? strokeThinning(blur) : undefined;
  const thinnedRims = thinning ? pooledUint8(features.width * features.height).fill(0) : undefined;
  const ink = decideInk(features, geometry, output.data, output.dims, strength, thinning, thinnedRims);
  if (!photo && (edgeRun || readEdge)) {
    const candidates = edgeCandidates(features, ink, decisionValues(features.width, features.height, geometry, output.data, output.dims, strength));
    readEdge?.(candidates);
    if (edgeRun) {
      const edgeKept = await applyEdgeStep(edgeRun, candidates, ink);
      const cleared = clearStray ? clearStrayInk(features, ink) : 0;
      return { features, ink, edgeKept: cleared > 0 ? edgeKept.filter((p) => ink[p] === 1) : edgeKept };
    }
  }
  return thinnedRims ? { features, ink, thinnedRims, blur } : { features, ink };
}

/** Edges that tell the blur: at least half the page's ink strength across, and never under this deficit. */
const EDGE_CONTRAST_SHARE = 0.5;
const MIN_EDGE_CONTRAST = 40;
