import { describe, expect, it } from 'vitest';
import { classifyInk } from './classicalEngine';
import { computeInkAlpha, estimateAlphaThresholds } from '../../paper/inkAlpha';
import { estimatePaperField, flattenAgainstPaper } from '../../paper/paperField';
import { BLACK, PageCanvas, type Rgb } from '../../testing/syntheticPage';
import { InkClass } from '../../shared/types';

const SEAL_BLUE: Rgb = [80, 105, 215];
const NAVY_PEN: Rgb = [25, 35, 120];
const PALE_SEAL_BLUE: Rgb = [125, 145, 225];

/** Rows of box-like glyphs of 2-px strokes, like small printed letters. */
function typeRows(canvas: PageCanvas, left: number, top: number, rows: number, glyphs: number, pitch: number, rowPitch: number): void {
  for (let row = 0; row < rows; row++) {
    for (let g = 0; g < glyphs; g++) {
      const [x, y] = [left + g * pitch + (g % 6 === 5 ? 4 : 0), top + row * rowPitch];
      canvas.rect(x, y, 2, 12, BLACK, InkClass.printed);
      canvas.rect(x + 2, y, 5, 2, BLACK, InkClass.printed);
      canvas.rect(x + 2, y + 10, 5, 2, BLACK, InkClass.printed);
    }
  }
}

/** The page and the classical engine's class map of it. */
function classified(canvas: PageCanvas) {
  const page = canvas.page();
  const flattened = flattenAgainstPaper(page.image, estimatePaperField(page.image));
  const inkAlpha = computeInkAlpha(flattened, estimateAlphaThresholds(flattened));
  return { page, map: classifyInk({ flattened, inkAlpha }) };
}

/** Per InkClass id, how many of the selected page pixels the map gives that class. */
function mapClassCounts({ page, map }: ReturnType<typeof classified>, selected: (x: number, y: number, k: number) => boolean): Int32Array {
  const sx = map.width / page.image.width;
  const sy = map.height / page.image.height;
  const counts = new Int32Array(6);
  for (let y = 0; y < page.image.height; y++) {
    for (let x = 0; x < page.image.width; x++) {
      if (selected(x, y, y * page.image.width + x)) counts[map.classes[Math.floor(y * sy) * map.width + Math.floor(x * sx)]]++;
    }
  }
  return counts;
}

const total = (counts: Int32Array) => counts.reduce((a, b) => a + b, 0);

/** Per InkClass id, the map's classes of the page's solid truth ink of class `cls` (truth alpha ≥ 200), where `at` holds. */
function solidInkCounts(result: ReturnType<typeof classified>, cls: number, at: (x: number, y: number) => boolean = () => true): Int32Array {
  const { truthClass, truthAlpha } = result.page;
  return mapClassCounts(result, (x, y, k) => truthClass[k] === cls && truthAlpha[k] >= 200 && at(x, y));
}

/** Class counts of the pen-like truth ink near the top of the page (y < 100) and near its bottom (y > 400). */
function penInkAboveAndBelow(result: ReturnType<typeof classified>) {
  const { truthClass, truthAlpha } = result.page;
  const penInk = (k: number) => truthClass[k] === InkClass.handwriting && truthAlpha[k] >= 200;
  return { above: mapClassCounts(result, (_x, y, k) => y < 100 && penInk(k)), below: mapClassCounts(result, (_x, y, k) => y > 400 && penInk(k)) };
}

/**
 * A pale blue seal (two rings, a ring of small letters) and a navy signature: `beside` a long stroke
 * and small letters running from the seal far out to the left, `inside` a stroke written within the
 * inner ring, leaving the seal nowhere.
 */
function sealWithPen(where: 'beside' | 'inside') {
  // The seal within the stamp-sized range of radii for the page's size.
  const g = where === 'beside' ? { width: 640, height: 400, rows: 4, cx: 440, cy: 250, outer: 110, inner: 70, letters: 90 } : { width: 1000, height: 700, rows: 6, cx: 700, cy: 400, outer: 90, inner: 58, letters: 74 };
  const canvas = new PageCanvas(g.width, g.height, () => [246, 244, 238]);
  // Rows of black type, so the page's neutral ink is black and the blue inks count as coloured.
  for (let row = 0; row < g.rows; row++) {
    for (let i = 0; i < (g.width - 64) / 12; i++) canvas.rect(24 + i * 12 + (i % 6 === 5 ? 4 : 0), 24 + row * 22, 7, 11, BLACK, InkClass.printed);
  }
  const { cx, cy } = g;
  const seal = where === 'inside' ? PALE_SEAL_BLUE : SEAL_BLUE;
  canvas.ring(cx, cy, g.outer, 4, seal, InkClass.stamp);
  canvas.ring(cx, cy, g.inner, 3, seal, InkClass.stamp);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    canvas.rect(cx + g.letters * Math.cos(a) - 3, cy + g.letters * Math.sin(a) - 5, 6, 10, seal, InkClass.stamp);
  }
  const pen: Array<[number, number]> = [];
  if (where === 'inside') {
    // A name in loops, back and forth across the inner disc.
    for (let t = 0; t <= 360; t += 2) pen.push([cx - 45 + (90 * t) / 360 + 6 * Math.cos(t / 6), cy - 8 + 10 * Math.sin(t / 6) + 12 * Math.sin(t / 50)]);
    canvas.stroke(pen, 3, NAVY_PEN, InkClass.handwriting);
  } else {
    for (let x = 60; x <= cx - 100; x += 3) pen.push([x, cy - 10 + 18 * Math.sin(x / 13)]);
    canvas.stroke(pen, 3, NAVY_PEN, InkClass.handwriting);
    canvas.flushStroke();
    // The signature's separate small letters (as in a written name) stretch the seal's letter extent out over the pen.
    for (let x = 70; x < cx - 130; x += 30) canvas.ring(x, cy - 45, 5, 2.5, NAVY_PEN, InkClass.handwriting);
  }
  return { ...classified(canvas), cx, cy };
}

const STAMP_GREY: Rgb = [130, 130, 135];

/** A grey scan: a rectangular stamp whose solid header bar (name knocked out in white) is as dark as the black signature crossing the stamp. */
function barStampWithPen() {
  const canvas = new PageCanvas(640, 400, () => [240, 240, 240]);
  typeRows(canvas, 24, 20, 6, 48, 12, 24);
  const [left, top, w, h] = [370, 210, 180, 100];
  canvas.rect(left, top, w, 3, STAMP_GREY, InkClass.stamp);
  canvas.rect(left, top + h - 3, w, 3, STAMP_GREY, InkClass.stamp);
  canvas.rect(left, top, 3, h, STAMP_GREY, InkClass.stamp);
  canvas.rect(left + w - 3, top, 3, h, STAMP_GREY, InkClass.stamp);
  const bar = { left: left + 8, top: top + 8, right: left + w - 8, bottom: top + 32 };
  for (let y = bar.top; y < bar.bottom; y++) {
    for (let x = bar.left; x < bar.right; x++) {
      const inLetter = y >= bar.top + 6 && y < bar.bottom - 6 && x >= bar.left + 14 && x < bar.right - 14 && (x - bar.left) % 12 < 3;
      if (!inLetter) canvas.paint(x, y, x + 1, y + 1, BLACK, InkClass.stamp, () => 1);
    }
  }
  for (let i = 0; i < 9; i++) {
    canvas.rect(left + 20 + i * 16, top + 70, 2, 12, STAMP_GREY, InkClass.stamp);
    canvas.rect(left + 22 + i * 16, top + 70, 6, 2, STAMP_GREY, InkClass.stamp);
  }
  const pen: Array<[number, number]> = [];
  for (let x = 80; x <= left + 110; x += 3) pen.push([x, top + 75 + 10 * Math.sin(x / 11)]);
  canvas.stroke(pen, 3, BLACK, InkClass.handwriting);
  return { ...classified(canvas), bar };
}

/**
 * A grey scan: a pale seal whose own grey stroke (a tail of its ink) runs out past its rim, and a
 * black signature written wholly inside the seal.
 */
function greySealWithPenInside() {
  const canvas = new PageCanvas(1000, 700, () => [240, 240, 240]);
  typeRows(canvas, 24, 24, 6, 76, 12, 22);
  const [cx, cy] = [600, 450];
  canvas.ring(cx, cy, 90, 4, STAMP_GREY, InkClass.stamp);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    canvas.rect(cx + 74 * Math.cos(a) - 3, cy + 74 * Math.sin(a) - 5, 6, 10, STAMP_GREY, InkClass.stamp);
  }
  const tail: Array<[number, number]> = [];
  for (let x = cx + 20; x <= cx + 180; x += 3) tail.push([x, cy + 30 + 8 * Math.sin(x / 9)]);
  canvas.stroke(tail, 3, STAMP_GREY, InkClass.stamp);
  canvas.flushStroke();
  canvas.flushStroke();
  const pen: Array<[number, number]> = [];
  for (let t = 0; t <= 360; t += 2) pen.push([cx - 45 + (90 * t) / 360 + 6 * Math.cos(t / 6), cy - 15 + 18 * Math.sin(t / 6)]);
  canvas.stroke(pen, 3, BLACK, InkClass.handwriting);
  return { ...classified(canvas), cx, cy };
}

/** A letterhead: a blue emblem (a solid ring, its name knocked out in white, around a solid letter) over rows of black type. */
function letterheadEmblem() {
  const canvas = new PageCanvas(640, 400, () => [246, 244, 238]);
  const [cx, cy, outer, inner] = [120, 110, 64, 36];
  for (let y = cy - outer - 2; y <= cy + outer + 2; y++) {
    for (let x = cx - outer - 2; x <= cx + outer + 2; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const angle = Math.atan2(y + 0.5 - cy, x + 0.5 - cx);
      const knockedOut = d > inner + 8 && d < outer - 12 && Math.floor(((angle + Math.PI) / (2 * Math.PI)) * 40) % 2 === 0;
      const inRing = d >= inner && d <= outer && !knockedOut;
      const inLetter = Math.abs(x - cx) < 12 && Math.abs(y - cy) < 18 && (x - cx < -4 || y - cy < -10);
      if (inRing || inLetter) canvas.paint(x, y, x + 1, y + 1, SEAL_BLUE, InkClass.printed, () => Math.min(1, Math.max(0, outer + 0.5 - d)));
    }
  }
  typeRows(canvas, 40, 200, 8, 40, 13, 22);
  return { ...classified(canvas), box: { left: cx - outer, top: cy - outer, right: cx + outer, bottom: cy + outer } };
}

/** A black pen-like scribble of loops, 140 px wide, starting at (x0, y0). */
function penScribble(canvas: PageCanvas, x0: number, y0: number): void {
  const points: Array<[number, number]> = [];
  for (let t = 0; t <= 360; t += 2) points.push([x0 + (140 * t) / 360 + 9 * Math.cos(t / 7), y0 + 12 * Math.sin(t / 7) + 8 * Math.sin(t / 40)]);
  canvas.stroke(points, 3, BLACK, InkClass.handwriting);
  canvas.flushStroke();
}

/** Rows of black type starting near the top, with the same pen-like scribble above the text (a letterhead's flourish) and below it (a signature). */
function scribblesAroundText() {
  const canvas = new PageCanvas(640, 520, () => [246, 244, 238]);
  typeRows(canvas, 24, 110, 8, 44, 13, 24);
  penScribble(canvas, 60, 50);
  penScribble(canvas, 300, 440);
  return classified(canvas);
}

/** A company's name in a row of type at the top, a pen-like logo beside it on the same line, the body of type below, and the same mark below the text (a signature). */
function logoBesideName() {
  const canvas = new PageCanvas(640, 520, () => [246, 244, 238]);
  typeRows(canvas, 220, 50, 1, 16, 13, 24);
  typeRows(canvas, 24, 110, 8, 44, 13, 24);
  penScribble(canvas, 40, 54);
  penScribble(canvas, 300, 440);
  return classified(canvas);
}

/** A company's name on the first row, a pen-like title below it above the body of type, and the same mark below the text (a signature). */
function titleAboveText() {
  const canvas = new PageCanvas(640, 520, () => [246, 244, 238]);
  typeRows(canvas, 220, 20, 1, 16, 13, 24);
  penScribble(canvas, 250, 70);
  typeRows(canvas, 24, 120, 8, 44, 13, 24);
  penScribble(canvas, 300, 440);
  return classified(canvas);
}

/** Two signatures of like size below the text, and a small stray pen-like mark far from both. */
function twoSignaturesAndAStray() {
  const canvas = pageWithBlackType();
  penScribble(canvas, 120, 560);
  penScribble(canvas, 640, 560);
  const stray: Array<[number, number]> = [];
  for (let t = 0; t <= 90; t += 2) stray.push([850 + (30 * t) / 90 + 6 * Math.cos(t / 7), 330 + 9 * Math.sin(t / 7)]);
  canvas.stroke(stray, 3, BLACK, InkClass.handwriting);
  return classified(canvas);
}

/** A letterhead's thick dark rule (8 px, slightly tilted) across the page below the name, the body of type, and a signature below the text. */
function thickHeaderRule() {
  const canvas = new PageCanvas(640, 520, () => [246, 244, 238]);
  typeRows(canvas, 40, 30, 1, 16, 13, 24);
  for (let x = 40; x < 600; x++) canvas.paint(x, 60 + Math.round(x * 0.01), x + 1, 68 + Math.round(x * 0.01), BLACK, InkClass.formLine, () => 1);
  typeRows(canvas, 24, 110, 8, 44, 13, 24);
  penScribble(canvas, 300, 440);
  return classified(canvas);
}

/** A 1000×700 page with six rows of black type at the top, so the page's neutral ink is black and blue or violet inks count as coloured. */
function pageWithBlackType(): PageCanvas {
  const canvas = new PageCanvas(1000, 700, () => [246, 244, 238]);
  for (let row = 0; row < 6; row++) {
    for (let i = 0; i < (1000 - 64) / 12; i++) canvas.rect(24 + i * 12 + (i % 6 === 5 ? 4 : 0), 24 + row * 22, 7, 11, BLACK, InkClass.printed);
  }
  return canvas;
}

/** A seal with a pale rim and ring letters but an inner ring as dark as the navy pen that crosses the seal and leaves it. */
function sealWithDarkInnerRing() {
  const canvas = pageWithBlackType();
  const [cx, cy] = [700, 420];
  canvas.ring(cx, cy, 90, 4, PALE_SEAL_BLUE, InkClass.stamp);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    canvas.rect(cx + 74 * Math.cos(a) - 3, cy + 74 * Math.sin(a) - 5, 6, 10, PALE_SEAL_BLUE, InkClass.stamp);
  }
  canvas.ring(cx, cy, 52, 3, NAVY_PEN, InkClass.stamp);
  canvas.flushStroke();
  const pen: Array<[number, number]> = [];
  for (let x = 420; x <= cx + 20; x += 3) pen.push([x, cy + 4 + 14 * Math.sin(x / 12)]);
  canvas.stroke(pen, 3, NAVY_PEN, InkClass.handwriting);
  return { ...classified(canvas), cx, cy };
}

/** A grey scan: a seal in dark grey ink, nearly as dark as the type, stamped over rows of type that run through it and touch its rings. */
function greySealOverType() {
  const canvas = new PageCanvas(1000, 700, () => [240, 240, 240]);
  // Words of five letters that touch, as small type does at analysis resolution.
  for (let y = 24; y < 680; y += 25) {
    for (let x = 24; x < 940; x += 42) {
      canvas.rect(x, y, 35, 2, BLACK, InkClass.printed);
      for (let g = 0; g < 5; g++) canvas.rect(x + g * 7, y, 2, 12, BLACK, InkClass.printed);
    }
  }
  const [cx, cy] = [500, 360];
  const sealGrey: Rgb = [50, 50, 54];
  canvas.ring(cx, cy, 90, 4, sealGrey, InkClass.stamp);
  canvas.ring(cx, cy, 58, 3, sealGrey, InkClass.stamp);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    canvas.rect(cx + 74 * Math.cos(a) - 3, cy + 74 * Math.sin(a) - 5, 6, 10, sealGrey, InkClass.stamp);
  }
  return { ...classified(canvas), cx, cy };
}

/**
 * A violet seal with a blue pen's name written across its middle (`inside`), or leaving it to the
 * left (`leaving`), as dark as the seal's ink: only the hue tells them apart (about 35° here).
 */
function violetSealWithBluePen(where: 'inside' | 'leaving' = 'inside') {
  const canvas = pageWithBlackType();
  const violet: Rgb = [110, 60, 170];
  const blue: Rgb = [50, 80, 180];
  const [cx, cy] = [700, 420];
  canvas.ring(cx, cy, 90, 4, violet, InkClass.stamp);
  canvas.ring(cx, cy, 58, 3, violet, InkClass.stamp);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    canvas.rect(cx + 74 * Math.cos(a) - 3, cy + 74 * Math.sin(a) - 5, 6, 10, violet, InkClass.stamp);
  }
  canvas.flushStroke();
  const pen: Array<[number, number]> = [];
  const [from, to] = where === 'inside' ? [cx - 50, cx + 50] : [cx - 150, cx - 20];
  for (let t = 0; t <= 360; t += 2) pen.push([from + ((to - from) * t) / 360 + 7 * Math.cos(t / 6), cy - 6 + 10 * Math.sin(t / 6)]);
  canvas.stroke(pen, 3, blue, InkClass.handwriting);
  return { ...classified(canvas), cx, cy };
}

/**
 * A violet seal whose ring letters came out faded: a thin film leaning only a little towards violet
 * (a weak tint), no darker than the rim; a blue pen leaves the seal to the left.
 */
function sealWithFadedLetters() {
  const canvas = pageWithBlackType();
  const violet: Rgb = [110, 60, 170];
  const fadedViolet: Rgb = [103, 95, 110];
  const [cx, cy] = [700, 420];
  canvas.ring(cx, cy, 90, 4, violet, InkClass.stamp);
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    canvas.rect(cx + 74 * Math.cos(a) - 3, cy + 74 * Math.sin(a) - 5, 6, 10, fadedViolet, InkClass.stamp);
  }
  canvas.flushStroke();
  const pen: Array<[number, number]> = [];
  for (let x = 440; x <= cx + 10; x += 3) pen.push([x, cy + 4 + 14 * Math.sin(x / 12)]);
  canvas.stroke(pen, 3, [50, 80, 180], InkClass.handwriting);
  return { ...classified(canvas), cx, cy };
}

/** A blue rectangular stamp whose big type includes a closed round letter (an "O" the ring finder takes for a small seal). */
function frameStampWithRoundLetter() {
  const canvas = pageWithBlackType();
  const [left, top, w, h] = [420, 300, 340, 170];
  canvas.rect(left, top, w, 4, SEAL_BLUE, InkClass.stamp);
  canvas.rect(left, top + h - 4, w, 4, SEAL_BLUE, InkClass.stamp);
  canvas.rect(left, top, 4, h, SEAL_BLUE, InkClass.stamp);
  canvas.rect(left + w - 4, top, 4, h, SEAL_BLUE, InkClass.stamp);
  canvas.ring(left + w / 2, top + h / 2, 34, 4, SEAL_BLUE, InkClass.stamp);
  canvas.flushStroke();
  for (let i = 0; i < 4; i++) {
    canvas.rect(left + 30 + i * 28, top + 55, 4, 60, SEAL_BLUE, InkClass.stamp);
    canvas.rect(left + w - 130 + i * 28, top + 55, 4, 60, SEAL_BLUE, InkClass.stamp);
  }
  return { ...classified(canvas), box: { left, top, right: left + w, bottom: top + h } };
}

describe('classifyInk', () => {
  it('takes a letterhead emblem, a solid ring with its name knocked out, for print and not for a stamp', () => {
    const { box, ...result } = letterheadEmblem();
    const counts = mapClassCounts(result, (x, y, k) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom && result.page.truthAlpha[k] === 255);
    expect(counts[InkClass.stamp]).toBeLessThan(0.05 * total(counts));
    expect(counts[InkClass.printed]).toBeGreaterThan(0.8 * total(counts));
  });

  it('gives a stamp\'s solid header bar to the stamp, though it is as dark as the signature crossing the stamp', () => {
    const { bar, ...result } = barStampWithPen();
    const inBar = (x: number, y: number) => x >= bar.left + 2 && x < bar.right - 2 && y >= bar.top + 2 && y < bar.bottom - 2;
    const counts = mapClassCounts(result, (x, y, k) => inBar(x, y) && result.page.truthAlpha[k] === 255);
    expect(counts[InkClass.stamp]).toBeGreaterThan(0.9 * total(counts));
  });

  it('leaves a pen stroke of the seal\'s hue that runs far out of the seal to the pen, and keeps the seal', () => {
    const { cx, ...result } = sealWithPen('beside');
    const { truthClass, truthAlpha } = result.page;
    // Beyond half the seal's radius from its ring (nearer, the seal's region decides by other cues).
    const pen = mapClassCounts(result, (x, _y, k) => x < cx - 110 - 60 && truthClass[k] === InkClass.handwriting && truthAlpha[k] >= 200);
    const seal = solidInkCounts(result, InkClass.stamp);
    expect(pen[InkClass.handwriting]).toBeGreaterThan(0.9 * total(pen));
    expect(seal[InkClass.stamp]).toBeGreaterThan(0.9 * total(seal));
  });

  it('gives the pen stroke near the seal (within half its radius, past the ring\'s margin) to the pen, as it is clearly darker than the seal', () => {
    const { cx, ...result } = sealWithPen('beside');
    const { truthClass, truthAlpha } = result.page;
    const near = mapClassCounts(result, (x, _y, k) => x > cx - 110 - 50 && x < cx - 110 - 25 && truthClass[k] === InkClass.handwriting && truthAlpha[k] >= 200);
    expect(total(near)).toBeGreaterThan(0);
    expect(near[InkClass.handwriting]).toBeGreaterThan(0.8 * total(near));
  });

  it('gives a navy signature written wholly inside a pale blue seal to the pen, as it is clearly darker than the ring', () => {
    const result = sealWithPen('inside');
    const counts = solidInkCounts(result, InkClass.handwriting);
    expect(counts[InkClass.handwriting]).toBeGreaterThan(0.8 * total(counts));
  });
  it('takes pen-like ink above the start of the text for the letterhead\'s, and the same ink below the text for handwriting', () => {
    const { above, below } = penInkAboveAndBelow(scribblesAroundText());
    expect(above[InkClass.printed]).toBeGreaterThan(0.8 * total(above));
    expect(below[InkClass.handwriting]).toBeGreaterThan(0.8 * total(below));
  });

  it('takes a pen-like logo beside the company\'s name, on the first row of the text, for the letterhead\'s', () => {
    const { above: logo, below: signature } = penInkAboveAndBelow(logoBesideName());
    expect(logo[InkClass.handwriting]).toBeLessThan(0.1 * total(logo));
    expect(logo[InkClass.printed]).toBeGreaterThan(0.5 * total(logo));
    expect(signature[InkClass.handwriting]).toBeGreaterThan(0.8 * total(signature));
  });

  it('gives a seal\'s inner ring to the stamp though it is as dark as the pen crossing it', () => {
    const { cx, cy, ...result } = sealWithDarkInnerRing();
    const innerRing = solidInkCounts(result, InkClass.stamp, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - 52) <= 1);
    expect(innerRing[InkClass.stamp]).toBeGreaterThan(0.8 * total(innerRing));
  });
  it('gives a blue pen written inside a violet seal to the pen by its hue, and keeps the seal', () => {
    const result = violetSealWithBluePen();
    const pen = solidInkCounts(result, InkClass.handwriting);
    const seal = solidInkCounts(result, InkClass.stamp);
    expect(pen[InkClass.handwriting]).toBeGreaterThan(0.7 * total(pen));
    expect(seal[InkClass.stamp]).toBeGreaterThan(0.8 * total(seal));
  });
  it("keeps a rectangular stamp whose big type holds a round letter: the letter's small ring does not veto the frame", () => {
    const { box, ...result } = frameStampWithRoundLetter();
    const { truthClass, truthAlpha } = result.page;
    const onFrame = (x: number, y: number) => Math.min(Math.abs(x - box.left), Math.abs(x - box.right), Math.abs(y - box.top), Math.abs(y - box.bottom)) <= 4;
    const frame = mapClassCounts(result, (x, y, k) => onFrame(x, y) && truthClass[k] === InkClass.stamp && truthAlpha[k] >= 200);
    expect(frame[InkClass.stamp]).toBeGreaterThan(0.8 * total(frame));
  });

  it('keeps a grey seal stamped over rows of type as the stamp, and takes next to none of the type through it for handwriting', () => {
    const { cx, cy, ...result } = greySealOverType();
    const { truthClass, truthAlpha } = result.page;
    const seal = solidInkCounts(result, InkClass.stamp);
    const typeNear = mapClassCounts(result, (x, y, k) => Math.hypot(x - cx, y - cy) < 130 && truthClass[k] === InkClass.printed && truthAlpha[k] >= 200);
    expect(seal[InkClass.stamp]).toBeGreaterThan(0.8 * total(seal));
    expect(typeNear[InkClass.handwriting]).toBeLessThan(0.03 * total(typeNear));
  });

  it('gives a blue pen leaving a violet seal to the pen just outside the seal too, where the seal\'s colour cluster reached it', () => {
    const { cx, cy, ...result } = violetSealWithBluePen('leaving');
    const { truthClass, truthAlpha } = result.page;
    const nearOutside = mapClassCounts(result, (x, y, k) => Math.hypot(x - cx, y - cy) > 98 && Math.hypot(x - cx, y - cy) < 135 && truthClass[k] === InkClass.handwriting && truthAlpha[k] >= 200);
    expect(total(nearOutside)).toBeGreaterThan(0);
    expect(nearOutside[InkClass.handwriting]).toBeGreaterThan(0.8 * total(nearOutside));
  });

  it('keeps two signatures of like size as handwriting and takes a small stray mark far from them for print', () => {
    const result = twoSignaturesAndAStray();
    const { truthClass, truthAlpha } = result.page;
    const penInk = (k: number) => truthClass[k] === InkClass.handwriting && truthAlpha[k] >= 200;
    const signatures = mapClassCounts(result, (_x, y, k) => y > 500 && penInk(k));
    const stray = mapClassCounts(result, (_x, y, k) => y > 300 && y < 360 && penInk(k));
    expect(signatures[InkClass.handwriting]).toBeGreaterThan(0.9 * total(signatures));
    expect(total(stray)).toBeGreaterThan(0);
    expect(stray[InkClass.handwriting]).toBeLessThan(0.1 * total(stray));
  });
  it("gives a seal's faded, weakly tinted letters of the seal's hue to the stamp, not to the pen crossing it", () => {
    const { cx, cy, ...result } = sealWithFadedLetters();
    const letters = solidInkCounts(result, InkClass.stamp, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - 74) <= 6);
    const pen = solidInkCounts(result, InkClass.handwriting);
    expect(letters[InkClass.stamp]).toBeGreaterThan(0.8 * total(letters));
    expect(pen[InkClass.handwriting]).toBeGreaterThan(0.7 * total(pen));
  });
  it("takes a letterhead's thick rule for a rule, not for handwriting, and keeps the signature", () => {
    const result = thickHeaderRule();
    const rule = solidInkCounts(result, InkClass.formLine);
    const pen = solidInkCounts(result, InkClass.handwriting);
    expect(rule[InkClass.handwriting]).toBeLessThan(0.05 * total(rule));
    expect(pen[InkClass.handwriting]).toBeGreaterThan(0.9 * total(pen));
  });
  it("gives a black signature wholly inside a grey seal to the pen, though the seal's own faint stroke leaves the seal", () => {
    const { cx, cy, ...result } = greySealWithPenInside();
    const pen = solidInkCounts(result, InkClass.handwriting);
    const letters = solidInkCounts(result, InkClass.stamp, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - 74) <= 6);
    expect(pen[InkClass.handwriting]).toBeGreaterThan(0.7 * total(pen));
    expect(letters[InkClass.stamp]).toBeGreaterThan(0.7 * total(letters));
  });
  it('takes pen-like ink with most of the print below it (a title) for print, and the same ink below the text for handwriting', () => {
    const result = titleAboveText();
    const { truthClass, truthAlpha } = result.page;
    const penInk = (k: number) => truthClass[k] === InkClass.handwriting && truthAlpha[k] >= 200;
    const title = mapClassCounts(result, (_x, y, k) => y < 110 && penInk(k));
    const signature = mapClassCounts(result, (_x, y, k) => y > 400 && penInk(k));
    expect(total(title)).toBeGreaterThan(0);
    expect(title[InkClass.handwriting]).toBeLessThan(0.1 * total(title));
    expect(signature[InkClass.handwriting]).toBeGreaterThan(0.9 * total(signature));
  });
});
