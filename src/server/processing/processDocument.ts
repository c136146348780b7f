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
}

export async function decodeDocument(bytes: Uint8Array, limits: ProcessLimits): Promise<{ image: RgbaImage; kind: string }> {
  const kind = sniffDocumentKind(bytes);
  if (!kind) throw unsupportedMedia();
  const image = kind === 'pdf' ? await renderPdfPageOne(bytes, limits.pdfDpi, limits.maxPixels) : await decodeRaster(bytes, limits.maxPixels);
  return { image, kind };
}

/** Bytes in, stored WebP (and PNG when asked) out: decode → src/core pipeline → encode. */
export async function processDocument(request: ProcessRequest, engine?: Engine): Promise<ProcessResult> {
  const { image, kind } = await decodeDocument(request.bytes, request.limits);
  const result = await cleanImage(image, request.options, engine);
  const [webp, png] = await Promise.all([encodeWebp(result.image), request.wantPng ? encodePng(result.image) : Promise.resolve(null)]);
  return {
    webp,
    png,
    width: result.image.width,
    height: result.image.height,
    engine: result.engine,
    kind,
    source: { width: image.width, height: image.height },
    crop: result.crop ?? null,
    found: result.found,
    sheet: result.sheet,
    flattened: result.flattened,
  };
}
