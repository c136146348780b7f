import { describe, expect, it } from 'vitest';
import { jpxPdf } from '../testing/fixtures';
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
});
