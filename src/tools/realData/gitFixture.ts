/**
 * Test fixtures for the real-data tools: tiny git repositories made on the spot (CI has no real
 * data), tiny images made with sharp, and a BMP writer for the formats sharp cannot write.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const GIT_IDENTITY = ['-c', 'user.name=Fixture', '-c', 'user.email=fixture@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main'];

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...GIT_IDENTITY, ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: '2024-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2024-01-01T00:00:00Z' } }).trim();
}

/** A clone with a work tree at `dir` holding `files`, committed once; returns the commit id. */
export function makeRepository(dir: string, files: Record<string, Buffer | string>): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'fixture');
  return git(dir, 'rev-parse', 'HEAD');
}

/** Deletes a blob's loose object, as a mirror without files of 4 MiB and more lacks them. */
export function dropBlob(gitDir: string, blob: string): void {
  rmSync(join(gitDir, 'objects', blob.slice(0, 2), blob.slice(2)));
}

export function blobOf(dir: string, commit: string, path: string): string {
  return git(dir, 'rev-parse', `${commit}:${path}`);
}

/** PNG of raw pixels (1 = grey, 3 = RGB, 4 = RGBA), rows top to bottom. */
export function rawPng(width: number, height: number, channels: 1 | 3 | 4, pixels: number[]): Promise<Buffer> {
  const image = sharp(Buffer.from(pixels), { raw: { width, height, channels } });
  return (channels === 1 ? image.toColourspace('b-w') : image).png().toBuffer();
}

/** A PNG's header as stored: colour type 0 = grey, 2 = RGB, 3 = palette, 4 = grey + alpha, 6 = RGBA. */
export function pngHeader(png: Buffer): { width: number; height: number; bitDepth: number; colourType: number } {
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), bitDepth: png[24], colourType: png[25] };
}

/** Decoded pixels of a PNG in its own channels (sharp's raw output would turn grey into RGB). */
export async function pixelsOf(png: Buffer): Promise<{ width: number; height: number; channels: number; depth: string; data: number[] }> {
  const meta = await sharp(png).metadata();
  const image = sharp(png);
  const { data, info } = await (meta.channels === 1 ? image.toColourspace('b-w') : image).raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== meta.channels) throw new Error(`decoded ${info.channels} channels of ${meta.channels}`);
  return { width: info.width, height: info.height, channels: info.channels, depth: meta.depth ?? '', data: [...data] };
}

/**
 * An uncompressed BMP with a 40-byte header. `bits` 24: pixels are RGB triples; `bits` 1, 4 or 8:
 * pixels are palette indices into `palette` (RGB triples). Bottom-up rows unless `topDown`.
 */
export function writeBmp(width: number, height: number, bits: 1 | 4 | 8 | 24, pixels: number[], palette: number[][] = [], topDown = false): Buffer {
  const stride = Math.ceil((width * bits) / 32) * 4;
  const paletteBytes = bits <= 8 ? palette.length * 4 : 0;
  const offset = 14 + 40 + paletteBytes;
  const bytes = Buffer.alloc(offset + stride * height);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(offset, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(topDown ? -height : height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(bits, 28);
  bytes.writeUInt32LE(0, 30);
  bytes.writeUInt32LE(bits <= 8 ? palette.length : 0, 46);
  palette.forEach(([r, g, b], i) => {
    bytes[54 + i * 4] = b;
    bytes[54 + i * 4 + 1] = g;
    bytes[54 + i * 4 + 2] = r;
  });
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      if (bits === 24) {
        const [r, g, b] = pixels.slice((y * width + x) * 3, (y * width + x) * 3 + 3);
        bytes[row + x * 3] = b;
        bytes[row + x * 3 + 1] = g;
        bytes[row + x * 3 + 2] = r;
      } else {
        const bit = x * bits;
        bytes[row + (bit >> 3)] |= pixels[y * width + x] << (8 - bits - (bit & 7));
      }
    }
  }
  return bytes;
}
