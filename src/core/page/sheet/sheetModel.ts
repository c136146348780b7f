import { giveBack, pooledFloat32 } from '../../shared/bufferPool';
import type { CoverMap, ModelRun, Point, RgbaImage, SheetFinding, SheetOutline } from '../../shared/types';
import { polygonMask } from '../../shared/polygon';
import { clockwiseFromTopLeft, findSheet } from './findSheet';
import { refineSheetCorners } from './cornerRefinement';
import { areaAverageRgb } from './lowResolution';
import { quadFromProbability } from './quadFromProbability';

/**
 * The learned sheet finder (models/sheet.onnx, trained by models/sheet/train.py): the photo's mean
 * colour on a 256 × 256 grid (the frame stretched to a square) in; per 2 × 2 cells out, the logit that
 * the sheet lies there and (since sheet-v3) the logit that something lies on it. The quadrilateral
 * that explains the first map best is the sheet; the second is what covers the page.
 */
export const SHEET_MODEL_NAME = 'sheet-v3';
export const SHEET_INPUT_SIZE = 256;

/** Below this agreement of four straight sides with the map, the map shows no sheet we can outline. */
const MIN_AGREEMENT = 0.85;
/** An outline the map calls sheet on this share of it, on average, lies on the sheet. */
const ON_SHEET = 0.95;
/** The learned outline replaces a classical one on the sheet only when it is this much larger. */
const LARGER = 1.3;
/**
 * A sheet is outlined by at least two of its own edges: one straight line across the frame is as
 * likely a shadow's or a fold's edge on a page that fills it.
 */
const MIN_EDGE_SIDES = 2;
/** A sheet that leaves less of the frame than this off it fills the frame: nothing to cut away (flat scans, crops). */
const MIN_OFF_SHEET = 0.02;
/** …and one that covers less than this is no document's sheet. */
const MIN_SHEET = 0.05;

/** The model's input: float32 [1, 3, 256, 256], the grid's mean R, G, B rounded to integers, / 255. */
export function sheetModelInput(image: RgbaImage): Float32Array {
  const size = SHEET_INPUT_SIZE;
  const rgb = areaAverageRgb(image, size, size);
  const input = pooledFloat32(3 * size * size);
  for (let p = 0; p < size * size; p++) for (let c = 0; c < 3; c++) input[c * size * size + p] = Math.round(rgb[p * 3 + c]) / 255;
  giveBack(rgb);
  return input;
}

/**
 * Both finders look, and the model's map judges. The classical outline (the image's own straight
 * colour steps, exact to the pixel) is kept where the map calls it sheet throughout, unless the learned
 * outline is much larger (the classical one then followed a table or a text block inside the sheet).
 * A classical outline over what the map calls desk, or none, gives way to the learned one. Either way
 * its corners are then placed again on the sheet's own edges at a finer scale (cornerRefinement.ts).
 */
export async function findSheetWithModel(run: ModelRun, image: RgbaImage): Promise<SheetFinding> {
  if (image.width < 16 || image.height < 16) return { sheet: null, cover: null };
  const input = sheetModelInput(image);
  const output = await run(input, [1, 3, SHEET_INPUT_SIZE, SHEET_INPUT_SIZE]);
  giveBack(input);
  const height = output.dims[2];
  const width = output.dims[3];
  const found = outlineSheet(probabilityPlane(output.data, width * height, 0), width, height, image);
  const sheet = found && refineSheetCorners(image, found);
  // Only a photo of a sheet has things lying on it. On a flat scan or a tight crop the cover answer
  // is not asked: there it would take thick dark writing (a Fraktur heading, brush-written names) for
  // a pen lying on the page.
  const cover: CoverMap | null = sheet && output.dims[1] >= 2 ? { width, height, probability: probabilityPlane(output.data, width * height, 1) } : null;
  return { sheet, cover };
}

function probabilityPlane(logits: ArrayLike<number>, size: number, channel: number): Float32Array {
  const probability = new Float32Array(size);
  for (let i = 0; i < size; i++) probability[i] = 1 / (1 + Math.exp(-Number(logits[channel * size + i])));
  return probability;
}

function outlineSheet(probability: Float32Array, width: number, height: number, image: RgbaImage): SheetOutline | null {
  // The map sees (almost) no desk: a flat scan or a tight crop. The classical finder is not asked, as
  // within such a frame it can only outline a table or a text block (and it is a third of the time
  // of this stage on a flat 4-MP page).
  if (sheetShare(probability) > 1 - MIN_OFF_SHEET) return null;
  const learned = sheetFromProbability(probability, width, height, image.width, image.height);
  const classical = findSheet(image);
  if (!classical) return learned;
  const inCells = (sheet: SheetOutline) => sheet.corners.map((p) => ({ x: (p.x * width) / image.width, y: (p.y * height) / image.height }));
  const onClassical = sheetShareInside(inCells(classical), probability, width, height);
  if (onClassical.share < ON_SHEET) return learned ?? classical;
  if (!learned) return classical;
  const onLearned = sheetShareInside(inCells(learned), probability, width, height);
  // The classical finder outlined a part of the sheet (a table, a text block's edge).
  return onLearned.share >= ON_SHEET && onLearned.cells > LARGER * onClassical.cells ? learned : classical;
}

/** The map's mean probability of sheet inside an outline (in the map's cells), and the cells it covers. */
function sheetShareInside(outline: Point[], probability: Float32Array, width: number, height: number): { share: number; cells: number } {
  const inside = polygonMask(outline, width, height, 1);
  let sum = 0;
  let cells = 0;
  for (let i = 0; i < inside.length; i++) {
    if (!inside[i]) continue;
    sum += probability[i];
    cells++;
  }
  return { share: cells ? sum / cells : 0, cells };
}

/** The share of the map's cells more likely sheet than not. */
function sheetShare(probability: Float32Array): number {
  let sheetCells = 0;
  for (const p of probability) if (p >= 0.5) sheetCells++;
  return sheetCells / probability.length;
}

/** The sheet outline in the image's pixels from the model's probability map, or null when it shows none to cut away. */
export function sheetFromProbability(probability: Float32Array, width: number, height: number, imageWidth: number, imageHeight: number): SheetOutline | null {
  const share = sheetShare(probability);
  if (share < MIN_SHEET || share > 1 - MIN_OFF_SHEET) return null;
  const quad = quadFromProbability(probability, width, height);
  if (!quad || quad.agreement < MIN_AGREEMENT || quad.offSheetShare < MIN_OFF_SHEET || quad.edgeSides < MIN_EDGE_SIDES) return null;
  const corners: Point[] = quad.corners.map((p) => ({ x: (p.x * imageWidth) / width, y: (p.y * imageHeight) / height }));
  return { corners: clockwiseFromTopLeft(corners) };
}
