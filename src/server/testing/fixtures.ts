import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test documents made by code: a photo-like page (tinted paper, a light gradient, printed-looking
 * text, a blue pen stroke) and PDFs written object by object.
 */
export async function documentPhoto(width = 900, height = 600, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="light" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="rgb(242,238,228)"/><stop offset="1" stop-color="rgb(205,200,190)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <text x="${width * 0.08}" y="${height * 0.2}" font-family="sans-serif" font-size="${height / 18}" fill="rgb(25,25,25)">Agreement No. 42 — signed below</text>
    <line x1="${width * 0.1}" y1="${height * 0.75}" x2="${width * 0.9}" y2="${height * 0.75}" stroke="rgb(20,20,20)" stroke-width="3"/>
    <path d="M ${width * 0.2} ${height * 0.7} C ${width * 0.3} ${height * 0.45}, ${width * 0.45} ${height * 0.85}, ${width * 0.7} ${height * 0.6}" stroke="rgb(25,40,170)" stroke-width="${Math.max(3, width / 180)}" fill="none" stroke-linecap="round"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/** A sheet of `documentPhoto`'s kind lying turned by `degrees` on a brown desk, and its true corners (clockwise from its top-left). */
export async function sheetOnDeskPhoto(degrees = 6): Promise<{ bytes: Buffer; corners: Array<{ x: number; y: number }>; sheetWidth: number; sheetHeight: number }> {
  const [width, height, sheetWidth, sheetHeight] = [900, 600, 560, 400];
  const [cx, cy] = [width / 2, height / 2];
  const turn = (degrees * Math.PI) / 180;
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const x = (sx * sheetWidth) / 2;
    const y = (sy * sheetHeight) / 2;
    return { x: cx + x * Math.cos(turn) - y * Math.sin(turn), y: cy + x * Math.sin(turn) + y * Math.cos(turn) };
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(120,78,45)"/>
    <g transform="translate(${cx} ${cy}) rotate(${degrees}) translate(${-sheetWidth / 2} ${-sheetHeight / 2})">
      <rect width="${sheetWidth}" height="${sheetHeight}" fill="rgb(244,241,233)"/>
      <text x="40" y="70" font-family="sans-serif" font-size="24" fill="rgb(25,25,25)">Agreement No. 42 — signed below</text>
      <line x1="50" y1="320" x2="510" y2="320" stroke="rgb(20,20,20)" stroke-width="3"/>
      <path d="M 110 290 C 170 180, 250 350, 390 250" stroke="rgb(25,40,170)" stroke-width="5" fill="none" stroke-linecap="round"/>
    </g>
  </svg>`;
  return { bytes: await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer(), corners, sheetWidth, sheetHeight };
}

/** A typed page with no signature and no stamp: a heading, lines of printed text and a form line, on tinted paper. */
export async function typedPage(width = 900, height = 600, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const size = height / 24;
  const lines = ['Delivery note No. 5127 of 12 March', 'Goods: 24 boxes of printing paper, A4, 80 g/m2', 'Received in full and in good order', 'Total: 1 280.00 EUR, paid by transfer'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="rgb(244,240,230)"/>
    <text x="${width * 0.08}" y="${height * 0.14}" font-family="sans-serif" font-weight="bold" font-size="${size * 1.5}" fill="rgb(20,20,20)">DELIVERY NOTE</text>
    ${lines.map((line, i) => `<text x="${width * 0.08}" y="${height * (0.3 + i * 0.1)}" font-family="serif" font-size="${size}" fill="rgb(25,25,25)">${line}</text>`).join('')}
    <line x1="${width * 0.1}" y1="${height * 0.85}" x2="${width * 0.9}" y2="${height * 0.85}" stroke="rgb(20,20,20)" stroke-width="2"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'jpeg' ? image.jpeg({ quality: 90 }).toBuffer() : image.png().toBuffer();
}

/** A JPEG stored sideways with EXIF orientation 6 (rotate 90° clockwise to display). */
export async function rotatedJpeg(width = 400, height = 200): Promise<Buffer> {
  const page = await documentPhoto(width, height, 'png');
  return sharp(page).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

export interface PdfPage {
  widthPt: number;
  heightPt: number;
  /** PDF content-stream operators drawn on the page. */
  content: string;
  /** A JPEG the content can draw as /Im1 (a scanned page: `q W 0 0 H 0 0 cm /Im1 Do Q`). */
  image?: { jpeg: Buffer; width: number; height: number };
  /** Or a 1-bit image mask as /Im1 (a fax-like bilevel scan): rows of bits, 0 paints, Flate-compressed. */
  mask?: { flate: Buffer; width: number; height: number };
  /** Or a JPEG 2000 codestream as /Im1 (JPXDecode: archival scans, some scanners' PDFs). */
  jpx?: { codestream: Buffer; width: number; height: number };
}

/** A minimal valid PDF with the given pages (Helvetica available as /F1). */
export function buildPdf(pages: PdfPage[]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages tree, filled below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const page of pages) {
    const contentId = add(`<< /Length ${Buffer.byteLength(page.content, 'latin1')} >>\nstream\n${page.content}\nendstream`);
    const imageId = page.image
      ? add(
          `<< /Type /XObject /Subtype /Image /Width ${page.image.width} /Height ${page.image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${page.image.jpeg.length} >>\nstream\n${page.image.jpeg.toString('latin1')}\nendstream`,
        )
      : page.mask
        ? add(
            `<< /Type /XObject /Subtype /Image /Width ${page.mask.width} /Height ${page.mask.height} /ImageMask true /Filter /FlateDecode /Length ${page.mask.flate.length} >>\nstream\n${page.mask.flate.toString('latin1')}\nendstream`,
          )
        : page.jpx
          ? add(
              `<< /Type /XObject /Subtype /Image /Width ${page.jpx.width} /Height ${page.jpx.height} /Filter /JPXDecode /Length ${page.jpx.codestream.length} >>\nstream\n${page.jpx.codestream.toString('latin1')}\nendstream`,
            )
          : null;
    const xObjects = imageId ? ` /XObject << /Im1 ${imageId} 0 R >>` : '';
    const pageId = add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.widthPt} ${page.heightPt}] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R >>${xObjects} >> >>`,
    );
    kids.push(pageId);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return buildPdfObjects(objects);
}

/** A PDF of these objects (numbered from 1, the first the catalogue) with its cross-reference table. */
function buildPdfObjects(objects: string[]): Buffer {
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A signed letter on page one (US Letter); later pages are blank, small and different. */
export function signedLetterPdf(extraPages = 1): Buffer {
  const pageOne: PdfPage = {
    widthPt: 612,
    heightPt: 792,
    content: 'BT /F1 28 Tf 72 700 Td (Contract of sale) Tj ET 0 0 0 RG 1 w 72 200 m 540 200 l S 0.1 0.15 0.7 RG 4 w 100 210 m 180 300 260 150 400 240 c S',
  };
  const blank: PdfPage = { widthPt: 200, heightPt: 200, content: '' };
  return buildPdf([pageOne, ...Array.from({ length: extraPages }, () => blank)]);
}

/** A scanned page: one JPEG (a photo-like signed page) filling a US Letter page, scanned at `dpi`. */
export async function scannedPdf(dpi: number): Promise<Buffer> {
  const width = Math.round(8.5 * dpi);
  const height = Math.round(11 * dpi);
  const jpeg = await sharp(await documentPhoto(width, height, 'png')).jpeg({ quality: 85 }).toBuffer();
  return buildPdf([{ widthPt: 612, heightPt: 792, content: 'q 612 0 0 792 0 0 cm /Im1 Do Q', image: { jpeg, width, height } }]);
}

/** A bilevel scan drawn as a 1-bit image mask filling a US Letter page at `dpi`: ruled lines and a pen loop. */
export function scannedMaskPdf(dpi: number): Buffer {
  const width = Math.round(8.5 * dpi);
  const height = Math.round(11 * dpi);
  const rowBytes = Math.ceil(width / 8);
  const bits = Buffer.alloc(rowBytes * height, 0xff);
  const ink = (x: number, y: number) => {
    if (x >= 0 && x < width && y >= 0 && y < height) bits[y * rowBytes + (x >> 3)] &= ~(0x80 >> (x & 7));
  };
  const stroke = Math.max(2, Math.round(dpi / 100));
  for (let row = 0; row < 8; row++) {
    for (let x = Math.round(width * 0.1); x < width * 0.9; x++) for (let t = 0; t < stroke; t++) ink(x, Math.round(height * (0.2 + row * 0.05)) + t);
  }
  for (let k = 0; k < 4000; k++) {
    const a = (k / 4000) * 4 * Math.PI;
    const x = Math.round(width * (0.3 + 0.25 * (k / 4000)) + Math.cos(a) * dpi * 0.2);
    const y = Math.round(height * 0.75 + Math.sin(a) * dpi * 0.15);
    for (let t = 0; t < stroke; t++) ink(x + t, y);
  }
  return buildPdf([{ widthPt: 612, heightPt: 792, content: 'q 0 0 0 rg 612 0 0 792 0 0 cm /Im1 Do Q', mask: { flate: deflateSync(bits), width, height } }]);
}

/**
 * A 192 × 128 grey JPEG 2000 codestream: paper (250) with three ruled lines of ink (40, 2 px: rows
 * 30, 60 and 90, x 20–171) and a rising 2-px stroke from (30, 110) to (149, 39). Made here with
 * `opj_compress -r 30` (Debian's libopenjp2-tools); no encoder runs in the tests, so its 828 bytes
 * are kept as they came out.
 */
const INKED_LINES_J2K = Buffer.from(
  '/0//UQApAAAAAADAAAAAgAAAAAAAAAAAAAAAwAAAAIAAAAAAAAAAAAABBwEB/1IADAAAAAEABQQEAAH/XAATQEBISFBISFBISFBISFBISFD/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi41LjD/kAAKAAAAAALDAAH/k99JEA/obOMeWNmBsaEVi5Ob3fj0wfCVD4yEPjGgKyapbXynLliWNBaUo0iH2JFovTSzoTeqSS8d0oNXbGqQkZr9ND5Tw+FKPlSw+FRggMvxMMJU1qfvI+OeVDAOu0g9QBFyyhgg8HeC/kCvQ47DzGVPLXuQWgwa6TE+kwesq/u4YsYSOQeBj78dE0X9WaPwJ3ZyzQHo/brHwHT43kfC2JafQ6jUCUqB3LKRT24LhzwlKuWS34TKLqvRSmuusuArjHdM05wamnGtMm/GR1EUEMTyEZvOECl7MzwZAx9hR7Zz5sLk/gYcImmJlYfRBuNVkv0E9GziVPlGFqBq/SvSYbXrtbbZxqM+DWY7WNITq/zwe5oJ+ulLTcbdkW7VoukqLpvR0zmw8pNjZOUaiVnjbvrcVR2vS7BpAUwGO9NQ2dJTfTGCcgQMavG24YpOnTHL61QpasAGEgyp1hIANijEGetm0cXJS7UhGboDmK9xGJXXsX1+3iHNAUx69NGG7HZRBLUSd9DYuq7+4dFZBONTve2cw6GJs+9fEsR2Y47aZiCr5eN120s91L2ox9oHpoDgD0An5eWov4t4zWwZ/XQDbEIWka17adNvNwxXtjmLBNh6kzC7hAM60p0cIcgqyctRTYiVOT2DMgsQveLuKlyn8AqVKVwEDnaKWf90nq06XoOaG9SsHE5OYGwkSW6wPdYObK1M+ASuunUrtBf46RWWUyezx0d7BSA2R/9//3/wvIadPB/Tc9kjVSeM4ly3gyDYpM+oB6y4AiFNyGiw8tW9WpZ1rhd4+NMjZ67Pix+y2Av/frqGoAb7Pg7v+GpK7kVCueqRudrTUw78XO9lOSazdxQmb4qpp0Z3vIAZs3wJYhaxpvZ65b2s53HVTB+XqNg5Zf0eyosxjSTG10g4n4tl214buUp9+f/Z',
  'base64',
);

/** Page one drawn from that JPEG 2000 image (JPXDecode) filling a 192 × 128 pt page. */
export function jpxPdf(): Buffer {
  return buildPdf([{ widthPt: 192, heightPt: 128, content: 'q 192 0 0 128 0 0 cm /Im1 Do Q', jpx: { codestream: INKED_LINES_J2K, width: 192, height: 128 } }]);
}

/**
 * A line of text in a font encoded by a predefined CMap (UniGB-UCS2-H, as Chinese PDFs use), its
 * glyphs pdf.js's own Liberation Sans embedded (CIDs taken as glyph ids, so the letters come out
 * shifted: only whether anything is drawn is tested). Text at 48 pt from (72, 600) pt.
 */
export function predefinedCmapPdf(): Buffer {
  const ttf = readFileSync(createRequire(import.meta.url).resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'));
  const font = deflateSync(ttf);
  const codes = [...'ABCDEFGH'].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
  const content = `BT /F1 48 Tf 72 600 Td <${codes}> Tj ET`;
  return buildPdfObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /CmapTest /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /CmapTest /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 7 0 R /CIDToGIDMap /Identity /DW 600 >>',
    '<< /Type /FontDescriptor /FontName /CmapTest /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>',
    `<< /Length ${font.length} /Length1 ${ttf.length} /Filter /FlateDecode >>\nstream\n${font.toString('latin1')}\nendstream`,
  ]);
}

export function multipart(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

export const fileBlob = (bytes: Buffer, type = 'application/octet-stream') => new Blob([new Uint8Array(bytes)], { type });
