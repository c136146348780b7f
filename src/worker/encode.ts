/**
 * RGBA raster → PNG/WebP with transparency: through OffscreenCanvas.convertToBlob, except a WebP of
 * sparse ink, which is the server's lossless coder (alpha exact; the canvas stores colour premultiplied
 * and its WebP is lossy), so a download from the device is the file the server would store.
 */
import type { RgbaImage } from '../core';
import { encodeLosslessWebp } from '../shared/webp/losslessWebp';
import { suitsLosslessWebp } from '../shared/webp/sparseInk';
import type { OutputFormat } from './protocol';

const WEBP_QUALITY = 0.92;

/** The raster as ImageData without copying its pixels when they already are a whole Uint8ClampedArray (16 MB at 4 MP). */
function imageDataOf(image: RgbaImage): ImageData {
  const { data, width, height } = image;
  const whole = data instanceof Uint8ClampedArray && data.byteOffset === 0 && data.length === width * height * 4 && !(data.buffer instanceof SharedArrayBuffer);
  return new ImageData(whole ? (data as Uint8ClampedArray<ArrayBuffer>) : new Uint8ClampedArray(data), width, height);
}

let lastCanvas: { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } | null = null;

/**
 * The canvas of the last encode when the size is the same (the next photo from the same phone): its
 * pixels are all replaced by putImageData, and its memory is not taken fresh again (16 MB at 4 MP).
 */
function encodingCanvas(width: number, height: number): { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } {
  if (lastCanvas && lastCanvas.canvas.width === width && lastCanvas.canvas.height === height) return lastCanvas;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser.');
  lastCanvas = { canvas, context };
  return lastCanvas;
}

export async function encodeImage(image: RgbaImage, format: OutputFormat): Promise<Blob> {
  if (format === 'webp' && image.width > 0 && image.height > 0 && suitsLosslessWebp(image.data)) {
    const bytes = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.length);
    return new Blob([encodeLosslessWebp(bytes, image.width, image.height)], { type: 'image/webp' });
  }
  const { canvas, context } = encodingCanvas(Math.max(1, image.width), Math.max(1, image.height));
  if (image.width > 0 && image.height > 0) {
    context.putImageData(imageDataOf(image), 0, 0);
  }
  const type = format === 'webp' ? 'image/webp' : 'image/png';
  // convertToBlob copies the canvas before it returns: the next document may draw into it meanwhile.
  const blob = await canvas.convertToBlob({ type, quality: WEBP_QUALITY });
  if (blob.type !== type) throw new Error(`This browser cannot encode ${format.toUpperCase()}.`);
  return blob;
}

/** A JPEG preview of the decoded input for the before/after view (smaller than a PNG). */
export async function encodePreview(image: RgbaImage): Promise<Blob> {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas in this browser.');
  context.putImageData(imageDataOf(image), 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}
