/**
 * The resolution a scanned PDF was made at, from page one's operator list, so that page is rendered
 * at the scan's own resolution rather than a fixed one (a 300-DPI contract scan rendered at 200 DPI
 * loses a third of every signature's detail). Runtime-neutral: the browser's and Node's pdf.js
 * builds each pass their operator list and their OPS numbers.
 */

/** What this needs of pdf.js's `page.getOperatorList()`. */
export interface PdfOperatorList {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
}

/** What this needs of pdf.js's `OPS`. */
export interface PdfOps {
  save: number;
  restore: number;
  transform: number;
  /** Colour and grey images: args `[objId, width, height]`. */
  paintImageXObject: number;
  /** 1-bit stencil images (fax-like bilevel scans): args `[{ width, height, … }]`. */
  paintImageMaskXObject?: number;
}

/** Scans finer than this are rendered at it: 300 DPI keeps a pen stroke's detail, an A4 page at 600 would be 35 MP. */
export const SCAN_DPI_CAP = 300;

/** An image counts as the page's scan when it covers at least this share of the page. */
const SCAN_COVERAGE = 0.5;

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, t: Matrix): Matrix => [
  t[0] * m[0] + t[1] * m[2],
  t[0] * m[1] + t[1] * m[3],
  t[2] * m[0] + t[3] * m[2],
  t[2] * m[1] + t[3] * m[3],
  t[4] * m[0] + t[5] * m[2] + m[4],
  t[4] * m[1] + t[5] * m[3] + m[5],
];

/**
 * Pixels per inch of the largest image drawn on the page when it covers at least half of it (the
 * lower of its two axes' resolutions); null for a page without one (typed, drawn or vector pages).
 */
export function scannedImageDpi(list: PdfOperatorList, ops: PdfOps, pageWidthPt: number, pageHeightPt: number): number | null {
  const pageArea = pageWidthPt * pageHeightPt;
  if (!(pageArea > 0)) return null;
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let best: { area: number; dpi: number } | null = null;
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as ArrayLike<unknown> | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? ctm;
    else if (fn === ops.transform && args && args.length >= 6) ctm = multiply(ctm, Array.from(args as ArrayLike<number>).slice(0, 6) as Matrix);
    else if ((fn === ops.paintImageXObject || fn === ops.paintImageMaskXObject) && args && args.length >= 1) {
      const mask = fn === ops.paintImageMaskXObject ? (args[0] as { width?: unknown; height?: unknown } | null) : null;
      const pixelsWide = Number(mask ? mask.width : args[1]);
      const pixelsHigh = Number(mask ? mask.height : args[2]);
      // The image fills the unit square of the current transform: its sides on the page, in points.
      const widthPt = Math.hypot(ctm[0], ctm[1]);
      const heightPt = Math.hypot(ctm[2], ctm[3]);
      const area = widthPt * heightPt;
      if (!(pixelsWide > 0 && pixelsHigh > 0 && area > 0) || area < SCAN_COVERAGE * pageArea) continue;
      const dpi = Math.min((72 * pixelsWide) / widthPt, (72 * pixelsHigh) / heightPt);
      if (!best || area > best.area) best = { area, dpi };
    }
  }
  return best ? best.dpi : null;
}

/** The DPI to render page one at: the scan's own (rounded) between `baseDpi` and `maxDpi`, else `baseDpi`. */
export function pdfRenderDpi(scanDpi: number | null, baseDpi: number, maxDpi: number): number {
  if (scanDpi === null || !Number.isFinite(scanDpi)) return baseDpi;
  return Math.min(maxDpi, Math.max(baseDpi, Math.round(scanDpi)));
}
