export { INPUT_MULTIPLE, MODEL_CHANNELS, MODEL_LONG_SIDE, OUTPUT_STRIDE, SCALED_MULTIPLE, modelGeometry, outputStrideOf, sourceSpans, withOutputStride, type ModelGeometry } from './geometry';
export { inkedCells, toClassMap, toModelInput } from './tensor';
export { MODEL_NAME, classifyWithModel, createModelEngine, type ModelEngineOptions, type ModelRun } from './engine';
