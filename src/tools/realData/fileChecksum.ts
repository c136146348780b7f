/**
 * Checking a file's bytes against its pinned entry: git blob id always (it is what the commit names),
 * byte size and SHA-256 whenever the manifest has them.
 */
import { createHash } from 'node:crypto';
import type { PinnedFile } from './sourcesManifest';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Git's object id of a blob with these bytes: SHA-1 of "blob <size>\0" followed by the bytes. */
export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Null when the bytes are the pinned file; otherwise what differs. */
export function checksumMismatch(bytes: Uint8Array, pinned: PinnedFile): string | null {
  const problems: string[] = [];
  if (pinned.size !== null && bytes.length !== pinned.size) problems.push(`size ${bytes.length}, pinned ${pinned.size}`);
  if (pinned.sha256 !== null) {
    const sha256 = sha256Hex(bytes);
    if (sha256 !== pinned.sha256) problems.push(`sha256 ${sha256}, pinned ${pinned.sha256}`);
  }
  const blob = gitBlobId(bytes);
  if (blob !== pinned.blob) problems.push(`git blob ${blob}, pinned ${pinned.blob}`);
  return problems.length === 0 ? null : problems.join('; ');
}
