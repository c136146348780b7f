/**
 * What the flat page's learned steps read their training pairs from (prepareEdge.ts, prepareStray.ts):
 * the pages `models/separation/prepare.ts` prepared (pages.json and one PNG per plane), and the
 * command line they are run with.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export interface PreparedPage {
  name: string;
  source: string;
  split: 'train' | 'val';
}

/** The value after `--name` on the command line, or `fallback`. */
export function arg(name: string, fallback = ''): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** The prepared flat pages (photos left out: the flat page's steps never run on them). */
export function flatPreparedPages(prep: string): PreparedPage[] {
  return (JSON.parse(readFileSync(path.join(prep, 'pages.json'), 'utf8')) as PreparedPage[]).filter((p) => p.source !== 'photo');
}

/** One channel of a prepared plane (`channel` 0 for the grey planes). */
export async function readPlane(file: string, channel: 0 | 1 | 2 = 0): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(file).extractChannel(channel).raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
