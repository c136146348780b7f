import { giveBack } from '../../shared/bufferPool';
import { InkClass, type ClassMap } from '../../shared/types';
import type { ModelGeometry } from './geometry';
import { cellAlphaSums } from './tensor';

/** Mean input alpha from which a class-map cell counts as solid ink. */
const SOLID_ALPHA = 0.9;
/** Least share of the cells the map calls stamp in a shape that are solid for the shape to count as filled. */
const FILLED_SHARE = 0.4;

/**
 * A letterhead's round emblem (a solid ring with its name knocked out in white) looks like a seal,
 * and the model calls parts of it stamp. A rubber stamp is line art: rings, borders and inked text
 * a stroke wide, so few of its cells are solid. A connected shape of inked cells that is mostly
 * solid, holds no handwriting, and is more print than stamp in the map is print throughout.
 * A header-bar stamp's solid bar, which the model calls stamp for the most part, is left alone.
 * Changes `map` in place.
 */
export function printFilledEmblems(map: ClassMap, input: Float32Array, geometry: ModelGeometry): void {
  const { width, height, classes } = map;
  const solid = solidCells(input, geometry);
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const shape: number[] = [];
  for (let start = 0; start < classes.length; start++) {
    if (seen[start] !== 0 || classes[start] === InkClass.paper) continue;
    seen[start] = 1;
    stack.push(start);
    shape.length = 0;
    let solidStamp = 0;
    const counts = new Int32Array(6);
    while (stack.length > 0) {
      const k = stack.pop()!;
      shape.push(k);
      if (classes[k] === InkClass.stamp) solidStamp += solid[k];
      counts[classes[k]]++;
      const x = k % width;
      const y = (k - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const n = ny * width + nx;
          if (nx < 0 || nx >= width || seen[n] !== 0 || classes[n] === InkClass.paper) continue;
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    const stamp = counts[InkClass.stamp];
    if (stamp === 0 || counts[InkClass.handwriting] > 0 || stamp >= counts[InkClass.printed]) continue;
    if (solidStamp < FILLED_SHARE * stamp) continue;
    for (const k of shape) if (classes[k] === InkClass.stamp) classes[k] = InkClass.printed;
  }
}

/** 1 for each class-map cell whose outputStride² block of the input has a mean alpha of SOLID_ALPHA or more. */
function solidCells(input: Float32Array, geometry: ModelGeometry): Uint8Array {
  const sums = cellAlphaSums(input, geometry);
  const threshold = SOLID_ALPHA * geometry.outputStride * geometry.outputStride;
  const solid = new Uint8Array(sums.length);
  for (let k = 0; k < solid.length; k++) solid[k] = sums[k] >= threshold ? 1 : 0;
  giveBack(sums);
  return solid;
}
