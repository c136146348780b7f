/** What pinning an ink set shares: the image check of every pinned file and the pinning's outcome. */
import type { PinnedSet } from './sourcesManifest';

const SIGNATURES: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47],
  tif: [0x49, 0x49, 0x2a, 0x00],
  tiff: [0x49, 0x49, 0x2a, 0x00],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
};
const TIFF_BIG_ENDIAN = [0x4d, 0x4d, 0x00, 0x2a];

/** Refuses bytes that are not an image of the file's type (a Git LFS pointer is the usual culprit). */
export function checkImageBytes(path: string, bytes: Buffer): void {
  if (bytes.subarray(0, 40).toString('latin1').startsWith('version https://git-lfs')) throw new Error(`${path} is a Git LFS pointer, not the image: pin a commit that holds the image`);
  const ext = /\.([a-z]+)$/i.exec(path)?.[1].toLowerCase() ?? '';
  const expected = SIGNATURES[ext];
  if (!expected) return;
  const starts = (magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (!starts(expected) && !(ext.startsWith('tif') && starts(TIFF_BIG_ENDIAN))) throw new Error(`${path} does not start as a .${ext} file`);
}

export interface InkSetPinning {
  set: PinnedSet;
  /** Page ids left out because they are reserved (never read). */
  reservedLeftOut: string[];
  /** Page ids without any truth in either repository (not pinned). */
  withoutTruth: string[];
}
