import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { InkClass } from '../../core/shared/types';
import { writeLayout, type LabelledPage } from './namePages';

const dir = mkdtempSync(path.join(tmpdir(), 'inklift-namepages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A light page with one dark block of handwriting at (x0, y0)–(x1, y1), exclusive. */
function pageWithBlock(width: number, height: number, block: [number, number, number, number]): LabelledPage {
  const rgb = Buffer.alloc(width * height * 3, 235);
  const classes = new Uint8Array(width * height);
  const [x0, y0, x1, y1] = block;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      rgb.fill(20, (y * width + x) * 3, (y * width + x) * 3 + 3);
      classes[y * width + x] = InkClass.handwriting;
    }
  }
  return { rgb, classes, width, height };
}

describe('name pages laid out for training', () => {
  it('writes an image whose ink lies exactly under its handwriting labels', async () => {
    const pages = [pageWithBlock(40, 60, [10, 5, 22, 17]), pageWithBlock(30, 50, [4, 30, 16, 44])];
    await writeLayout(pages, 2, dir, 'grid');
    const { data, info } = await sharp(path.join(dir, 'grid.jpg')).greyscale().raw().toBuffer({ resolveWithObject: true });
    const classes = await sharp(path.join(dir, 'grid.classes.png')).extractChannel(0).raw().toBuffer();
    expect([info.width, info.height]).toEqual([80, 60]);
    expect(classes.length).toBe(80 * 60);
    let labelled = 0;
    for (let y = 1; y < 59; y++) {
      for (let x = 1; x < 79; x++) {
        const p = y * 80 + x;
        const nearLabel = [-1, 0, 1].some((dy) => [-1, 0, 1].some((dx) => classes[p + dy * 80 + dx] === InkClass.handwriting));
        if (classes[p] === InkClass.handwriting) {
          labelled++;
          expect(data[p], `ink at ${x},${y}`).toBeLessThan(80);
        } else if (!nearLabel) {
          expect(data[p], `paper at ${x},${y}`).toBeGreaterThan(200);
        }
      }
    }
    expect(labelled).toBe(12 * 12 + 12 * 14);
  });
});
