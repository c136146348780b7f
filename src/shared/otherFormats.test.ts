import { describe, expect, it } from 'vitest';
import { otherImageFormat, unsupportedFormatMessage } from './otherFormats';

const bytes = (text: string, ...prefix: number[]) => new Uint8Array([...prefix, ...Array.from(text, (c) => c.charCodeAt(0)), ...new Array(16).fill(0)]);

describe('files that are not a PNG, JPG or PDF', () => {
  it('names HEIC, AVIF, TIFF (both byte orders), WebP, GIF and BMP by their first bytes', () => {
    expect(otherImageFormat(bytes('ftypheic', 0, 0, 0, 24))?.name).toMatch(/HEIC/);
    expect(otherImageFormat(bytes('ftypmif1', 0, 0, 0, 24))?.name).toMatch(/HEIC/);
    expect(otherImageFormat(bytes('ftypavif', 0, 0, 0, 28))?.name).toMatch(/AVIF/);
    expect(otherImageFormat(bytes('II*\0'))?.name).toMatch(/TIFF/);
    expect(otherImageFormat(bytes('MM\0*'))?.name).toMatch(/TIFF/);
    expect(otherImageFormat(bytes('RIFF\0\0\0\0WEBPVP8 '))?.name).toMatch(/WebP/);
    expect(otherImageFormat(bytes('GIF89a'))?.name).toMatch(/GIF/);
    expect(otherImageFormat(bytes('BM'))?.name).toMatch(/BMP/);
  });

  it('tells a HEIC photo how to get a JPEG, and falls back to the plain refusal for anything else', () => {
    expect(unsupportedFormatMessage(bytes('ftypheic', 0, 0, 0, 24))).toMatch(/^The file is a HEIC photo.*not a PNG, JPG or PDF\. .*JPEG/);
    expect(unsupportedFormatMessage(bytes('just some text'))).toBe('The file is not a PNG, JPG or PDF.');
    expect(unsupportedFormatMessage(bytes('ftypmp42', 0, 0, 0, 24))).toBe('The file is not a PNG, JPG or PDF.');
    expect(unsupportedFormatMessage(new Uint8Array(0))).toBe('The file is not a PNG, JPG or PDF.');
  });
});
