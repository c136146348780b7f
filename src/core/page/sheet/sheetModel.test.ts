import { describe, expect, it } from 'vitest';
import { polygonMask } from '../../shared/polygon';
import type { Point } from '../../shared/types';
import type { ModelRun, RgbaImage } from '../../shared/types';
import { findSheet } from './findSheet';
import { findSheetWithModel, sheetFromProbability, sheetModelInput, SHEET_INPUT_SIZE } from './sheetModel';

const MAP = 128;

/** A probability map as the model would answer for this quadrilateral (in map cells): 1 on it, soft across its edges. */
function mapOf(corners: Point[]): Float32Array {
  const fine = 4;
  const mask = polygonMask(
    corners.map((p) => ({ x: p.x * fine, y: p.y * fine })),
    MAP * fine,
    MAP * fine,
    1,
  );
  const map = new Float32Array(MAP * MAP);
  for (let y = 0; y < MAP * fine; y++) for (let x = 0; x < MAP * fine; x++) map[Math.floor(y / fine) * MAP + Math.floor(x / fine)] += mask[y * MAP * fine + x] / (fine * fine);
  return map;
}

function iouInFrame(a: Point[], b: Point[], width: number, height: number): number {
  const ma = polygonMask(a, width, height, 1);
  const mb = polygonMask(b, width, height, 1);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < ma.length; i++) {
    inter += ma[i] & mb[i];
    union += ma[i] | mb[i];
  }
  return inter / union;
}

describe('the sheet from the sheet model’s probability map', () => {
  it('outlines a tilted sheet lying inside the frame, corners to a fraction of a cell', () => {
    const truth = [
      { x: 30, y: 14 },
      { x: 101, y: 22 },
      { x: 95, y: 118 },
      { x: 20, y: 108 },
    ];
    const sheet = sheetFromProbability(mapOf(truth), MAP, MAP, 3000, 4000);
    expect(sheet).not.toBeNull();
    const scaled = truth.map((p) => ({ x: (p.x * 3000) / MAP, y: (p.y * 4000) / MAP }));
    for (const corner of sheet!.corners) {
      const nearest = Math.min(...scaled.map((p) => Math.hypot((p.x - corner.x) / (3000 / MAP), (p.y - corner.y) / (4000 / MAP))));
      expect(nearest).toBeLessThan(0.6);
    }
    // Clockwise from the corner nearest the image's top-left.
    expect(Math.hypot(sheet!.corners[0].x - scaled[0].x, sheet!.corners[0].y - scaled[0].y)).toBeLessThan(30);
    expect(Math.hypot(sheet!.corners[1].x - scaled[1].x, sheet!.corners[1].y - scaled[1].y)).toBeLessThan(30);
  });

  it('follows a sheet out of the frame: the frame’s border closes it', () => {
    const truth = [
      { x: 40, y: -30 },
      { x: 160, y: 10 },
      { x: 140, y: 120 },
      { x: 30, y: 100 },
    ];
    const sheet = sheetFromProbability(mapOf(truth), MAP, MAP, 1024, 1024);
    expect(sheet).not.toBeNull();
    const scale = 1024 / MAP;
    expect(iouInFrame(sheet!.corners, truth.map((p) => ({ x: p.x * scale, y: p.y * scale })), 1024, 1024)).toBeGreaterThan(0.98);
  });

  it('finds no sheet to cut away when the map covers the frame, or nearly nothing of it', () => {
    expect(sheetFromProbability(new Float32Array(MAP * MAP).fill(0.97), MAP, MAP, 800, 600)).toBeNull();
    const sliver = mapOf([
      { x: 0.6, y: -5 },
      { x: 140, y: -5 },
      { x: 140, y: 140 },
      { x: 0.6, y: 140 },
    ]);
    expect(sheetFromProbability(sliver, MAP, MAP, 800, 600)).toBeNull();
    expect(sheetFromProbability(new Float32Array(MAP * MAP), MAP, MAP, 800, 600)).toBeNull();
  });

  it('finds no sheet in a map no four straight sides explain', () => {
    const blob = new Float32Array(MAP * MAP);
    for (let y = 0; y < MAP; y++) for (let x = 0; x < MAP; x++) blob[y * MAP + x] = Math.hypot(x - 64, y - 64) < 40 ? 1 : 0;
    expect(sheetFromProbability(blob, MAP, MAP, 800, 800)).toBeNull();
  });

  it('gives the model the frame’s mean colour per cell of a square grid', () => {
    const width = 512;
    const height = 384;
    const data = new Uint8ClampedArray(width * height * 4);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) data.set(x < width / 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], (y * width + x) * 4);
    const input = sheetModelInput({ width, height, data });
    const plane = SHEET_INPUT_SIZE * SHEET_INPUT_SIZE;
    expect(input.length).toBe(3 * plane);
    expect(input[0]).toBe(1); // red, left
    expect(input[2 * plane]).toBe(0);
    expect(input[2 * plane + SHEET_INPUT_SIZE - 1]).toBe(1); // blue, right
  });

  it('does not ask the classical finder when the map sees no desk (a flat scan, a tight crop)', async () => {
    // A white page on a dark surround: the classical finder outlines it.
    const [width, height] = [600, 800];
    const image: RgbaImage = { width, height, data: new Uint8ClampedArray(width * height * 4) };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const page = x >= 60 && x < 540 && y >= 60 && y < 740;
        image.data.set(page ? [235, 232, 225, 255] : [60, 50, 45, 255], (y * width + x) * 4);
      }
    }
    expect(findSheet(image)).not.toBeNull();
    const answering = (logits: Float32Array): ModelRun => async () => ({ data: logits, dims: [1, 1, MAP, MAP] });
    // The map calls the whole frame sheet: nothing to cut away, whatever straight edges the frame holds.
    expect((await findSheetWithModel(answering(new Float32Array(MAP * MAP).fill(8)), image)).sheet).toBeNull();
    // The map sees the surround: a sheet.
    const page = mapOf([
      { x: 12.8, y: 9.6 },
      { x: 115.2, y: 9.6 },
      { x: 115.2, y: 118.4 },
      { x: 12.8, y: 118.4 },
    ]);
    const logits = page.map((p) => (p >= 0.5 ? 8 : -8));
    const found = await findSheetWithModel(answering(logits), image);
    expect(found.sheet).not.toBeNull();
    // A model with one answer per cell (sheet-v1, v2) says nothing of what lies on the page.
    expect(found.cover).toBeNull();
  });

  it('reads the second answer as the map of what lies on the sheet, only when there is a sheet', async () => {
    const image: RgbaImage = { width: 640, height: 480, data: new Uint8ClampedArray(640 * 480 * 4).fill(230) };
    const page = mapOf([
      { x: 12.8, y: 9.6 },
      { x: 115.2, y: 9.6 },
      { x: 115.2, y: 118.4 },
      { x: 12.8, y: 118.4 },
    ]);
    const logits = new Float32Array(2 * MAP * MAP);
    for (let i = 0; i < MAP * MAP; i++) logits[i] = page[i] >= 0.5 ? 8 : -8;
    for (let i = 0; i < MAP * MAP; i++) logits[MAP * MAP + i] = i % MAP < 32 ? 6 : -6;
    const answering = (data: Float32Array): ModelRun => async () => ({ data, dims: [1, 2, MAP, MAP] });
    const found = await findSheetWithModel(answering(logits), image);
    expect(found.sheet).not.toBeNull();
    expect(found.cover!.width).toBe(MAP);
    expect(found.cover!.probability[5]).toBeCloseTo(1 / (1 + Math.exp(-6)), 5);
    expect(found.cover!.probability[64]).toBeCloseTo(1 / (1 + Math.exp(6)), 5);
    // A frame-filling page (a flat scan): the same cover answer is not used.
    const flat = logits.slice();
    flat.fill(8, 0, MAP * MAP);
    expect(await findSheetWithModel(answering(flat), image)).toEqual({ sheet: null, cover: null });
  });
});
