import { describe, expect, it } from 'vitest';
import { jpxPdf, predefinedCmapPdf } from '../testing/fixtures';
import { renderPdfPageOne } from './renderPdf';

describe('page one of a PDF', () => {
  it('draws a JPEG 2000 image (JPXDecode) instead of leaving the page blank', async () => {
    const page = await renderPdfPageOne(new Uint8Array(jpxPdf()), 72, 40e6);
    expect([page.width, page.height]).toEqual([192, 128]);
    const red = (x: number, y: number) => page.data[(y * page.width + x) * 4];
    // At 72 DPI one image pixel is one page pixel: a ruled line of ink, and the paper between lines.
    expect(red(100, 30)).toBeLessThan(80);
    expect(red(100, 45)).toBeGreaterThan(220);
  });

  it('draws text in a font encoded by a predefined CJK CMap', async () => {
    const page = await renderPdfPageOne(new Uint8Array(predefinedCmapPdf()), 72, 40e6);
    // The line's band: 48-pt glyphs standing on y = 792 − 600 pt from the top.
    let dark = 0;
    for (let y = 140; y < 200; y++) for (let x = 60; x < 420; x++) if (page.data[(y * page.width + x) * 4] < 128) dark++;
    expect(dark).toBeGreaterThan(500);
  });
});
