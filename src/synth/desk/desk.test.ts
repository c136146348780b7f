import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Point } from '../../core/shared/types';
import { DESK_KINDS } from './desks';
import { polygonMask } from '../../core/shared/polygon';
import { generateDeskPhoto, type DeskPhoto } from './scene';

const SMALL = { megapixels: 0.2 };

const inFrame = (p: Point, photo: DeskPhoto) => p.x >= 0 && p.y >= 0 && p.x <= photo.meta.width && p.y <= photo.meta.height;
const at = (photo: DeskPhoto, map: Uint8Array, p: Point) => map[Math.floor(p.y) * photo.meta.width + Math.floor(p.x)];
const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

describe('desk photos', () => {
  it('are deterministic per seed and differ between seeds', async () => {
    const a = await generateDeskPhoto(1_000_004, SMALL);
    const b = await generateDeskPhoto(1_000_004, SMALL);
    const c = await generateDeskPhoto(1_000_005, SMALL);
    expect(Buffer.compare(a.encoded, b.encoded)).toBe(0);
    expect(Buffer.from(a.truth.all).equals(Buffer.from(b.truth.all))).toBe(true);
    expect(Buffer.from(a.sheetMask).equals(Buffer.from(b.sheetMask))).toBe(true);
    expect(a.sheet).toEqual(b.sheet);
    expect(Buffer.compare(a.encoded, c.encoded)).not.toBe(0);
  });

  it('put the sheet where its corners say, and no ink off the sheet', async () => {
    for (const seed of [11, 12]) {
      const photo = await generateDeskPhoto(seed, { ...SMALL, curl: false, cut: 'none' });
      const { width, height } = photo.meta;
      const [tl, tr, br, bl] = photo.sheet.corners;
      // Inside the outline, a little in from its edges: sheet; a little beyond each corner: desk.
      for (const s of [0.05, 0.5, 0.95]) for (const t of [0.05, 0.5, 0.95]) expect(at(photo, photo.sheetMask, lerp(lerp(tl, tr, s), lerp(bl, br, s), t))).toBe(255);
      const centre = lerp(tl, br, 0.5);
      for (const corner of photo.sheet.corners) {
        const beyond = lerp(centre, corner, 1.04);
        if (inFrame(beyond, photo)) expect(at(photo, photo.sheetMask, beyond)).toBe(0);
      }
      const outline = polygonMask(photo.sheet.corners, width, height);
      let differ = 0;
      for (let i = 0; i < outline.length; i++) if (outline[i] !== photo.sheetMask[i]) differ++;
      expect(differ / outline.length).toBeLessThan(0.002);
      for (let i = 0; i < photo.sheetMask.length; i++) {
        if (photo.sheetMask[i]) continue;
        if (photo.truth.all[i] || photo.truth.signature[i] || photo.truth.stamp[i] || photo.truth.classes[i]) throw new Error(`seed ${seed}: ink in the truth off the sheet at pixel ${i}`);
      }
      let ink = 0;
      for (let i = 0; i < photo.truth.all.length; i++) if (photo.truth.all[i] >= 128) ink++;
      expect(ink).toBeGreaterThan(20);
    }
  });

  it('hide the ink under objects lying on the sheet', async () => {
    const notes = Array.from({ length: 8 }, () => 'sticky-note' as const);
    const bare = await generateDeskPhoto(21, { ...SMALL, clutter: [] });
    const covered = await generateDeskPhoto(21, { ...SMALL, clutter: notes });
    expect(covered.sheet).toEqual(bare.sheet);
    for (const item of covered.meta.desk.clutter.filter((c) => c.onSheet)) {
      for (let dy = -3; dy <= 3; dy++) {
        for (let dx = -3; dx <= 3; dx++) {
          const p = { x: item.x + dx, y: item.y + dy };
          expect(at(covered, covered.truth.all, p)).toBe(0);
          expect(at(covered, covered.truth.classes, p)).toBe(0);
        }
      }
    }
    expect(covered.meta.desk.clutter.some((c) => c.onSheet)).toBe(true);
    let hidden = 0;
    for (let i = 0; i < covered.truth.all.length; i++) {
      if (covered.truth.all[i] > bare.truth.all[i]) throw new Error('an object added ink');
      hidden += bare.truth.all[i] - covered.truth.all[i];
    }
    expect(hidden).toBeGreaterThan(0);
  });

  it('cut the sheet at the frame when asked', async () => {
    for (const seed of [31]) {
      const corner = await generateDeskPhoto(seed, { ...SMALL, cut: 'corner' });
      expect(corner.sheet.corners.filter((p) => !inFrame(p, corner)).length).toBeGreaterThanOrEqual(1);
      const side = await generateDeskPhoto(seed, { ...SMALL, cut: 'side' });
      expect(side.sheet.corners.filter((p) => !inFrame(p, side)).length).toBeGreaterThanOrEqual(2);
      const whole = await generateDeskPhoto(seed, { ...SMALL, cut: 'none' });
      expect(whole.sheet.corners.every((p) => inFrame(p, whole))).toBe(true);
    }
  });

  it('render every desk kind, the blue and brown tables in their colours', async () => {
    for (const desk of DESK_KINDS) {
      const photo = await generateDeskPhoto(41, { megapixels: 0.12, desk, clutter: [] });
      expect(photo.meta.desk.kind).toBe(desk);
      const sum = [0, 0, 0];
      let count = 0;
      const { data } = photo.image;
      for (let i = 0; i < photo.sheetMask.length; i++) {
        if (photo.sheetMask[i]) continue;
        for (let ch = 0; ch < 3; ch++) sum[ch] += data[i * 4 + ch];
        count++;
      }
      expect(count).toBeGreaterThan(1000);
      const [r, , b] = sum.map((v) => v / count);
      if (desk === 'plain-blue') expect(b).toBeGreaterThan(r + 30);
      if (desk === 'plain-brown') expect(r).toBeGreaterThan(b + 30);
    }
  });

  it('take the desk from a folder of desk photos when given one', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'desks-'));
    await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toFile(path.join(folder, 'red.png'));
    const photo = await generateDeskPhoto(51, { megapixels: 0.12, deskImages: folder, clutter: [] });
    expect(photo.meta.desk).toMatchObject({ kind: 'photo', deskImage: 'red.png' });
    let red = 0;
    let blue = 0;
    for (let i = 0; i < photo.sheetMask.length; i++) {
      if (photo.sheetMask[i]) continue;
      red += photo.image.data[i * 4];
      blue += photo.image.data[i * 4 + 2];
    }
    expect(red).toBeGreaterThan(blue * 2);
  });

  it('hold the sheet up in a hand in front of surroundings often brighter than the paper, when asked', async () => {
    let brighterBehind = 0;
    let hands = 0;
    for (const seed of [61, 62, 63, 64, 65, 66]) {
      const photo = await generateDeskPhoto(seed, { megapixels: 0.12, held: true });
      expect(photo.meta.desk).toMatchObject({ kind: 'room', held: true });
      expect(photo.meta.desk.clutter.every((c) => c.kind === 'hand')).toBe(true);
      const { data } = photo.image;
      const grey = (i: number) => data[i * 4] + data[i * 4 + 1] + data[i * 4 + 2];
      const paper: number[] = [];
      for (let i = 0; i < photo.sheetMask.length; i++) if (photo.sheetMask[i] && !photo.objectCover[i]) paper.push(grey(i));
      paper.sort((a, b) => a - b);
      const paperLight = paper[Math.floor(paper.length * 0.9)];
      let handOnSheet = 0;
      let brightBehind = 0;
      let behind = 0;
      for (let i = 0; i < photo.sheetMask.length; i++) {
        if (photo.sheetMask[i]) {
          if (photo.objectCover[i] === 255) handOnSheet++;
          continue;
        }
        behind++;
        if (grey(i) > paperLight) brightBehind++;
      }
      if (photo.meta.desk.clutter.length > 0) {
        hands++;
        expect(handOnSheet).toBeGreaterThan(0);
      }
      if (brightBehind > behind * 0.1) brighterBehind++;
      // The sheet's truth is its outline: a hand on it does not change the mask.
      expect(photo.sheetMask.filter((v) => v === 255).length).toBeGreaterThan(photo.sheetMask.length * 0.2);
    }
    expect(hands).toBeGreaterThanOrEqual(4);
    expect(brighterBehind).toBeGreaterThanOrEqual(3);
  });
});
