/** Writing the ground-truth maps as 8-bit single-channel PNGs (sharp). */
import sharp from 'sharp';

export function grayPng(data: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}
