/**
 * Page one of a PDF → RGBA at ~200 DPI (a scanned page at its scan's resolution, up to 300 DPI), rendered with pdf.js inside our worker on an
 * OffscreenCanvas. pdf.js's own worker, fonts and WASM come from our origin.
 */
import type { RgbaImage } from '../core';
import { pdfRenderDpi, scannedImageDpi, SCAN_DPI_CAP } from '../shared/pdfScanResolution';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

const PDF_DPI = 200;
const MAX_SIDE = 5000;

/** pdf.js's canvas factory for a worker: no document, so OffscreenCanvas. */
class OffscreenCanvasFactory {
  create(width: number, height: number) {
    const canvas = new OffscreenCanvas(Math.max(1, width), Math.max(1, height));
    return { canvas, context: canvas.getContext('2d', { willReadFrequently: true }) };
  }
  reset(target: { canvas: OffscreenCanvas | null }, width: number, height: number) {
    if (!target.canvas) throw new Error('Canvas is not specified');
    target.canvas.width = Math.max(1, width);
    target.canvas.height = Math.max(1, height);
  }
  destroy(target: { canvas: OffscreenCanvas | null; context: unknown }) {
    if (target.canvas) {
      target.canvas.width = 0;
      target.canvas.height = 0;
    }
    target.canvas = null;
    target.context = null;
  }
}

let pdfjsPromise: Promise<typeof import('pdfjs-dist')> | null = null;
function loadPdfjs() {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL(pdfWorkerUrl, self.location.href).href;
    return pdfjs;
  });
  return pdfjsPromise;
}

export async function renderFirstPdfPage(input: Blob): Promise<RgbaImage> {
  const pdfjs = await loadPdfjs();
  const origin = self.location.origin;
  const task = pdfjs.getDocument({
    data: new Uint8Array(await input.arrayBuffer()),
    CanvasFactory: OffscreenCanvasFactory,
    disableFontFace: true,
    isOffscreenCanvasSupported: true,
    standardFontDataUrl: `${origin}/pdfjs/standard_fonts/`,
    wasmUrl: `${origin}/pdfjs/wasm/`,
    cMapUrl: `${origin}/pdfjs/cmaps/`,
    cMapPacked: true,
    // pdf.js's parser runs in this worker (no nested worker), and left to choose it would fetch the
    // JPEG 2000 decoder, the standard fonts and the CMaps through `document`, which a worker lacks: a
    // JPXDecode scan then renders blank, a non-embedded Times in a fallback face, and text in a font
    // encoded by a predefined Chinese, Japanese or Korean CMap not at all. Its own fetch works here.
    useWorkerFetch: true,
    useSystemFonts: false,
    // The app's Content-Security-Policy has no 'unsafe-eval': pdf.js would probe `new Function` (a
    // reported violation) and compile PostScript functions with it; its interpreter does the same work.
    isEvalSupported: false,
  } as Parameters<typeof pdfjs.getDocument>[0]);
  const document = await task.promise;
  try {
    const page = await document.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const scanDpi = scannedImageDpi(await page.getOperatorList(), pdfjs.OPS, base.width, base.height);
    const scale = Math.min(pdfRenderDpi(scanDpi, PDF_DPI, SCAN_DPI_CAP) / 72, MAX_SIDE / Math.max(base.width, base.height));
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas in this worker.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport, background: 'rgba(255,255,255,1)' }).promise;
    const { data } = context.getImageData(0, 0, width, height);
    return { width, height, data };
  } finally {
    await document.destroy();
  }
}
