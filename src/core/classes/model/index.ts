export { INPUT_MULTIPLE, MODEL_CHANNELS, MODEL_LONG_SIDE, OUTPUT_STRIDE, SCALED_MULTIPLE, modelGeometry, outputStrideOf, withOutputStride, type ModelGeometry } from './geometry';
export { sourceSpans } from '../../shared/sourceSpans';
export { inkedCells, toClassMap, toModelInput } from './tensor';
export { MODEL_NAME, classifyWithModel, createModelEngine, type ModelEngineOptions, type ModelRun } from './engine';
