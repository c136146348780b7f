import type { CleanOptions, CleanResult, Engine, RgbaImage } from './types';

/**
 * Placeholder pipeline: paper → transparent by a luminance threshold, ink colour kept.
 * The full pipeline (paper field, colour-to-alpha, ink classes, composition) replaces the body.
 */
export async function cleanImage(image: RgbaImage, _options: CleanOptions, _engine?: Engine): Promise<CleanResult> {
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const lum = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    const alpha = lum >= 200 ? 0 : Math.min(255, Math.round(((200 - lum) / 120) * 255));
    out[i] = data[i];
    out[i + 1] = data[i + 1];
    out[i + 2] = data[i + 2];
    out[i + 3] = Math.min(alpha, data[i + 3]);
  }
  return { image: { width, height, data: out }, engine: 'threshold' };
}
