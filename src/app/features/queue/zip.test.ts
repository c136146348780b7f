import { describe, expect, it } from 'vitest';
import { uniqueNames, zipFiles } from './zip';

describe('zipFiles', () => {
  it('stores entries with their CRC-32 and a central directory', async () => {
    const zip = new Uint8Array(await (await zipFiles([{ name: 'a.txt', blob: new Blob(['hello']) }, { name: 'a.txt', blob: new Blob(['!']) }])).arrayBuffer());
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0x3610a686); // crc32("hello")
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(2);
    expect(new TextDecoder().decode(zip)).toContain('a (2).txt');
  });
  it('makes names unique', () => {
    expect(uniqueNames(['x.png', 'x.png', 'y', 'y'])).toEqual(['x.png', 'x (2).png', 'y', 'y (2)']);
  });
});
