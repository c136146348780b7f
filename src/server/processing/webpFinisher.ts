import type { FastifyBaseLogger } from 'fastify';
import { contentEtag, finishedWebpKey, isAwaitingWebp } from '../blobs/resultKeys';
import type { BlobStore } from '../blobs/store';
import { findFile, listAwaitingWebp, swapInWebp, type StoredFile } from '../db/files';
import type { Sql } from '../db/sql';
import type { JobPriority, ProcessingPool } from './pool';

/** Files waiting for a background slot; past that a file stays awaiting until its download or the next recovery. */
const MAX_QUEUED = 64;

interface Finishing {
  file: StoredFile;
  /** The PNG when the clean just made it; read from the blob store otherwise. */
  png: Uint8Array | null;
  done: Promise<StoredFile | null>;
  settle: (outcome: Promise<StoredFile | null>) => void;
}

/**
 * Makes the stored WebP of files recorded with their PNG (type=json and png cleans) and swaps it in.
 * The clean schedules it in the background; a download of a file still awaiting its WebP waits for
 * this instance's encode or, when the file is not on this instance's list (another instance's clean,
 * a crash, a full queue), converts it at once. The swap is conditional, so a file deleted meanwhile
 * is not brought back, and two instances finishing the same file both end up serving the one swapped in.
 */
export class WebpFinisher {
  private readonly finishing = new Map<string, Finishing>();
  private readonly queue: Finishing[] = [];
  private runningInBackground = 0;
  private closed = false;

  constructor(
    private readonly sql: Sql,
    private readonly blobs: BlobStore,
    private readonly pool: ProcessingPool,
    private readonly backgroundSlots: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** After a clean recorded the file with its PNG: make the WebP when a background slot is free. */
  schedule(file: StoredFile, png: Uint8Array | null): void {
    if (this.closed || this.finishing.has(file.uuid) || this.backgroundSlots === 0) return;
    if (this.queue.length >= MAX_QUEUED) {
      this.log.warn({ uuid: file.uuid }, 'background WebP queue full; the file gets its WebP on download or at the next recovery');
      return;
    }
    const entry = this.track(file, png);
    this.queue.push(entry);
    this.pump();
  }

  /** The file with its WebP in place (null when it was deleted meanwhile); for a download, so at request priority. */
  finish(file: StoredFile): Promise<StoredFile | null> {
    const known = this.finishing.get(file.uuid);
    if (known) {
      const queued = this.queue.indexOf(known);
      if (queued >= 0) {
        this.queue.splice(queued, 1);
        this.start(known, 'request');
      }
      return known.done;
    }
    const entry = this.track(file, null);
    this.start(entry, 'request');
    return entry.done;
  }

  /** Schedules files left awaiting their WebP (a crash, a shutdown, a full queue) created before `olderThan`. */
  async recover(olderThan: Date): Promise<number> {
    if (this.closed || this.backgroundSlots === 0) return 0;
    const files = await listAwaitingWebp(this.sql, olderThan, MAX_QUEUED - this.queue.length);
    for (const file of files) this.schedule(file, null);
    return files.length;
  }

  /** Resolves when nothing is queued or being encoded (tests, and shutdown after close). */
  async idle(): Promise<void> {
    while (this.finishing.size > 0) await Promise.allSettled([...this.finishing.values()].map((entry) => entry.done));
  }

  /**
   * Takes no more work and waits for the encodes under way (at most `waitMs`). Files still queued
   * stay recorded with their PNG: any download finishes them, and the next start's recovery does.
   */
  async close(waitMs: number): Promise<void> {
    this.closed = true;
    for (const entry of this.queue.splice(0)) {
      this.finishing.delete(entry.file.uuid);
      entry.settle(Promise.resolve(null));
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    // Says what a slow shutdown waited for (a CI run once spent the whole wait here, not reproduced since).
    if (this.finishing.size > 0) {
      this.log.warn({ uuids: [...this.finishing.keys()], waitMs }, 'shutdown: WebP encodes still under way; their files keep their PNG until a download or recovery');
    }
  }

  private track(file: StoredFile, png: Uint8Array | null): Finishing {
    let settle: Finishing['settle'] = () => {};
    const done = new Promise<StoredFile | null>((resolve) => (settle = resolve));
    // Only a download awaits it; a background failure is logged in start().
    done.catch(() => undefined);
    const entry: Finishing = { file, png, done, settle };
    this.finishing.set(file.uuid, entry);
    return entry;
  }

  private start(entry: Finishing, priority: JobPriority) {
    if (priority === 'background') this.runningInBackground++;
    const outcome = this.convert(entry.file, entry.png, priority);
    entry.png = null;
    entry.settle(outcome);
    outcome
      .catch((error) => {
        if (priority === 'background') this.log.warn({ err: error, uuid: entry.file.uuid }, 'background WebP failed; the file keeps its PNG until a download or recovery');
      })
      .finally(() => {
        this.finishing.delete(entry.file.uuid);
        if (priority === 'background') this.runningInBackground--;
        this.pump();
      });
  }

  private pump() {
    while (!this.closed && this.runningInBackground < this.backgroundSlots && this.queue.length > 0) {
      this.start(this.queue.shift()!, 'background');
    }
  }

  private async convert(file: StoredFile, png: Uint8Array | null, priority: JobPriority): Promise<StoredFile | null> {
    try {
      return await this.makeAndSwap(file, png, priority);
    } catch (error) {
      // A file finished elsewhere or deleted meanwhile (its PNG removed while this read it): the failure does not matter.
      const now = await findFile(this.sql, file.uuid);
      if (!now || !isAwaitingWebp(now)) return now;
      throw error;
    }
  }

  private async makeAndSwap(file: StoredFile, png: Uint8Array | null, priority: JobPriority): Promise<StoredFile | null> {
    const source = png ?? (await this.blobs.get(file.blobKey));
    if (!source) return this.current(file.uuid);
    const webp = await this.pool.webpFromPng(source, priority);
    const finished = { blobKey: finishedWebpKey(file.uuid), bytes: webp.length, etag: contentEtag(webp) };
    await this.blobs.put(finished.blobKey, webp);
    let swapped: StoredFile | null;
    try {
      swapped = await swapInWebp(this.sql, file.uuid, file.blobKey, finished);
    } catch (error) {
      await this.blobs.delete(finished.blobKey).catch(() => undefined);
      throw error;
    }
    if (!swapped) {
      await this.blobs.delete(finished.blobKey);
      return this.current(file.uuid);
    }
    // A crash before this leaves the PNG without a record: the orphan sweep removes it.
    await this.blobs.delete(file.blobKey).catch((error) => this.log.warn({ err: error }, 'PNG delete failed; left to the sweep'));
    return swapped;
  }

  /** Someone else swapped (their WebP), or the file is gone (null). */
  private async current(uuid: string): Promise<StoredFile | null> {
    const file = await findFile(this.sql, uuid);
    if (file && isAwaitingWebp(file)) throw new Error(`file ${uuid} awaits its WebP but its PNG is missing`);
    return file;
  }
}
