import { describe, expect, it } from 'vitest';
import type { SheetOutline } from '../core/shared/types';
import { polygonMask } from '../core/shared/polygon';
import { classesRightResult, inkOutsideSheet, inkUnderObjects, shadowKeptAsInk, sheetIoU } from './photoMetrics';

const square = (x0: number, y0: number, x1: number, y1: number): SheetOutline => ({
  corners: [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ],
});

describe('photo metrics', () => {
  it('sheet IoU clips both sheets to the frame and takes no sheet as the whole frame', () => {
    const truth = polygonMask(square(0, 0, 10, 20).corners, 20, 20);
    expect(sheetIoU(square(0, 0, 10, 20), truth, 20, 20)).toBe(1);
    // Out of frame on the left and below: only the part within the frame counts.
    expect(sheetIoU(square(-50, 0, 10, 90), truth, 20, 20)).toBe(1);
    expect(sheetIoU(square(5, 0, 15, 20), truth, 20, 20)).toBeCloseTo(1 / 3, 6);
    expect(sheetIoU(null, truth, 20, 20)).toBe(0.5);
  });

  it('counts kept ink off the sheet', () => {
    const mask = Uint8Array.from([255, 255, 0, 0]);
    const rgba = new Uint8Array(16);
    rgba[3] = 255; // on the sheet
    rgba[11] = 200; // off it
    rgba[15] = 100; // faint: not kept
    expect(inkOutsideSheet(rgba, mask)).toEqual({ outside: 1, kept: 2 });
  });

  it('counts kept ink under the things lying in the photo', () => {
    const cover = Uint8Array.from([0, 255, 127, 128]);
    const rgba = new Uint8Array(16);
    rgba[3] = 255; // kept, uncovered
    rgba[7] = 128; // kept, under an object
    rgba[11] = 255; // kept, an object's soft edge below half
    rgba[15] = 127; // not kept, under an object
    expect(inkUnderObjects(rgba, cover)).toEqual({ under: 1, kept: 3 });
  });

  it('counts kept pixels of a cast shadow where there is no ink and no object', () => {
    const shadow = Float32Array.from([0, 0.3, 0.3, 0.3, 0.04]);
    const cover = Uint8Array.from([0, 0, 0, 255, 0]);
    const truth = Uint8Array.from([0, 0, 255, 0, 0]);
    const rgba = new Uint8Array(20);
    rgba[3] = 255; // kept, no shadow
    rgba[7] = 255; // kept, shadow, no ink: counted
    rgba[11] = 255; // kept, shadow over true ink
    rgba[15] = 255; // kept, under the object that casts it
    rgba[19] = 255; // kept, shadow too faint to count
    expect(shadowKeptAsInk(rgba, shadow, cover, truth)).toEqual({ inShadow: 1, kept: 5 });
    rgba[7] = 127; // not kept
    expect(shadowKeptAsInk(rgba, shadow, cover, truth)).toEqual({ inShadow: 0, kept: 4 });
  });

  it('credits the all-ink result near the task\'s true ink to the task, not what lies on or beside other ink', () => {
    const width = 12;
    const height = 3;
    const task = new Uint8Array(width * height);
    const all = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      task[y * width + 2] = 255; // the signature's stroke
      all[y * width + 2] = 255;
      all[y * width + 8] = 255; // print
    }
    all[1 * width + 3] = 255; // print crossing the stroke's rim
    task[0] = 200; // the signature and print share a pixel
    all[0] = 255;
    const rgba = new Uint8Array(width * height * 4);
    const keep = (x: number, y: number) => (rgba[(y * width + x) * 4 + 3] = 255);
    for (const x of [0, 1, 2, 3, 5, 6, 7, 8, 10]) keep(x, 2);
    keep(3, 1);
    keep(0, 0);
    const kept = (out: Uint8ClampedArray, y: number) => [...Array(width).keys()].filter((x) => out[(y * width + x) * 4 + 3] >= 128);
    const out = classesRightResult(rgba, task, all, width, height);
    // Rims and strays within 3 px of the stroke stay; x 3 lies beside the print crossing above it, x 7
    // beside the print at x 8, and x 10 is too far.
    expect(kept(out, 2)).toEqual([0, 1, 2, 5]);
    // On the print that crosses the rim: print's own pixel goes, the shared one stays.
    expect(kept(out, 1)).toEqual([]);
    expect(kept(out, 0)).toEqual([0]);
    expect(() => classesRightResult(rgba, task, all, width, height + 1)).toThrow();
  });
});
