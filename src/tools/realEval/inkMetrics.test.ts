import { describe, expect, it } from 'vitest';
import { boxMask, keptAreaShare, leakOutsideBoxes, recallInBoxes, recallOutside, referenceInkInBoxes, scoreAgainstMask } from './inkMetrics';

/** A 0/1 map from rows of '#' and '.'. */
const map = (...rows: string[]) => Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));

describe('referenceInkInBoxes', () => {
  it('thresholds each box by its own Otsu level: a dark box and a faint box both find their strokes, nothing outside', () => {
    // 8 × 2 page: box A [0,0,4,2] has ink 20 on paper 200; box B [4,0,8,2] has faint ink 150 on paper 230.
    // Outside the boxes nothing counts, however dark. One global threshold would lose B's strokes.
    const grey = Uint8Array.from([20, 200, 200, 20, 150, 230, 230, 230, 200, 200, 200, 200, 230, 230, 150, 230]);
    const ink = referenceInkInBoxes(grey, 8, 2, [[0, 0, 4, 2], [4, 0, 8, 2]]);
    expect([...ink]).toEqual([...map('#..##...', '......#.')]);
    expect([...referenceInkInBoxes(grey, 8, 2, [[0, 0, 4, 2]])]).toEqual([...map('#..#....', '........')]);
  });

  it('on a bilevel page takes exactly the black pixels in the box', () => {
    // 3 × 2 page, box over the left two columns: black at (0,0) and (0,1) inside, (2,0) outside.
    const grey = Uint8Array.from([0, 255, 0, 0, 255, 255]);
    expect([...referenceInkInBoxes(grey, 3, 2, [[0, 0, 2, 2]])]).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

describe('signature figures', () => {
  // 6 × 3 page, one box [0,0,3,3] (the left half).
  const inside = boxMask(6, 3, [[0, 0, 3, 3]]);
  const reference = map('##....', '#.....', '#.....');

  it('boxMask marks the boxes (right and bottom exclusive), clipped to the page', () => {
    expect([...boxMask(4, 2, [[1, 0, 3, 1], [3, 1, 9, 9]])]).toEqual([...map('.##.', '...#')]);
    expect([...inside]).toEqual([...map('###...', '###...', '###...')]);
  });

  it('recall-in-box: 3 of the 4 reference pixels kept → 0.75; leak: 2 of 5 kept pixels outside the box → 0.4', () => {
    const kept = map('##...#', '#....#', '......');
    expect(recallInBoxes(kept, reference)).toBe(0.75);
    expect(leakOutsideBoxes(kept, inside)).toBe(0.4);
  });

  it('nothing kept: recall 0, leak 0; no reference ink: recall undefined (NaN)', () => {
    const none = new Uint8Array(18);
    expect(recallInBoxes(none, reference)).toBe(0);
    expect(leakOutsideBoxes(none, inside)).toBe(0);
    expect(recallInBoxes(none, none)).toBeNaN();
  });

  it('own-ink recall: the reference ink under typed text left out, and that text\'s share of the reference', () => {
    const reference = map('####', '####');
    const typed = map('##..', '....');
    const kept = map('##.#', '.#..');
    // 6 reference pixels outside the typed text, 2 of them kept; the typed 2 of 8 are left out however they are kept.
    expect(recallOutside(kept, reference, typed)).toEqual({ recall: 2 / 6, excludedShare: 0.25 });
    expect(recallOutside(kept, reference, map('####', '####'))).toEqual({ recall: Number.NaN, excludedShare: 1 });
    expect(recallOutside(kept, new Uint8Array(8), typed)).toEqual({ recall: Number.NaN, excludedShare: Number.NaN });
  });

  it('false-positive area: 3 kept pixels on an 18-pixel page → 1/6', () => {
    expect(keptAreaShare(map('#.....', '.#....', '.....#'))).toBeCloseTo(1 / 6, 12);
  });
});

describe('scoreAgainstMask (stamp IoU)', () => {
  it('2 kept of a 3-pixel stamp plus 1 stray pixel: IoU 2/4, precision 2/3, recall 2/3', () => {
    const stamp = map('###.', '....');
    const kept = map('##..', '...#');
    const score = scoreAgainstMask(kept, stamp);
    expect(score.iou).toBe(0.5);
    expect(score.precision).toBeCloseTo(2 / 3, 12);
    expect(score.recall).toBeCloseTo(2 / 3, 12);
  });

  it('an empty output against a stamp scores IoU 0, precision 0, recall 0', () => {
    expect(scoreAgainstMask(new Uint8Array(8), map('###.', '....'))).toEqual({ iou: 0, precision: 0, recall: 0 });
  });
});
