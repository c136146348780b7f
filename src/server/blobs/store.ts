/** Where result files live. The folder store is the default; an S3-compatible one can implement the same. */
export interface BlobStore {
  /** Durably writes the bytes; when it resolves the blob survives a crash. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Keys of blobs last written before `olderThan` (for the orphan sweep). */
  listOlderThan(olderThan: Date): Promise<string[]>;
}
