import { describe, expect, it } from 'vitest';
import { allInkMask, boxGroupingFor, components, fitLabelMap, labelMask, labelScale, signatureBoxes } from './labelMaps';

/** A mask from rows of '#' (ink) and '.' (none). */
const mask = (...rows: string[]) => Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 255 : 0));

describe('labelScale', () => {
  it('takes a map of the page size, and a uniform factor within 1.45-1.55 as StaVerGt has over StaVer (2472 × 3489 over 1632 × 2302)', () => {
    expect(labelScale({ width: 10, height: 8 }, { width: 10, height: 8 })).toBe(1);
    expect(labelScale({ width: 2472, height: 3489 }, { width: 1632, height: 2302 })).toBeCloseTo(1.5152, 3);
    expect(labelScale({ width: 2432, height: 3455 }, { width: 1605, height: 2280 })).toBeCloseTo(1.5153, 3);
  });

  it('refuses other sizes: a different factor, or one direction scaled unlike the other', () => {
    expect(() => labelScale({ width: 20, height: 16 }, { width: 10, height: 8 })).toThrow(/20 × 16, page 10 × 8/);
    expect(() => labelScale({ width: 15, height: 13 }, { width: 10, height: 8 })).toThrow(/not the page's size/);
  });
});

describe('fitLabelMap', () => {
  it('resamples by nearest neighbour with pixel centres mapped, keeping label values', () => {
    // 6 × 3 → 4 × 2: columns floor((x + 0.5)·1.5) = 0 2 3 5, rows floor((y + 0.5)·1.5) = 0 2.
    const label = { width: 6, height: 3, data: Uint8Array.from([0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25]) };
    expect([...fitLabelMap(label, 4, 2).data]).toEqual([0, 2, 3, 5, 20, 22, 23, 25]);
  });

  it('says which pixels are ink: any label but background 255, or the ones asked for', () => {
    const label = { width: 4, height: 1, data: Uint8Array.from([0, 7, 255, 4]) };
    expect([...allInkMask(label)]).toEqual([255, 255, 0, 255]);
    expect([...labelMask(label, [7])]).toEqual([0, 255, 0, 0]);
    expect([...labelMask(label, [4, 7])]).toEqual([0, 255, 0, 255]);
  });
});

describe('signatureBoxes', () => {
  it('finds 8-connected components with their boxes and pixel counts', () => {
    const m = mask('#...', '.#..', '...#');
    expect(components(m, 4, 3)).toEqual([{ box: [0, 0, 2, 2], pixels: 2 }, { box: [3, 2, 4, 3], pixels: 1 }]);
  });

  it('groups components closer than the gap (a chain merges through a grown box), drops specks, pads and clips', () => {
    const m = mask(
      '##..#.........##',
      '##..#.........##',
      '................',
      '.............#..',
    );
    // With gap 3: [0,0,2,2] and [4,0,5,2] are 2 apart → one group [0,0,5,2] (6 pixels); [14,0,16,2] is 9 away: its own
    // group, and the speck at (13,3) (1 pixel, gap 1 from it) joins it → [13,0,16,4], 5 pixels.
    expect(signatureBoxes(m, 16, 4, { gap: 3, pad: 0, minPixels: 1 })).toEqual([[0, 0, 5, 2], [13, 0, 16, 4]]);
    expect(signatureBoxes(m, 16, 4, { gap: 1, pad: 0, minPixels: 3 })).toEqual([[0, 0, 2, 2], [14, 0, 16, 2]]);
    expect(signatureBoxes(m, 16, 4, { gap: 3, pad: 1, minPixels: 6 })).toEqual([[0, 0, 6, 3]]);
    expect(signatureBoxes(mask('....'), 4, 1)).toEqual([]);
  });

  it('scales its defaults with the page: on a 1605 × 2280 StaVer scan, gap 40, pad 6, specks under 18 pixels', () => {
    expect(boxGroupingFor(1605, 2280)).toEqual({ gap: 40, pad: 6, minPixels: 18 });
  });
});
