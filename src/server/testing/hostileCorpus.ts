import zlib from 'node:zlib';
import { buildPdf, documentPhoto } from './fixtures';

/**
 * Files an attacker or a broken client sends, made by code. Each must get a coded 4xx, cost
 * nothing, store nothing, and leave the server up.
 */
export interface HostileFile {
  label: string;
  bytes: Buffer;
  filename: string;
  /** Acceptable statuses: what matters is a coded 4xx, but each case has an expected class. */
  expect: number[];
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width × height, with a tiny compressed body (a decompression bomb). */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = zlib.deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header declares 60 000² pixels (libjpeg itself refuses sides over 65 500). */
export async function jpegBomb(): Promise<Buffer> {
  const jpeg = Buffer.from(await documentPhoto(64, 64));
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(60_000, i + 5);
      jpeg.writeUInt16BE(60_000, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}

/** A PDF with a Standard-security /Encrypt dictionary that needs a password. */
export function encryptedPdf(): Buffer {
  const plain = buildPdf([{ widthPt: 200, heightPt: 200, content: '0 0 0 RG 10 10 m 190 190 l S' }]).toString('latin1');
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 255).toString(16).padStart(2, '0')).join('');
  const encrypt = `<< /Filter /Standard /V 1 /R 2 /O <${hex32(1)}> /U <${hex32(2)}> /P -4 >>`;
  const withEncrypt = plain.replace(
    /trailer\n<< \/Size (\d+) \/Root 1 0 R >>/,
    (_m, size) => `trailer\n<< /Size ${size} /Root 1 0 R /Encrypt ${encrypt} /ID [<${hex32(3).slice(0, 32)}> <${hex32(3).slice(0, 32)}>] >>`,
  );
  return Buffer.from(withEncrypt, 'latin1');
}

export async function hostileFiles(): Promise<HostileFile[]> {
  const png = Buffer.from(await documentPhoto(300, 200, 'png'));
  const jpeg = Buffer.from(await documentPhoto(300, 200, 'jpeg'));
  const pdf = buildPdf([{ widthPt: 300, heightPt: 300, content: '0 0 0 RG 4 w 20 20 m 280 280 l S' }]);
  const corruptPng = Buffer.from(png);
  corruptPng.fill(0x5a, 60, Math.min(corruptPng.length - 12, 600));
  const corruptJpeg = Buffer.from(jpeg);
  corruptJpeg.fill(0x00, 200, jpeg.length - 2);
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
  const html = Buffer.from('<!doctype html><script>alert(1)</script>');
  return [
    { label: 'zero bytes', bytes: Buffer.alloc(0), filename: 'empty.png', expect: [400] },
    { label: 'text named .png', bytes: Buffer.from('this is not an image at all'), filename: 'notes.png', expect: [415] },
    { label: 'SVG', bytes: svg, filename: 'logo.svg', expect: [415] },
    { label: 'HTML named .jpg', bytes: html, filename: 'x.jpg', expect: [415] },
    { label: 'truncated PNG', bytes: png.subarray(0, Math.floor(png.length / 2)), filename: 't.png', expect: [400] },
    { label: 'truncated JPEG', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), filename: 't.jpg', expect: [400] },
    { label: 'PNG signature only', bytes: png.subarray(0, 8), filename: 's.png', expect: [400] },
    { label: 'corrupt PNG body', bytes: corruptPng, filename: 'c.png', expect: [400] },
    { label: 'corrupt JPEG body', bytes: corruptJpeg, filename: 'c.jpg', expect: [400] },
    { label: 'truncated PDF', bytes: pdf.subarray(0, Math.floor(pdf.length / 3)), filename: 't.pdf', expect: [400] },
    { label: 'PDF header only', bytes: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'h.pdf', expect: [400] },
    { label: 'PDF with garbage body', bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5000, 0x41)]), filename: 'g.pdf', expect: [400] },
    { label: 'encrypted PDF', bytes: encryptedPdf(), filename: 'e.pdf', expect: [400] },
    { label: 'PNG bomb 100 000²', bytes: pngBomb(100_000, 100_000), filename: 'bomb.png', expect: [413] },
    { label: 'JPEG bomb 60 000²', bytes: await jpegBomb(), filename: 'bomb.jpg', expect: [413] },
    { label: 'PDF page 20 000 pt²', bytes: buildPdf([{ widthPt: 20_000, heightPt: 20_000, content: '0 0 0 RG 100 100 m 19000 19000 l S' }]), filename: 'huge.pdf', expect: [413] },
    { label: 'polyglot PNG signature + PDF', bytes: Buffer.concat([png.subarray(0, 8), pdf]), filename: 'poly.pdf', expect: [400] },
  ];
}
