import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import type { RgbaImage } from '../../core';
import { imageTooLarge, invalidImage } from '../errors';
import { pdfRenderDpi, scannedImageDpi, SCAN_DPI_CAP } from '../../shared/pdfScanResolution';
import { WEBP_MAX_SIDE } from '../../shared/webp/container';

const require = createRequire(import.meta.url);
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  return (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')).href;
    return lib;
  }));
}

/**
 * pdf.js's own data, read from the package by path (Node reads these with fs, not fetch): without
 * `wasmUrl` a JPEG 2000 image (JPXDecode, common in archival and some scanners' PDFs) is skipped and
 * the page renders blank; without `standardFontDataUrl` a non-embedded Times or Courier is drawn in
 * a fallback face with the wrong widths; without `cMapUrl` text in a font encoded by one of the
 * predefined Chinese, Japanese or Korean CMaps (UniGB-UCS2-H, 90ms-RKSJ-H…) is not drawn at all.
 */
const pdfjsPackage = dirname(require.resolve('pdfjs-dist/package.json'));
const PDFJS_WASM = join(pdfjsPackage, 'wasm') + '/';
const PDFJS_STANDARD_FONTS = join(pdfjsPackage, 'standard_fonts') + '/';
const PDFJS_CMAPS = join(pdfjsPackage, 'cmaps') + '/';

/** The lowest resolution we render at before refusing a page as too large (1 pt = 1 px). */
const MIN_DPI = 72;

/**
 * Page one of a PDF → RGBA on white paper at `dpi` (a scanned page at its scan's resolution, up to
 * 300 DPI), lowered for very large pages so the pixel
 * limit holds; a page too large even at 72 DPI is refused. Only page one is ever parsed.
 */
export async function renderPdfPageOne(bytes: Uint8Array, dpi: number, maxPixels: number): Promise<RgbaImage> {
  const lib = await loadPdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    wasmUrl: PDFJS_WASM,
    standardFontDataUrl: PDFJS_STANDARD_FONTS,
    cMapUrl: PDFJS_CMAPS,
    cMapPacked: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: Awaited<typeof task.promise>;
  try {
    doc = await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = (error as Error)?.name;
    if (name === 'PasswordException') throw invalidImage('The PDF is password-protected.');
    throw invalidImage('The PDF could not be read: it is corrupt or not a PDF.');
  }
  try {
    if (doc.numPages < 1) throw invalidImage('The PDF has no pages.');
    const page = await doc.getPage(1).catch(() => {
      throw invalidImage('Page one of the PDF could not be read.');
    });
    const base = page.getViewport({ scale: 1 });
    const points = base.width * base.height;
    if (!(points > 0)) throw invalidImage('Page one of the PDF has no area.');
    // Within the pixel limit, and within WebP's longest side (results are stored as WebP).
    const fitDpi = Math.min(72 * Math.sqrt(maxPixels / points), (72 * WEBP_MAX_SIDE) / Math.max(base.width, base.height));
    if (fitDpi < MIN_DPI) {
      throw imageTooLarge(
        `Page one is ${Math.round(base.width)}×${Math.round(base.height)} pt, larger than ${Math.round(maxPixels / 1e6)} megapixels or ${WEBP_MAX_SIDE} pixels a side even at ${MIN_DPI} DPI.`,
      );
    }
    // A scanned page is rendered at its scan's resolution (up to SCAN_DPI_CAP), never below `dpi`.
    const scanDpi = scannedImageDpi(await page.getOperatorList(), lib.OPS, base.width, base.height);
    const scale = Math.min(pdfRenderDpi(scanDpi, dpi, SCAN_DPI_CAP), fitDpi) / 72;
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    try {
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    } catch {
      throw invalidImage('Page one of the PDF could not be rendered.');
    }
    const pixels = context.getImageData(0, 0, width, height);
    return { width, height, data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length) };
  } finally {
    await doc.destroy().catch(() => undefined);
  }
}
