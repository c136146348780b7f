import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeBmp } from './bmpDecode';
import { imageToRgbPng, sourceSize, truthToInkPng } from './convertPage';
import { pixelsOf, pngHeader, rawPng, writeBmp } from './gitFixture';

describe('imageToRgbPng', () => {
  it('keeps an RGB page as 8-bit RGB with its pixel values', async () => {
    const pixels = [10, 20, 30, 200, 100, 50, 0, 0, 0, 255, 255, 255];
    const converted = await imageToRgbPng(await rawPng(2, 2, 3, pixels));
    expect(pngHeader(converted.png)).toEqual({ width: 2, height: 2, bitDepth: 8, colourType: 2 });
    const out = await pixelsOf(converted.png);
    expect(out).toMatchObject({ width: 2, height: 2, channels: 3, depth: 'uchar' });
    expect(out.data).toEqual(pixels);
  });

  it('turns a grey page into RGB with three equal channels', async () => {
    const converted = await imageToRgbPng(await rawPng(3, 1, 1, [0, 90, 255]));
    expect(pngHeader(converted.png).colourType).toBe(2);
    const out = await pixelsOf(converted.png);
    expect(out.channels).toBe(3);
    expect(out.data).toEqual([0, 0, 0, 90, 90, 90, 255, 255, 255]);
  });

  it('puts transparent pixels on white paper and drops the alpha channel', async () => {
    const out = await pixelsOf((await imageToRgbPng(await rawPng(2, 1, 4, [0, 0, 0, 0, 10, 20, 30, 255]))).png);
    expect(out.channels).toBe(3);
    expect(out.data).toEqual([255, 255, 255, 10, 20, 30]);
  });

  it('reduces a 16-bit page to 8 bits', async () => {
    const png16 = await sharp(Buffer.from([0, 0, 0, 100, 150, 200]), { raw: { width: 2, height: 1, channels: 3 } }).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    const out = await pixelsOf((await imageToRgbPng(png16)).png);
    expect(out.depth).toBe('uchar');
    expect(out.data).toEqual([0, 0, 0, 100, 150, 200]);
  });

  it('reads a 24-bit BMP, which sharp alone cannot', async () => {
    const bmp = writeBmp(3, 2, 24, [255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await expect(sharp(bmp).metadata()).rejects.toThrow();
    const converted = await imageToRgbPng(bmp);
    expect([converted.width, converted.height]).toEqual([3, 2]);
    expect((await pixelsOf(converted.png)).data).toEqual([255, 0, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await sourceSize(bmp)).toEqual({ width: 3, height: 2 });
  });

  it('refuses a Git LFS pointer with a message that says so', async () => {
    const pointer = Buffer.from('version https://git-lfs.github.com/spec/v1\noid sha256:abc\nsize 123\n');
    await expect(imageToRgbPng(pointer)).rejects.toThrow(/Git LFS pointer/);
  });
});

describe('truthToInkPng', () => {
  it('makes black-on-white truth 255 = ink, 0 = paper, one 8-bit channel', async () => {
    const converted = await truthToInkPng(await rawPng(4, 1, 1, [0, 255, 0, 255]));
    expect(pngHeader(converted.png)).toEqual({ width: 4, height: 1, bitDepth: 8, colourType: 0 });
    const out = await pixelsOf(converted.png);
    expect(out).toMatchObject({ width: 4, height: 1, channels: 1, depth: 'uchar' });
    expect(out.data).toEqual([255, 0, 255, 0]);
  });

  it('thresholds grey-level truth at 128: below is ink', async () => {
    const out = await pixelsOf((await truthToInkPng(await rawPng(6, 1, 1, [0, 100, 127, 128, 200, 255]))).png);
    expect(out.data).toEqual([255, 255, 255, 0, 0, 0]);
  });

  it('reads 1-bit palette truth', async () => {
    const palette = await sharp(Buffer.from([0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0]), { raw: { width: 2, height: 2, channels: 3 } })
      .png({ palette: true, colours: 2 })
      .toBuffer();
    const meta = await sharp(palette).metadata();
    expect(meta.isPalette).toBe(true);
    expect(meta.bitsPerSample).toBe(1);
    expect((await pixelsOf((await truthToInkPng(palette)).png)).data).toEqual([255, 0, 0, 255]);
  });

  it('reads RGB truth through its grey value', async () => {
    const out = await pixelsOf((await truthToInkPng(await rawPng(3, 1, 3, [0, 0, 0, 255, 255, 255, 20, 40, 60]))).png);
    expect(out.data).toEqual([255, 0, 255]);
  });

  it('reads TIFF truth and 1-bit / 8-bit palette BMP truth', async () => {
    const tiff = await sharp(Buffer.from([0, 255, 255, 0]), { raw: { width: 4, height: 1, channels: 1 } }).toColourspace('b-w').tiff({ compression: 'lzw' }).toBuffer();
    expect((await pixelsOf((await truthToInkPng(tiff)).png)).data).toEqual([255, 0, 0, 255]);
    const oneBit = writeBmp(10, 2, 1, [0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [[0, 0, 0], [255, 255, 255]]);
    expect((await pixelsOf((await truthToInkPng(oneBit)).png)).data).toEqual([255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255]);
    const eightBit = writeBmp(3, 1, 8, [2, 0, 1], [[255, 255, 255], [30, 30, 30], [200, 200, 200]], true);
    expect((await pixelsOf((await truthToInkPng(eightBit)).png)).data).toEqual([0, 0, 255]);
  });
});

describe('decodeBmp', () => {
  it('reads bottom-up and top-down rows alike', () => {
    const pixels = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect([...decodeBmp(writeBmp(2, 2, 24, pixels)).data]).toEqual(pixels);
    expect([...decodeBmp(writeBmp(2, 2, 24, pixels, [], true)).data]).toEqual(pixels);
  });

  it('refuses run-length-encoded BMPs', () => {
    const bmp = writeBmp(2, 1, 8, [0, 1], [[0, 0, 0], [255, 255, 255]]);
    bmp.writeUInt32LE(1, 30);
    expect(() => decodeBmp(bmp)).toThrow(/compressed BMP/);
  });
});
