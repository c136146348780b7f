import { describe, expect, it } from 'vitest';
import { pdfRenderDpi, scannedImageDpi } from './pdfScanResolution';

const OPS = { save: 10, restore: 11, transform: 12, paintImageXObject: 85, paintImageMaskXObject: 83 };

function list(...ops: [number, unknown[] | null][]) {
  return { fnArray: ops.map(([fn]) => fn), argsArray: ops.map(([, args]) => args) };
}

describe('scannedImageDpi', () => {
  it('reads a full-page scan’s resolution from the image’s pixels and its size on the page', () => {
    // US Letter (612 × 792 pt) filled by a 2550 × 3300 image: 300 DPI.
    const ops = list([OPS.save, null], [OPS.transform, [612, 0, 0, 792, 0, 0]], [OPS.paintImageXObject, ['img_1', 2550, 3300]], [OPS.restore, null]);
    expect(scannedImageDpi(ops, OPS, 612, 792)).toBeCloseTo(300, 6);
  });

  it('reads a bilevel scan drawn as a 1-bit image mask the same way', () => {
    const ops = list([OPS.save, null], [OPS.transform, [612, 0, 0, 792, 0, 0]], [OPS.paintImageMaskXObject, [{ data: 'mask_1', width: 1700, height: 2200, count: 1 }]], [OPS.restore, null]);
    expect(scannedImageDpi(ops, OPS, 612, 792)).toBeCloseTo(200, 6);
  });

  it('follows nested transforms and the save/restore stack; a page turned by the content is read the same', () => {
    const ops = list(
      [OPS.transform, [0.5, 0, 0, 0.5, 0, 0]],
      [OPS.save, null],
      [OPS.transform, [2, 0, 0, 2, 0, 0]],
      [OPS.save, null],
      // Rotated 90°: the image's width runs up the page.
      [OPS.transform, [0, 612, -792, 0, 612, 0]],
      [OPS.paintImageXObject, ['img_1', 1275, 1650]],
      [OPS.restore, null],
      [OPS.restore, null],
      // Back at scale 0.5: a page-sized image here covers a quarter of the page and is not the scan.
      [OPS.transform, [612, 0, 0, 792, 0, 0]],
      [OPS.paintImageXObject, ['img_2', 9999, 9999]],
    );
    expect(scannedImageDpi(ops, OPS, 612, 792)).toBeCloseTo(150, 6);
  });

  it('takes the largest image covering half the page, the lower of its two resolutions; none for a vector page or a logo', () => {
    const two = list(
      [OPS.save, null], [OPS.transform, [612, 0, 0, 500, 0, 0]], [OPS.paintImageXObject, ['a', 1700, 2000]], [OPS.restore, null],
      [OPS.save, null], [OPS.transform, [612, 0, 0, 792, 0, 0]], [OPS.paintImageXObject, ['b', 2550, 2640]], [OPS.restore, null],
    );
    expect(scannedImageDpi(two, OPS, 612, 792)).toBeCloseTo(240, 6); // b's (2 550 / 8.5 in = 300, 2 640 / 11 in = 240), not a's 200
    const logo = list([OPS.save, null], [OPS.transform, [100, 0, 0, 50, 50, 700]], [OPS.paintImageXObject, ['logo', 1000, 500]], [OPS.restore, null]);
    expect(scannedImageDpi(logo, OPS, 612, 792)).toBeNull();
    expect(scannedImageDpi(list(), OPS, 612, 792)).toBeNull();
  });
});

describe('pdfRenderDpi', () => {
  it('renders at the scan’s resolution between the base and the cap, at the base without a scan', () => {
    expect(pdfRenderDpi(300, 200, 300)).toBe(300);
    expect(pdfRenderDpi(150, 200, 300)).toBe(200);
    expect(pdfRenderDpi(600, 200, 300)).toBe(300);
    expect(pdfRenderDpi(239.6, 200, 300)).toBe(240);
    expect(pdfRenderDpi(null, 200, 300)).toBe(200);
  });
});
