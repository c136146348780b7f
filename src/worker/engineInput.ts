/**
 * What an ink engine sees for a raster: the pipeline's own preparation (src/core's paper field →
 * flattened page → full-resolution ink alpha, exactly as cleanImage runs them before classify).
 * Used by the backend comparisons (WebGPU vs WASM in the worker, onnxruntime-web vs -node in e2e),
 * so they compare the class maps of the input the model really gets. Pure: runs in a worker and in Node.
 */
import { computeInkAlpha, estimateAlphaThresholds, estimatePaperField, flattenAgainstPaper, type EngineInput, type RgbaImage } from '../core';

export function engineInputOf(image: RgbaImage): EngineInput {
  const flattened = flattenAgainstPaper(image, estimatePaperField(image));
  const inkAlpha = computeInkAlpha(flattened, estimateAlphaThresholds(flattened));
  return { flattened, inkAlpha };
}
