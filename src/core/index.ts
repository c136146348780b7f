export * from './types';
export { cleanImage } from './pipeline';
export { classicalEngine, classifyInk, createClassicalEngine } from './classicalEngine';
export { COMPOSITION, compositionKey, type CompositionKey, type CompositionRule, type InkClassName } from './composition';
export { estimatePaperField, flattenAgainstPaper, type PaperField } from './paperField';
export { pageInkAlpha } from './pageInkAlpha';
export { computeInkAlpha, estimateAlphaThresholds, alphaForDeficit, type AlphaThresholds } from './inkAlpha';
export { measureFoundInk, MIN_ITEM_EXTENT } from './foundInk';
export { DOCUMENT_BLUE, NAMED_INK_COLOURS, inkRgb, parseHexColour, recolourInk } from './recolourInk';
