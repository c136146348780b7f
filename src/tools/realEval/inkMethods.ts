/**
 * What the real evaluation scores on each page: the pipeline through an engine, and the two
 * classical baselines, each as a function from the page to an ink map (1 = ink).
 */
import { cleanImage, type CleanOptions, type Engine, type RgbaImage } from '../../core';
import { otsuInk, SAUVOLA_DEFAULTS, sauvolaInk } from './baselines';
import { greyLevels } from './greyLevels';

/** 1 = ink per pixel; `sheetFound`: the pipeline took the page for a photo of a sheet (a flat scan should not be). */
export interface InkMap {
  ink: Uint8Array;
  sheetFound: boolean;
}

export interface InkMethod {
  label: string;
  inkMap(image: RgbaImage): Promise<InkMap>;
}

/** All ink kept: the pipeline's paper removal alone. */
export const PAPER_REMOVAL_OPTIONS: CleanOptions = { mode: 'basic', extract: '', aggressive: false, crop: false };

/** Ink = output alpha ≥ 128 of cleanImage in basic mode. */
export function pipelineMethod(label: string, engine: Engine): InkMethod {
  return {
    label,
    async inkMap(image) {
      const result = await cleanImage(image, PAPER_REMOVAL_OPTIONS, engine);
      const { width, height, data } = result.image;
      if (width !== image.width || height !== image.height) throw new Error(`${label}: output ${width}×${height} for a ${image.width}×${image.height} page`);
      const ink = new Uint8Array(width * height);
      for (let p = 0; p < ink.length; p++) ink[p] = data[p * 4 + 3] >= 128 ? 1 : 0;
      return { ink, sheetFound: result.sheet !== null };
    },
  };
}

export const OTSU: InkMethod = { label: 'Otsu', inkMap: async (image) => ({ ink: otsuInk(greyLevels(image)), sheetFound: false }) };

export const SAUVOLA: InkMethod = {
  label: 'Sauvola',
  inkMap: async (image) => ({ ink: sauvolaInk(greyLevels(image), image.width, image.height, SAUVOLA_DEFAULTS), sheetFound: false }),
};

export const BASELINES: readonly InkMethod[] = [OTSU, SAUVOLA];
