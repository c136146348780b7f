import { describe, expect, it } from 'vitest';
import { labelComponents } from '../../shared/components';
import type { ModelRun } from '../../shared/types';
import type { InkFeatures } from './features';
import { separationGeometry } from './geometry';
import { separateFeatures } from './separate';
import { clearStrayInk, STRAY_INPUTS, strayLogit, strayPieces } from './strayInk';

function blankPage(width: number, height: number, paper = 10): InkFeatures {
  return { width, height, deficit: new Uint8Array(width * height).fill(paper), lumaDeficit: new Uint8Array(width * height).fill(paper) };
}

function paint(page: InkFeatures, ink: Uint8Array, x0: number, y0: number, w: number, h: number, deficit: number, luma = deficit): void {
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      page.deficit[y * page.width + x] = deficit;
      page.lumaDeficit[y * page.width + x] = luma;
      ink[y * page.width + x] = 1;
    }
  }
}

/** Lines of dark "words" (short bars and dots) and, away from them, pale yellowish specks on the discoloured paper of a stain. */
const SPECK = 52;

function stainedPage() {
  const page = blankPage(320, 240, 12);
  const ink = new Uint8Array(page.width * page.height);
  for (let y = 120; y < 240; y++) {
    for (let x = 220; x < 320; x++) {
      page.deficit[y * page.width + x] = 28;
      page.lumaDeficit[y * page.width + x] = 12;
    }
  }
  for (let line = 0; line < 4; line++) {
    for (let word = 0; word < 9; word++) {
      const x = 12 + word * 20;
      const y = 16 + line * 24;
      paint(page, ink, x, y, 12, 3, 210, 200);
      paint(page, ink, x + 2, y - 6, 2, 9, 210, 200);
      paint(page, ink, x + 14, y + 1, 2, 2, 205, 195);
    }
  }
  for (let k = 0; k < 6; k++) paint(page, ink, 230 + (k % 2) * 40, 130 + ((k / 2) | 0) * 34, 3, 2, SPECK, 22);
  return { page, ink };
}

describe('the pieces the stray-ink step reads', () => {
  it('reads each piece\'s size, shape, darkness, colour, surroundings and the page\'s ink', () => {
    const page = blankPage(64, 64, 10);
    const ink = new Uint8Array(64 * 64);
    paint(page, ink, 10, 10, 10, 2, 200, 100);
    paint(page, ink, 40, 40, 1, 1, 50, 25);
    const { components, inputs } = strayPieces(page, ink);
    expect(components.count).toBe(2);
    expect(inputs.length).toBe(2 * STRAY_INPUTS);
    const bar = Array.from(inputs.subarray(0, STRAY_INPUTS));
    const speck = Array.from(inputs.subarray(STRAY_INPUTS));
    const close = (values: number[], expected: number[]) => expected.forEach((v, i) => expect(values[i]).toBeCloseTo(v, 5));
    const pieces = Math.log(1 + 2 / 1); // two pieces over at least a thousand pixels of ink
    // area, width, height (logs), fill, mean and darkest deficit, mean luminance deficit, luminance over deficit,
    // mean and darkest over the page's ink (its 90th percentile: 200), that reference, other ink near and wide,
    // darkest over the region's darkest ink, the paper around, the paper over the mean, thickness, pieces per ink.
    close(bar, [Math.log(20), Math.log(10), Math.log(2), 1, 200 / 255, 200 / 255, 100 / 255, 0.5, 1, 1, 200 / 255, 1 / 2304, 1 / 4096, 1, 10 / 255, 10 / 200, 2, pieces]);
    close(speck, [0, 0, 0, 1, 50 / 255, 50 / 255, 25 / 255, 0.5, 0.25, 0.25, 200 / 255, 20 / 4096, 20 / 4096, 1, 10 / 255, 10 / 50, 2, pieces]);
  });

  it('clears a stain\'s pale specks far from the writing whole, and keeps every piece of the writing', () => {
    const { page, ink } = stainedPage();
    const before = labelComponents(ink, page.width, page.height);
    const kept = ink.slice();
    const cleared = clearStrayInk(page, kept);
    let specksCleared = 0;
    let writingCleared = 0;
    let pixelsCleared = 0;
    for (let l = 1; l <= before.count; l++) {
      let gone = 0;
      for (let p = 0; p < ink.length; p++) if (before.labels[p] === l && kept[p] === 0) gone++;
      expect(gone === 0 || gone === before.area[l]).toBe(true);
      pixelsCleared += gone;
      const speck = page.deficit[before.top[l] * page.width + before.left[l]] === SPECK;
      if (gone > 0 && speck) specksCleared++;
      if (gone > 0 && !speck) writingCleared++;
    }
    expect(cleared).toBe(pixelsCleared);
    expect(specksCleared).toBe(6);
    expect(writingCleared).toBe(0);
  });

  it('gives each piece the logit of its own inputs', () => {
    const { page, ink } = stainedPage();
    const { components, inputs } = strayPieces(page, ink);
    const alone = new Float32Array(STRAY_INPUTS);
    for (const l of [1, components.count]) {
      alone.set(inputs.subarray((l - 1) * STRAY_INPUTS, l * STRAY_INPUTS));
      expect(strayLogit(inputs, (l - 1) * STRAY_INPUTS)).toBe(strayLogit(alone));
    }
  });
});

describe('where the stray-ink step runs', () => {
  /** A model run answering the same in every cell: ink where the deficit over the page's ink strength is over 0.2 (a = 1, b = 0, c = −0.2). */
  function plainDecision(page: InkFeatures): ModelRun {
    const g = separationGeometry(page.width, page.height);
    const plane = (g.inputWidth / 2) * (g.inputHeight / 2);
    return async () => {
      const out = new Float32Array(plane * 3);
      for (let k = 0; k < plane; k++) [out[k], out[plane + k], out[2 * plane + k]] = [1, 0, -0.2];
      return { data: out, dims: [1, 3, g.inputHeight / 2, g.inputWidth / 2] };
    };
  }
  const keepAll: ModelRun = async (_input, dims) => ({ data: new Float32Array(dims[0]).fill(1), dims: [dims[0], 1] });

  it('runs after the edge step on a flat page, not on a photo, and not when told not to', async () => {
    const { page } = stainedPage();
    const speck = (ink: Uint8Array) => ink[130 * page.width + 231];
    const flat = await separateFeatures(plainDecision(page), page, { edgeRun: keepAll });
    const unstepped = await separateFeatures(plainDecision(page), page, { edgeRun: keepAll, clearStray: false });
    const photo = await separateFeatures(plainDecision(page), page, { photo: true, edgeRun: keepAll });
    expect(speck(unstepped.ink)).toBe(1);
    expect(speck(photo.ink)).toBe(1);
    expect(speck(flat.ink)).toBe(0);
    expect(flat.edgeKept!.every((p) => flat.ink[p] === 1)).toBe(true);
  });
});
