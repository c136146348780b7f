import { cleanImage, type CleanOptions, type Engine, type FoundInk, type RgbaImage, type SheetOutline } from '../../core';
import { unsupportedMedia } from '../errors';
import { decodeRaster } from '../imaging/decodeRaster';
import { encodePng, encodeWebp } from '../imaging/encode';
import { renderPdfPageOne } from '../imaging/renderPdf';
import { sniffDocumentKind } from '../imaging/sniff';

export interface ProcessLimits {
  maxPixels: number;
  pdfDpi: number;
}

export interface ProcessRequest {
  bytes: Uint8Array;
  options: CleanOptions;
  wantPng: boolean;
  limits: ProcessLimits;
}

export interface ProcessResult {
  webp: Uint8Array;
  png: Uint8Array | null;
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
  /** The stored WebP, and the PNG when asked (encoded at the same time, so they overlap). */
  webp: number;
  png: number | null;
}

export async function decodeDocument(bytes: Uint8Array, limits: ProcessLimits): Promise<{ image: RgbaImage; kind: string }> {
  const kind = sniffDocumentKind(bytes);
  if (!kind) throw unsupportedMedia();
  const image = kind === 'pdf' ? await renderPdfPageOne(bytes, limits.pdfDpi, limits.maxPixels) : await decodeRaster(bytes, limits.maxPixels);
  return { image, kind };
}

/** Bytes in, stored WebP (and PNG when asked) out: decode → src/core pipeline → encode. */
export async function processDocument(request: ProcessRequest, engine?: Engine): Promise<ProcessResult> {
  const t0 = performance.now();
  const { image, kind } = await decodeDocument(request.bytes, request.limits);
  const t1 = performance.now();
  const result = await cleanImage(image, request.options, engine);
  const t2 = performance.now();
  const lap = <T>(work: Promise<T>) => work.then((value) => ({ value, ms: performance.now() - t2 }));
  const [webp, png] = await Promise.all([lap(encodeWebp(result.image)), request.wantPng ? lap(encodePng(result.image)) : null]);
  return {
    webp: webp.value,
    png: png?.value ?? null,
    width: result.image.width,
    height: result.image.height,
    engine: result.engine,
    kind,
    source: { width: image.width, height: image.height },
    crop: result.crop ?? null,
    found: result.found,
    sheet: result.sheet,
    flattened: result.flattened,
    timings: { decode: t1 - t0, clean: t2 - t1, webp: webp.ms, png: png?.ms ?? null },
  };
}
