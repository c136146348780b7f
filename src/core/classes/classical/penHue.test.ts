import { describe, expect, it } from 'vitest';
import { labelComponents } from '../../shared/components';
import type { InkGrid } from '../inkGrid';
import { colouredOutsidePenHues } from './penHue';

/** One 6×6 block of ink per colour (RGB of the ink), side by side on a grid with a coloured mask. */
function blocks(inks: [number, number, number][], colouredShare = 1) {
  const width = inks.length * 10;
  const height = 10;
  const grid: InkGrid = { width, height, factor: 1, alpha: new Uint8Array(width * height), mask: new Uint8Array(width * height), inkDeficit: new Uint8Array(width * height * 3) };
  const colouredMask = new Uint8Array(width * height);
  inks.forEach((rgb, i) => {
    for (let y = 2; y < 8; y++) {
      for (let x = i * 10 + 2; x < i * 10 + 8; x++) {
        const k = y * width + x;
        grid.mask[k] = 1;
        grid.alpha[k] = 255;
        for (let c = 0; c < 3; c++) grid.inkDeficit[k * 3 + c] = 255 - rgb[c];
        if ((y - 2) * 6 + (x - i * 10 - 2) < 36 * colouredShare) colouredMask[k] = 1;
      }
    }
  });
  const comps = labelComponents(grid.mask, width, height);
  const coloured = new Int32Array(comps.count + 1);
  for (let k = 0; k < colouredMask.length; k++) if (colouredMask[k] !== 0) coloured[comps.labels[k]]++;
  return [...colouredOutsidePenHues(grid, comps, coloured, colouredMask).components.slice(1)];
}

describe('colouredOutsidePenHues', () => {
  it("calls red, orange, green and teal ink the printer's and leaves blue and violet pen inks alone", () => {
    const red: [number, number, number] = [200, 30, 40];
    const orange: [number, number, number] = [235, 120, 20];
    const green: [number, number, number] = [20, 130, 60];
    const teal: [number, number, number] = [0, 125, 130];
    const blueBallpoint: [number, number, number] = [25, 45, 150];
    const darkViolet: [number, number, number] = [55, 30, 105];
    expect(blocks([red, orange, green, teal, blueBallpoint, darkViolet])).toEqual([1, 1, 1, 1, 0, 0]);
  });

  it('does not judge the hue of near-neutral ink (a blue-black pen under a warm cast reads as teal)', () => {
    // Like validation page 208's pen (mean deficit 148/141/139): hue 185, outside the pen window, but nearly grey.
    const castBlueBlack: [number, number, number] = [105, 116, 117];
    expect(blocks([castBlueBlack])).toEqual([0]);
  });

  it('judges only components that are mostly coloured ink', () => {
    expect(blocks([[200, 30, 40]], 0.4)).toEqual([0]);
  });

  /** One component, red up to column `blueFrom`, blue ballpoint from there to column 62, six rows tall. */
  function redStampMergedWithPen(blueFrom: number) {
    const width = 66;
    const height = 10;
    const grid: InkGrid = { width, height, factor: 1, alpha: new Uint8Array(width * height), mask: new Uint8Array(width * height), inkDeficit: new Uint8Array(width * height * 3) };
    const colouredMask = new Uint8Array(width * height);
    for (let y = 2; y < 8; y++) {
      for (let x = 2; x < 62; x++) {
        const k = y * width + x;
        const rgb = x < blueFrom ? [200, 30, 40] : [25, 45, 150];
        grid.mask[k] = colouredMask[k] = 1;
        grid.alpha[k] = 255;
        for (let c = 0; c < 3; c++) grid.inkDeficit[k * 3 + c] = 255 - rgb[c];
      }
    }
    const comps = labelComponents(grid.mask, width, height);
    const coloured = new Int32Array(comps.count + 1);
    for (let k = 0; k < colouredMask.length; k++) if (colouredMask[k] !== 0) coloured[comps.labels[k]]++;
    return { comps, width, ...colouredOutsidePenHues(grid, comps, coloured, colouredMask) };
  }

  it('splits a component holding both a red stamp and a blue pen cell by cell, calling only the red cells the printer\'s', () => {
    // Mostly red (its mean hue is outside the pen's), a third blue ballpoint, touching.
    const { comps, width, components, cells } = redStampMergedWithPen(42);
    expect(comps.count).toBe(1);
    expect(components[1]).toBe(0);
    expect(cells[5 * width + 10]).toBe(1);
    expect(cells[5 * width + 50]).toBe(0);
  });

  it('splits it too when the pen is a small share of a large stamp (a signature touching a seal), keeping the pen\'s cells', () => {
    // 8 of 60 columns blue: 48 pen cells, 13% of the component.
    const { components, cells, width } = redStampMergedWithPen(54);
    expect(components[1]).toBe(0);
    expect(cells[5 * width + 10]).toBe(1);
    expect(cells[5 * width + 58]).toBe(0);
  });

  it('calls a red component the printer\'s as a whole when only a few edge cells read as a pen\'s hue', () => {
    const { components } = redStampMergedWithPen(58);
    expect(components[1]).toBe(1);
  });
});
