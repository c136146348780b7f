import { describe, expect, it } from 'vitest';
import { InkClass, type ClassMap } from '../../shared/types';
import { printFilledEmblems } from './filledEmblems';
import { modelGeometry } from './geometry';

const geometry = modelGeometry(64, 64, 64); // a 32×32 class map over a 64×64 input
const { inputWidth: iw, inputHeight: ih, mapWidth, outputStride: stride } = geometry;

/** An input whose alpha is `alphaOf(cellX, cellY)` over each cell's whole block. */
function inputWith(alphaOf: (cx: number, cy: number) => number): Float32Array {
  const input = new Float32Array(4 * iw * ih);
  for (let y = 0; y < ih; y++) {
    for (let x = 0; x < iw; x++) input[3 * iw * ih + y * iw + x] = alphaOf((x / stride) | 0, (y / stride) | 0);
  }
  return input;
}

/** A shape of cells 2..11 × 2..11: cells in columns ≥ 8 are labelled `right`, the rest `left`. */
function shapeMap(left: number, right: number): ClassMap {
  const classes = new Uint8Array(mapWidth * mapWidth);
  for (let y = 2; y < 12; y++) for (let x = 2; x < 12; x++) classes[y * mapWidth + x] = x >= 8 ? right : left;
  return { width: mapWidth, height: mapWidth, classes };
}

const inShape = (cx: number, cy: number) => cx >= 2 && cx < 12 && cy >= 2 && cy < 12;

describe('printFilledEmblems', () => {
  it('makes the stamp-labelled part of a solid emblem print', () => {
    const map = shapeMap(InkClass.printed, InkClass.stamp);
    printFilledEmblems(map, inputWith((cx, cy) => (inShape(cx, cy) ? 1 : 0)), geometry);
    expect(map.classes.filter((c) => c === InkClass.stamp).length).toBe(0);
    expect(map.classes.filter((c) => c === InkClass.printed).length).toBe(100);
  });

  it('leaves a line-art stamp touching print alone (its cells are not solid)', () => {
    const map = shapeMap(InkClass.printed, InkClass.stamp);
    printFilledEmblems(map, inputWith((cx, cy) => (inShape(cx, cy) ? 0.4 : 0)), geometry);
    expect(map.classes.filter((c) => c === InkClass.stamp).length).toBe(40);
  });

  it('leaves a solid shape alone when the map calls most of it stamp (a header-bar stamp)', () => {
    const map = shapeMap(InkClass.stamp, InkClass.printed);
    printFilledEmblems(map, inputWith((cx, cy) => (inShape(cx, cy) ? 1 : 0)), geometry);
    expect(map.classes.filter((c) => c === InkClass.stamp).length).toBe(60);
  });

  it('leaves a shape with handwriting in it alone (a signature across a stamp)', () => {
    const map = shapeMap(InkClass.printed, InkClass.stamp);
    map.classes[5 * mapWidth + 5] = InkClass.handwriting;
    printFilledEmblems(map, inputWith((cx, cy) => (inShape(cx, cy) ? 1 : 0)), geometry);
    expect(map.classes.filter((c) => c === InkClass.stamp).length).toBe(40);
  });
});
