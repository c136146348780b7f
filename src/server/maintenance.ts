import type { BlobStore } from './blobs/store';
import { knownBlobKeys, takeExpired } from './db/files';
import type { Sql } from './db/sql';

/** Deletes expired files: the record first (claimed with SKIP LOCKED, so each is taken once), then its blob. */
export async function sweepExpired(sql: Sql, blobs: BlobStore): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await takeExpired(sql, 200);
    for (const file of batch) await blobs.delete(file.blobKey);
    removed += batch.length;
    if (batch.length < 200) return removed;
  }
}

/**
 * Removes blobs that have no record: left by a crash between writing the blob and committing the
 * charge, or between deleting a record and its blob. `graceMs` spares blobs of requests still in
 * flight on other instances.
 */
export async function sweepOrphanBlobs(sql: Sql, blobs: BlobStore, graceMs: number): Promise<number> {
  const candidates = await blobs.listOlderThan(new Date(Date.now() - graceMs));
  let removed = 0;
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const known = await knownBlobKeys(sql, chunk);
    for (const key of chunk) {
      if (!known.has(key)) {
        await blobs.delete(key);
        removed++;
      }
    }
  }
  return removed;
}
