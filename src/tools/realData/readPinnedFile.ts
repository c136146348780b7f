/**
 * Reading one pinned file from a repository copy and verifying it (git blob id, size, SHA-256), and
 * writing build outputs in one step: what every set's builder shares.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checksumMismatch } from './fileChecksum';
import { blobAt, hasBlob, readBlobAtCommit } from './gitObjects';
import type { PinnedFile } from './sourcesManifest';

export const CHECKSUM_MISMATCH = 'checksum mismatch';

export type ReadResult = { bytes: Buffer } | { reason: string; refused?: boolean };

/** One pinned file's bytes from a repository copy, verified, or why they cannot be had. */
export async function readPinnedFile(gitDir: string, commit: string, file: PinnedFile): Promise<ReadResult> {
  let bytes: Buffer;
  try {
    bytes = await readBlobAtCommit(gitDir, commit, file.path);
  } catch (error) {
    if ((await blobAt(gitDir, commit, file.path)) === null) return { reason: `no such file at commit ${commit.slice(0, 12)} in ${gitDir}` };
    if (!(await hasBlob(gitDir, file.blob))) {
      return { reason: `blob ${file.blob.slice(0, 12)} absent from the copy at ${gitDir} (files of 4 MiB and more are not mirrored: use a full clone)` };
    }
    return { reason: `git could not read it: ${(error as Error).message.split('\n')[0]}` };
  }
  const mismatch = checksumMismatch(bytes, file);
  if (mismatch) return { reason: `${CHECKSUM_MISMATCH}: ${mismatch}; refused`, refused: true };
  return { bytes };
}

export function writeAtomically(path: string, bytes: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.part`, bytes);
  renameSync(`${path}.part`, path);
}

export const sourceIdentity = (file: PinnedFile): string => (file.sha256 ? `sha256:${file.sha256}` : `blob:${file.blob}`);
export const size = (width: number, height: number): string => `${width} × ${height}`;

