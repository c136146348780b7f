import { cleanImage, giveBack, type CleanOptions, type Engine, type FoundInk, type RgbaImage, type SheetOutline } from '../../core';
import { unsupportedMedia } from '../errors';
import { decodeRaster } from '../imaging/decodeRaster';
import { encodePng, encodeWebp } from '../imaging/encode';
import { renderPdfPageOne } from '../imaging/renderPdf';
import { sniffDocumentKind } from '../imaging/sniff';
import { unsupportedFormatMessage } from '../../shared/otherFormats';

export interface ProcessLimits {
  maxPixels: number;
  pdfDpi: number;
}

/** What the thread encodes the result as: the stored WebP itself, or a PNG (the WebP is made from it later). */
export type EncodedFormat = 'webp' | 'png';

export interface ProcessRequest {
  bytes: Uint8Array;
  options: CleanOptions;
  encodeAs: EncodedFormat;
  limits: ProcessLimits;
}

export interface ProcessResult {
  format: EncodedFormat;
  encoded: Uint8Array;
  width: number;
  height: number;
  engine: string;
  kind: string;
  /** Size of the decoded input, and where the result sits in it when cropped. */
  source: { width: number; height: number };
  crop: { left: number; top: number; width: number; height: number } | null;
  /** What the result holds of what was asked; nothingFound decides that it is not charged. */
  found: FoundInk;
  /** The sheet found in a photo (null for a flat scan or a tight crop), and whether the result was straightened to it. */
  sheet: SheetOutline | null;
  flattened: boolean;
  /** Milliseconds spent in this thread per step (decode, clean, encode), for the Server-Timing header. */
  timings: ProcessTimings;
}

export interface ProcessTimings {
  decode: number;
  clean: number;
  encode: number;
}

export async function decodeDocument(bytes: Uint8Array, limits: ProcessLimits): Promise<{ image: RgbaImage; kind: string }> {
  const kind = sniffDocumentKind(bytes);
  if (!kind) throw unsupportedMedia(unsupportedFormatMessage(bytes));
  const image = kind === 'pdf' ? await renderPdfPageOne(bytes, limits.pdfDpi, limits.maxPixels) : await decodeRaster(bytes, limits.maxPixels);
  return { image, kind };
}

/** Bytes in, WebP or PNG out: decode → src/core pipeline → encode. */
export async function processDocument(request: ProcessRequest, engine?: Engine): Promise<ProcessResult> {
  const t0 = performance.now();
  const { image, kind } = await decodeDocument(request.bytes, request.limits);
  const t1 = performance.now();
  const result = await cleanImage(image, request.options, engine);
  const t2 = performance.now();
  const encoded = request.encodeAs === 'webp' ? await encodeWebp(result.image) : await encodePng(result.image);
  // Both rasters are dead once encoded; the next document's page-sized planes reuse their memory.
  giveBack(image.data, result.image.data);
  const t3 = performance.now();
  return {
    format: request.encodeAs,
    encoded,
    width: result.image.width,
    height: result.image.height,
    engine: result.engine,
    kind,
    source: { width: image.width, height: image.height },
    crop: result.crop ?? null,
    found: result.found,
    sheet: result.sheet,
    flattened: result.flattened,
    timings: { decode: t1 - t0, clean: t2 - t1, encode: t3 - t2 },
  };
}
