export type DocumentKind = 'png' | 'jpeg' | 'pdf';

/** The format by its first bytes, never by name or declared type. */
export function sniffDocumentKind(bytes: Uint8Array): DocumentKind | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 &&
      bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // Readers accept a PDF header anywhere in the first kilobyte (some generators prepend junk).
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  return null;
}
