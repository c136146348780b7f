// The stages, in the order data flows (each folder's README says what goes in and comes out).
// shared: what every stage uses
import { giveBack } from './shared/bufferPool';
import type { CleanOptions, CleanResult, Engine, RgbaImage } from './shared/types';
// page: what the picture is — laid on white, the sheet in a photo, how the page lies
import { onWhitePaper } from './page/onWhitePaper';
import { straightenSheet } from './page/sheet';
import { uprightTurns } from './page/orientation/pageOrientation';
import { classifyTilted, tiltedSize, tiltPlane, turnedTilt } from './page/orientation/pageTilt';
import { readingTilt } from './page/orientation/readingTilt';
import { turnImage, turnPlane } from './page/orientation/quarterTurn';
// paper: paper or ink — the flattened page and its ink alpha
import { flattenSheet } from './paper/flattenSheet';
import { estimateAlphaThresholds } from './paper/inkAlpha';
import { pageInkAlpha } from './paper/pageInkAlpha';
// classes: which ink — an engine's class map, refined to full resolution
import { classicalEngine } from './classes/classical/classicalEngine';
import { refineClassMap } from './classes/refine/classRefine';
import { continueFormLines } from './classes/refine/lineContinuation';
import { printGlyphsInRows } from './classes/refine/printRowGlyphs';
// compose: what is kept — ink strengths, crossings, composition, found ink, crop, colour
import { evenOutStampInk } from './compose/stampInkStrength';
import { measurePenInk } from './compose/penInkAlpha';
import { bridgeCrossings } from './compose/crossingBridge';
import { COMPOSITION, composeInk, compositionKey, keptClasses } from './compose/composition';
import { measureFoundInk } from './compose/foundInk';
import { contentBox, cropImage } from './compose/crop';
import { inkRgb, recolourInk } from './compose/recolourInk';

/**
 * The cleaning pipeline: a see-through picture laid over white paper → the sheet in a photo (off it nothing is ink) → paper field of the sheet → flattened page → full-resolution ink alpha (the learned ink/paper
 * decision when the engine has one, a blurred photo's strokes thinned to their sharp width; else colour-to-alpha's thresholds) → a sideways page
 * turned upright for the analysis → ink classes
 * (by the engine, read on a photo's sheet alone, straight and filling the frame, classical by default, at the engine's resolution) → class map refined to full
 * resolution by ink colour → form lines continued under the ink that crosses them → stamp ink
 * evened out against the stamp's strength, pen ink measured against its stroke's core → kept strokes
 * continued under the print and lines they cross, when those are dropped → composition per options
 * → what it holds of what was asked (items, kept ink's share) → turned back → optionally straightened
 * to the sheet's rectangle → optional crop → the kept ink recoloured when asked (alpha untouched).
 */
export async function cleanImage(input: RgbaImage, options: CleanOptions, engine: Engine = classicalEngine): Promise<CleanResult> {
  const timings: Record<string, number> = {};
  const started = performance.now();
  let mark = started;
  const lap = (stage: string): void => {
    const now = performance.now();
    timings[stage] = now - mark;
    mark = now;
  };
  const image = onWhitePaper(input);
  const { sheet, flattened } = engine.findSheet ? flattenSheet(image, lap, await engine.findSheet(image)) : flattenSheet(image, lap);
  const thresholds = estimateAlphaThresholds(flattened);
  const { alpha: alphaAsGiven, separated, thinnedRims: rimsAsGiven } = await pageInkAlpha(flattened, thresholds, engine.separateInk?.bind(engine), sheet !== null);
  lap('alpha');
  // A photo's sheet is read alone, turned straight and filling the frame (pageTilt.ts), and a page whose
  // rows of type lie askew without a sheet edge to say so is read straight (readingTilt.ts); a sideways
  // page is analysed upright (rows of type as rows) and its result turned back.
  const { tilt, grid } = readingTilt(sheet, alphaAsGiven, image.width, image.height);
  const straightAlpha = tilt ? tiltPlane(alphaAsGiven, image.width, image.height, tilt) : alphaAsGiven;
  const straightSize = tilt ? tiltedSize(tilt, image.width, image.height) : image;
  const turns = uprightTurns(straightAlpha, straightSize.width, straightSize.height, tilt ? undefined : (grid ?? undefined));
  const page = turns === 0 ? flattened : turnImage(flattened, turns);
  const inkAlpha = turns === 0 ? alphaAsGiven : turnPlane(alphaAsGiven, image.width, image.height, turns);
  lap('orientation');
  // The straight alpha the orientation read is the classes' too, unless the page was turned after.
  const coarseMap = tilt ? await classifyTilted(engine, page, inkAlpha, turnedTilt(tilt, turns), turns === 0 ? straightAlpha : undefined) : await engine.classify({ flattened: page, inkAlpha });
  if (straightAlpha !== alphaAsGiven) giveBack(straightAlpha);
  lap('classify');
  const classMap = refineClassMap(coarseMap, page, inkAlpha);
  lap('refine');
  continueFormLines(classMap, page, inkAlpha);
  printGlyphsInRows(classMap, inkAlpha);
  lap('lines');
  // A blurred photo's stroke rims the decision thinned away stay paper: evening out must not widen its stamps again.
  const thinnedRims = rimsAsGiven && turns !== 0 ? turnPlane(rimsAsGiven, image.width, image.height, turns) : rimsAsGiven;
  evenOutStampInk(classMap, page, inkAlpha, thresholds, thinnedRims);
  giveBack(rimsAsGiven, thinnedRims === rimsAsGiven ? undefined : thinnedRims);
  // The learned decision already measured the pen's strokes; the colour-to-alpha ramp would undo it.
  if (!separated) measurePenInk(classMap, page, inkAlpha, thresholds);
  lap('inkStrength');
  const rule = COMPOSITION[compositionKey(options)];
  if (!rule.keepTouching) bridgeCrossings(classMap, page, inkAlpha, keptClasses(rule));
  lap('crossings');
  let result = composeInk(page, inkAlpha, classMap, rule);
  lap('compose');
  // Counted upright against the ink alpha as the stages above left it (the result never exceeds it), before any crop.
  const found = measureFoundInk(result, inkAlpha, options);
  lap('found');
  // The planes above are dead once the result is composed (into the upright page's own pixels):
  // given back for the next document.
  giveBack(alphaAsGiven);
  if (classMap !== coarseMap) giveBack(classMap.classes);
  if (page !== flattened) giveBack(flattened.data);
  if (inkAlpha !== alphaAsGiven) giveBack(inkAlpha);
  if (turns !== 0) {
    result = replaced(result, turnImage(result, 4 - turns));
    lap('turnBack');
  }
  const flattenedToSheet = options.flatten === true && sheet !== null;
  if (flattenedToSheet) {
    result = replaced(result, straightenSheet(result, sheet));
    lap('straighten');
  }
  let crop: CleanResult['crop'];
  if (options.crop) {
    const box = contentBox(result);
    if (box) {
      result = replaced(result, cropImage(result, box));
      crop = box;
    }
    lap('crop');
  }
  // Last, so straightening's resampling never blends the chosen colour with transparent pixels' RGB:
  // every visible pixel of the result is exactly that colour. `original` leaves the composed bytes alone.
  const inkColour = inkRgb(options.ink);
  if (inkColour) {
    recolourInk(result, inkColour);
    lap('ink');
  }
  timings.total = performance.now() - started;
  return { image: result, found, engine: engine.name, sheet, flattened: flattenedToSheet, crop, timings };
}

/** `next`, the stage's new result; `previous`'s pixels, no longer referred to, are given back. */
function replaced(previous: RgbaImage, next: RgbaImage): RgbaImage {
  if (next.data.buffer !== previous.data.buffer) giveBack(previous.data);
  return next;
}
