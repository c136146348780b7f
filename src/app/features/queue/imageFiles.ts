/** Saving and copying results: file names, format conversion, clipboard. */
export { saveBlob } from '../../platform/download';

export function resultFileName(sourceName: string, format: 'png' | 'webp'): string {
  const base = sourceName.replace(/\.[a-z0-9]{1,5}$/i, '') || 'document';
  return `${base}-ink.${format}`;
}

/** Re-encodes a transparent image in the other format (the browser's encoder). */
export async function convertImage(blob: Blob, format: 'png' | 'webp'): Promise<Blob> {
  const type = `image/${format}`;
  if (blob.type === type) return blob;
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none' });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((out) => (out ? resolve(out) : reject(new Error(`Cannot encode ${format}.`))), type, 0.92));
}

/** Copies the image as PNG (the one image type every clipboard accepts). */
export async function copyImage(blob: Blob): Promise<void> {
  if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined') throw new Error('This browser cannot copy images.');
  const png = await convertImage(blob, 'png');
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
