import { describe, expect, it } from 'vitest';
import { refineClassMap } from './classRefine';
import { InkClass, type ClassMap, type RgbaImage } from '../../shared/types';

const BLACK: [number, number, number] = [20, 20, 22];
const BLUE: [number, number, number] = [30, 50, 160];
const GREY_PEN: [number, number, number] = [45, 45, 45];

/** A 64×16 page of 8 cells of 8×16 whose ink columns (rows 2–13) `inkAt` names, coloured by `colourOf`; `cells` is the coarse map. */
function stripedPage<K extends string>(inkAt: (x: number) => K | null, colourOf: (ink: K) => readonly number[], cells: readonly number[]) {
  const width = 64;
  const height = 16;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const alpha = new Uint8Array(width * height);
  for (let y = 2; y < 14; y++) {
    for (let x = 0; x < width; x++) {
      const ink = inkAt(x);
      if (!ink) continue;
      const p = y * width + x;
      data.set([...colourOf(ink), 255], p * 4);
      alpha[p] = 255;
    }
  }
  const coarse: ClassMap = { width: 8, height: 1, classes: Uint8Array.from(cells) };
  const image: RgbaImage = { width, height, data };
  return { image, alpha, coarse, inkAt };
}

/**
 * A 64×16 page seen as 8 cells of 8×16: black print in cells 0–3, pen in cells 4–7. The coarse map
 * is off by one cell (cell 3 is called handwriting), as a ¼-scale model map is at a boundary.
 */
function page(pen: [number, number, number]) {
  // Ink columns: print at x ≡ 1,2 (mod 4) below x = 28, pen at x ≡ 1,2 (mod 4) from 28 on.
  const inkAt = (x: number): 'print' | 'pen' | null => (x % 4 === 1 || x % 4 === 2 ? (x < 28 ? 'print' : 'pen') : null);
  const { printed, handwriting } = InkClass;
  return stripedPage(inkAt, (ink) => (ink === 'print' ? BLACK : pen), [printed, printed, printed, handwriting, handwriting, handwriting, handwriting, handwriting]);
}

describe('refineClassMap', () => {
  it('gives each ink pixel of a mixed boundary the class whose ink colour it has', () => {
    const { image, alpha, coarse, inkAt } = page(BLUE);
    const refined = refineClassMap(coarse, image, alpha);
    expect(refined.width).toBe(64);
    expect(refined.height).toBe(16);
    for (let x = 0; x < 64; x++) {
      const ink = inkAt(x);
      const c = refined.classes[8 * 64 + x];
      if (!ink) expect(c).toBe(InkClass.paper);
      else expect(c, `x=${x}`).toBe(ink === 'print' ? InkClass.printed : InkClass.handwriting);
    }
  });

  it('keeps the coarse cell labels where the inks look alike (grey page: colour cannot tell)', () => {
    const { image, alpha, coarse } = page(GREY_PEN);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 0; x < 64; x++) {
      const expected = alpha[8 * 64 + x] ? coarse.classes[x >> 3] : InkClass.paper;
      expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(expected);
    }
  });

  it('on a map of finer cells (cellScale 2), looks as far across the page as on unit cells', () => {
    // The same page as 16 cells of 4×16; the map calls cells 5–15 handwriting, three fine cells too early.
    const { image, alpha, inkAt } = page(BLUE);
    const classes = Uint8Array.from({ length: 16 }, (_, k) => (k < 5 ? InkClass.printed : InkClass.handwriting));
    const fine = (cellScale?: number): ClassMap => ({ width: 16, height: 1, classes, cellScale });
    const printKept = (map: ClassMap) => [25, 26].map((x) => map.classes[8 * 64 + x]);
    expect(inkAt(25)).toBe('print');
    // Unit neighbourhoods on fine cells reach one fine cell: cell 6 (print at x 25–26) sees only handwriting and keeps it.
    expect(printKept(refineClassMap(fine(), image, alpha))).toEqual([InkClass.handwriting, InkClass.handwriting]);
    expect(printKept(refineClassMap(fine(2), image, alpha))).toEqual([InkClass.printed, InkClass.printed]);
  });

  it('brings a map of more cells than the page has pixels to the page, each pixel taking the cell under its centre', () => {
    // A 5 × 2 page read at the model's scale: a 8 × 3 map, cells 0–3 print and 4–7 pen in every row.
    const image: RgbaImage = { width: 5, height: 2, data: new Uint8ClampedArray(5 * 2 * 4).fill(255) };
    const coarse: ClassMap = { width: 8, height: 3, classes: Uint8Array.from({ length: 24 }, (_, k) => (k % 8 < 4 ? InkClass.printed : InkClass.handwriting)) };
    const refined = refineClassMap(coarse, image, new Uint8Array(10).fill(255));
    expect([refined.width, refined.height]).toEqual([5, 2]);
    // Pixel centres 0.5…4.5 of 5 fall in cells 0, 2, 4, 5, 7.
    const row = [InkClass.printed, InkClass.printed, InkClass.handwriting, InkClass.handwriting, InkClass.handwriting];
    expect(Array.from(refined.classes)).toEqual([...row, ...row]);
  });

  it('returns a full-resolution map unchanged and is deterministic', () => {
    const { image, alpha, coarse } = page(BLUE);
    const full = refineClassMap(coarse, image, alpha);
    expect(refineClassMap(full, image, alpha)).toBe(full);
    expect(refineClassMap(coarse, image, alpha).classes).toEqual(full.classes);
  });
});

describe('refineClassMap: grey ink inside a coloured stamp', () => {
  const VIOLET: [number, number, number] = [110, 60, 170];
  const GREY_STAMP: [number, number, number] = [90, 90, 90];

  /**
   * A 64×16 page of 8 cells: black pen in cells 0–1 (handwriting), a stamp in cells 2–7 whose ink
   * is at x ≡ 1 (mod 4); black pen strokes at x ≡ 2 (mod 4) also run through cells 3–4, where the
   * coarse map says stamp and no handwriting cell touches them (the pen across a seal).
   */
  function sealedPage(stampInk: [number, number, number], penInk: readonly number[] = BLACK) {
    const inkAt = (x: number): 'pen' | 'stamp' | null => {
      if (x < 16) return x % 4 === 2 ? 'pen' : null;
      if (x % 4 === 1) return 'stamp';
      return x % 4 === 2 && x >= 24 && x < 40 ? 'pen' : null;
    };
    const { handwriting, stamp } = InkClass;
    return stripedPage(inkAt, (ink) => (ink === 'pen' ? penInk : stampInk), [handwriting, handwriting, stamp, stamp, stamp, stamp, stamp, stamp]);
  }

  it('gives black pen strokes the map called stamp to the handwriting a few cells away', () => {
    const { image, alpha, coarse, inkAt } = sealedPage(VIOLET);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 16; x < 64; x++) {
      const ink = inkAt(x);
      if (ink) expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(ink === 'pen' ? InkClass.handwriting : InkClass.stamp);
    }
  });

  it('gives a pen of another hue to handwriting even when the map calls everything stamp', () => {
    const RED: [number, number, number] = [200, 40, 50];
    const BLUE = [40, 60, 170];
    const { image, alpha, inkAt } = sealedPage(RED, BLUE);
    // Only the strokes across the seal: the pen is the smaller part of the ink the map calls stamp.
    for (let p = 0; p < alpha.length; p++) {
      if (p % 64 >= 16) continue;
      alpha[p] = 0;
      image.data.fill(255, p * 4, p * 4 + 4);
    }
    const allStamp: ClassMap = { width: 8, height: 1, classes: new Uint8Array(8).fill(InkClass.stamp) };
    const refined = refineClassMap(allStamp, image, alpha);
    for (let x = 16; x < 64; x++) {
      const ink = inkAt(x);
      if (ink) expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(ink === 'pen' ? InkClass.handwriting : InkClass.stamp);
    }
  });

  it('keeps ink of another hue as stamp when it is a large part of the stamp ink on the page (a second stamp)', () => {
    const { image, alpha, inkAt } = sealedPage([200, 40, 50], [40, 60, 170]);
    const allStamp: ClassMap = { width: 8, height: 1, classes: new Uint8Array(8).fill(InkClass.stamp) };
    const refined = refineClassMap(allStamp, image, alpha);
    for (let x = 0; x < 64; x++) if (inkAt(x)) expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(InkClass.stamp);
  });

  it('leaves them to the stamp when the stamp has no colour of its own (grey scan)', () => {
    const { image, alpha, coarse, inkAt } = sealedPage(GREY_STAMP);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 24; x < 40; x++) if (inkAt(x) === 'pen') expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(InkClass.stamp);
  });
});

describe('refineClassMap: stamp ink the map calls print', () => {
  const VIOLET: [number, number, number] = [110, 60, 170];

  /**
   * A 64×16 page of 8 cells: print at x ≡ 2 (mod 4) in cells 0–3, a violet stamp at x ≡ 1 (mod 4)
   * in cells 2–7; the coarse map calls cells 0–3 print, so the stamp's edge in cells 2–3 is print
   * (ring letters over a row of type).
   */
  function stampOverType(printInk: readonly number[]) {
    const inkAt = (x: number): 'print' | 'stamp' | null => (x % 4 === 2 && x < 32 ? 'print' : x % 4 === 1 && x >= 16 ? 'stamp' : null);
    const { printed, stamp } = InkClass;
    return stripedPage(inkAt, (ink) => (ink === 'print' ? printInk : VIOLET), [printed, printed, printed, printed, stamp, stamp, stamp, stamp]);
  }

  it('gives the stamp its own coloured ink in print cells near it, and leaves the black type to print', () => {
    const { image, alpha, coarse, inkAt } = stampOverType(BLACK);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 0; x < 32; x++) {
      const ink = inkAt(x);
      if (ink) expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(ink === 'print' ? InkClass.printed : InkClass.stamp);
    }
  });

  it('leaves print of the stamp’s own colour to print (corporate type beside a stamp of that colour)', () => {
    const { image, alpha, coarse, inkAt } = stampOverType(VIOLET);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 0; x < 24; x++) if (inkAt(x) === 'print') expect(refined.classes[8 * 64 + x], `x=${x}`).toBe(InkClass.printed);
  });
});

/**
 * A 160×40 page of 20×5 cells of 8×8 painted by `inkAt` (colour and alpha of each kind of ink); the
 * coarse map gives cells whose column is below `leftCells` the class `left` and the rest `right`.
 */
function crossingPage<K extends string>(
  inkAt: (x: number, y: number) => K | null,
  paint: (ink: K) => { colour: readonly number[]; alpha: number },
  map: { leftCells: number; left: number; right: number; handwritingRecognised: boolean },
) {
  const width = 160;
  const height = 40;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ink = inkAt(x, y);
      if (!ink) continue;
      const p = y * width + x;
      const { colour, alpha: a } = paint(ink);
      data.set([...colour, 255], p * 4);
      alpha[p] = a;
    }
  }
  const classes = new Uint8Array(20 * 5);
  for (let k = 0; k < classes.length; k++) classes[k] = k % 20 < map.leftCells ? map.left : map.right;
  const coarse: ClassMap = { width: 20, height: 5, classes, handwritingRecognised: map.handwritingRecognised };
  return { image: { width, height, data } as RgbaImage, alpha, coarse, inkAt };
}

describe('refineClassMap: a pen across a stamp of a similar hue', () => {
  const PALE_BLUE: [number, number, number] = [150, 170, 230];
  const NAVY: [number, number, number] = [40, 45, 110];
  const STAMP_ALPHA = 200;

  /**
   * A 160×40 page of 20×5 cells of 8×8: a navy pen stroke along rows 19–20 from x = 0 to 159, and a
   * pale blue stamp (vertical bars at x ≡ 0, 1 mod 10, rows 4–35, from x = 56 on, and a bar along
   * rows 30–31 from x = 8). The map calls the ink left of x = 48 handwriting and everything from
   * there on stamp (one label per cell where the stroke enters the seal and the seal's bar leaves it).
   */
  function penAcrossSeal(pen: readonly number[], handwritingRecognised = true, shoulders = false) {
    // A blurred stroke's shoulders: 45% of the pen's deficit, yet opaque in the page's alpha ramp.
    const shoulder = pen.map((v) => Math.round(255 - 0.45 * (255 - v)));
    const inkAt = (x: number, y: number): 'pen' | 'shoulder' | 'stamp' | null => {
      if (y === 19 || y === 20) return 'pen';
      if (shoulders && (y === 18 || y === 21)) return 'shoulder';
      if ((y === 30 || y === 31) && x >= 8) return 'stamp';
      return x >= 56 && x % 10 < 2 && y >= 4 && y < 36 ? 'stamp' : null;
    };
    const paint = (ink: 'pen' | 'shoulder' | 'stamp') =>
      ink === 'pen' ? { colour: pen, alpha: 255 } : { colour: ink === 'shoulder' ? shoulder : PALE_BLUE, alpha: STAMP_ALPHA };
    return crossingPage(inkAt, paint, { leftCells: 6, left: InkClass.handwriting, right: InkClass.stamp, handwritingRecognised });
  }

  it('follows the darker pen stroke through the cells the map gave the stamp, and the stamp’s pale bar through the handwriting cells', () => {
    const { image, alpha, coarse, inkAt } = penAcrossSeal(NAVY);
    const refined = refineClassMap(coarse, image, alpha);
    for (let y = 0; y < 40; y++) {
      for (let x = 8; x < 160; x++) {
        const ink = inkAt(x, y);
        if (ink) expect(refined.classes[y * 160 + x], `x=${x} y=${y}`).toBe(ink === 'pen' ? InkClass.handwriting : InkClass.stamp);
      }
    }
  });

  it('does not follow the stamp into the pale shoulders of the pen stroke', () => {
    const { image, alpha, coarse } = penAcrossSeal(NAVY, true, true);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 8; x < 40; x++) {
      for (const y of [18, 21]) expect(refined.classes[y * 160 + x], `x=${x} y=${y}`).toBe(InkClass.handwriting);
      expect(refined.classes[30 * 160 + x], `x=${x} y=30`).toBe(InkClass.stamp);
    }
  });

  it('follows black type out of the cells the map gave a pale blue seal, and leaves the seal its bars', () => {
    const { image, alpha, coarse, inkAt } = penAcrossSeal(BLACK);
    coarse.classes = coarse.classes.map((c) => (c === InkClass.handwriting ? InkClass.printed : c));
    const refined = refineClassMap(coarse, image, alpha);
    for (let y = 0; y < 40; y++) {
      for (let x = 56; x < 160; x++) {
        const ink = inkAt(x, y);
        if (ink) expect(refined.classes[y * 160 + x], `x=${x} y=${y}`).toBe(ink === 'pen' ? InkClass.printed : InkClass.stamp);
      }
    }
  });

  it('does not follow handwriting that is only the ink left over (the classical map)', () => {
    const { image, alpha, coarse } = penAcrossSeal(NAVY, false);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 64; x < 160; x++) expect(refined.classes[19 * 160 + x], `x=${x}`).toBe(InkClass.stamp);
  });

  it('leaves it all to the stamp when the pen is the stamp’s own ink', () => {
    const { image, alpha, coarse } = penAcrossSeal(PALE_BLUE);
    for (let p = 0; p < alpha.length; p++) if (alpha[p] === 255) alpha[p] = STAMP_ALPHA;
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 64; x < 160; x++) expect(refined.classes[19 * 160 + x], `x=${x}`).toBe(InkClass.stamp);
  });
});

describe('refineClassMap: a pen stroke the map calls print', () => {
  const GREY_TYPE: [number, number, number] = [110, 110, 112];

  /**
   * A 160×40 page of 20×5 cells of 8×8: a pen stroke along rows 19–20 across the page, black bold
   * type (bars at x ≡ 0, 1 mod 10, rows 4–35, from x = 56 on) that it touches, and a row of paler grey
   * type along rows 30–31. The map calls the ink left of x = 48 handwriting and the rest print.
   */
  function penAcrossType(pen: readonly number[], handwritingCells = 6) {
    const inkAt = (x: number, y: number): 'pen' | 'bold' | 'grey' | null => {
      if (y === 19 || y === 20) return 'pen';
      if ((y === 30 || y === 31) && x >= 56) return 'grey';
      return x >= 56 && x % 10 < 2 && y >= 4 && y < 36 ? 'bold' : null;
    };
    const paint = (ink: 'pen' | 'bold' | 'grey') => ({ colour: ink === 'pen' ? pen : ink === 'bold' ? BLACK : GREY_TYPE, alpha: 255 });
    return crossingPage(inkAt, paint, { leftCells: handwritingCells, left: InkClass.handwriting, right: InkClass.printed, handwritingRecognised: true });
  }

  it('follows a blue pen through the cells the map gave the print, and leaves the black type it touches to print', () => {
    const { image, alpha, coarse, inkAt } = penAcrossType(BLUE);
    const refined = refineClassMap(coarse, image, alpha);
    for (let y = 0; y < 40; y++) {
      for (let x = 56; x < 160; x++) {
        const ink = inkAt(x, y);
        if (ink) expect(refined.classes[y * 160 + x], `x=${x} y=${y}`).toBe(ink === 'pen' ? InkClass.handwriting : InkClass.printed);
      }
    }
  });

  it('gives back to print the black type in cells the map gave the blue pen, from the type it joins', () => {
    // Cells 0–9 (x < 80) handwriting: the bars at x = 60, 61, 70, 71 and the grey row there are type in pen cells.
    const { image, alpha, coarse } = penAcrossType(BLUE, 10);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 56; x < 80; x++) {
      expect(refined.classes[30 * 160 + x], `x=${x} y=30`).toBe(InkClass.printed);
      expect(refined.classes[19 * 160 + x], `x=${x} y=19`).toBe(InkClass.handwriting);
    }
    for (const x of [60, 61]) for (let y = 21; y < 36; y++) expect(refined.classes[y * 160 + x], `x=${x} y=${y}`).toBe(InkClass.printed);
  });

  it('leaves a black pen to the map: darker than the page’s type, but of no other colour', () => {
    const { image, alpha, coarse } = penAcrossType(BLACK);
    const refined = refineClassMap(coarse, image, alpha);
    for (let x = 64; x < 160; x++) expect(refined.classes[19 * 160 + x], `x=${x}`).toBe(InkClass.printed);
  });
});
