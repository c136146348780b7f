import { giveBack } from '../../shared/bufferPool';
import type { ClassMap, Engine, EngineInput, ModelRun, RgbaImage } from '../../shared/types';
import { SEPARATION_MODEL_NAME, separateInkWithModel } from '../../paper/inkSeparation/separate';
import { EDGE_MODEL_NAME } from '../../paper/inkSeparation/edgeStep';
import { STRAY_NET_NAME } from '../../paper/inkSeparation/strayNet';
import { findSheetWithModel, SHEET_MODEL_NAME } from '../../page/sheet/sheetModel';
import { MODEL_CHANNELS, MODEL_LONG_SIDE, modelGeometry, outputStrideOf, withOutputStride } from './geometry';
import { strokeNormalisedLongSide } from './strokeScale';
import { printFilledEmblems } from './filledEmblems';
import { inkedCellConfidence, toClassMap, toModelInput } from './tensor';

export type { ModelRun } from '../../shared/types';

export interface ModelEngineOptions {
  /** Engine name reported in results, e.g. "model:inkseg-v17 (onnxruntime-node)". */
  name?: string;
  /** The long side the model was trained at; change only with the model. */
  longSide?: number;
  /** The ink-separation model's run (models/inksep.onnx): with it the engine also decides what is ink. */
  separationRun?: ModelRun;
  /** The edge network's run (models/inkedge.onnx): with the ink-separation model, it decides again a flat page's least sure edge pixels. */
  edgeRun?: ModelRun;
  /** The sheet model's run (models/sheet.onnx): with it the engine also finds the sheet in a photo. */
  sheetRun?: ModelRun;
}

export const MODEL_NAME = 'inkseg-v17';
/** The output stride whose cells the class refinement's neighbourhoods were tuned at (ClassMap.cellScale 1). */
const UNIT_CELL_STRIDE = 4;

export interface Reading {
  map: ClassMap;
  /** inkedCellConfidence of the reading, computed only when asked (a page read once never needs it). */
  confidence(): number;
  /** Gives the reading's input tensor back for reuse; confidence() is not asked after. */
  release(): void;
}

/** The model's reading of the page with its long side at `pageLongSide`: tensor → run → argmax class map at the stride the model answers in. */
export async function readAtScale(run: ModelRun, input: EngineInput, pageLongSide: number): Promise<Reading> {
  const { width, height } = input.flattened;
  const geometry = modelGeometry(width, height, pageLongSide);
  const tensor = toModelInput(input, geometry);
  const output = await run(tensor, [1, MODEL_CHANNELS, geometry.inputHeight, geometry.inputWidth]);
  const answered = withOutputStride(geometry, outputStrideOf(output.dims, geometry));
  const map = toClassMap(output.data, output.dims, answered, tensor);
  printFilledEmblems(map, tensor, answered);
  return {
    map: { ...map, cellScale: UNIT_CELL_STRIDE / answered.outputStride, handwritingRecognised: true },
    confidence: () => inkedCellConfidence(output.data, output.dims, answered, tensor),
    release: () => giveBack(tensor),
  };
}

/**
 * Classifies one page with the model, scale-normalised: by the page's size, or by its strokes for a
 * close-up. The stroke measure cannot tell a close-up of one signature from a whole page whose strokes
 * look thick (a photo's capture blur merging small type, a broad pen on an old page), and each read at
 * the other's scale loses its handwriting. So a page the stroke measure would shrink is read at both
 * scales, and the reading the model is surer of is kept.
 */
export async function classifyWithModel(run: ModelRun, input: EngineInput, longSide = MODEL_LONG_SIDE): Promise<ClassMap> {
  const { width, height } = input.flattened;
  const strokeSide = strokeNormalisedLongSide(input.inkAlpha, width, height, longSide);
  const byStrokes = await readAtScale(run, input, strokeSide);
  if (strokeSide === longSide) {
    byStrokes.release();
    return byStrokes.map;
  }
  const wholePage = await readAtScale(run, input, longSide);
  const kept = wholePage.confidence() > byStrokes.confidence() ? wholePage : byStrokes;
  byStrokes.release();
  wholePage.release();
  return kept.map;
}

/**
 * The learned ink-class engine, independent of the runtime: onnxruntime-node (server) and
 * onnxruntime-web (worker) only supply `run`.
 */
export function createModelEngine(run: ModelRun, options: ModelEngineOptions = {}): Engine {
  const longSide = options.longSide ?? MODEL_LONG_SIDE;
  const { separationRun, sheetRun } = options;
  const edgeRun = separationRun && options.edgeRun;
  const parts = [MODEL_NAME, ...(separationRun ? [SEPARATION_MODEL_NAME] : []), ...(edgeRun ? [EDGE_MODEL_NAME, STRAY_NET_NAME] : []), ...(sheetRun ? [SHEET_MODEL_NAME] : [])];
  return {
    name: options.name ?? `model:${parts.join('+')}`,
    classify: (input) => classifyWithModel(run, input, longSide),
    ...(separationRun ? { separateInk: (flattened: RgbaImage, photo?: boolean) => separateInkWithModel(separationRun, flattened, photo, edgeRun) } : {}),
    ...(sheetRun ? { findSheet: (image: RgbaImage) => findSheetWithModel(sheetRun, image) } : {}),
  };
}
