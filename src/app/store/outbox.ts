/**
 * Gallery changes made while offline (rename, delete of server files), kept in IndexedDB and
 * replayed in order when the connection returns. A later change to the same file supersedes
 * an earlier rename; a delete supersedes everything before it.
 */
import type { FileRecord } from '../../shared/api';
import { db, type OutboxEntry } from './db';

export type { OutboxEntry };

export async function listOutbox(): Promise<OutboxEntry[]> {
  return (await db()).getAll('outbox');
}

export async function enqueue(entry: Omit<OutboxEntry, 'id' | 'queuedAt'> & { kind: OutboxEntry['kind'] }): Promise<void> {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  for (const queued of await tx.store.getAll()) {
    if (queued.uuid === entry.uuid && queued.kind === 'rename' && queued.id !== undefined) await tx.store.delete(queued.id);
  }
  await tx.store.add({ ...entry, queuedAt: new Date().toISOString() } as OutboxEntry);
  await tx.done;
}

export async function removeFromOutbox(id: number): Promise<void> {
  await (await db()).delete('outbox', id);
}

/** The server list as the user sees it: queued renames and deletes applied. */
export function applyOutbox(files: FileRecord[], outbox: OutboxEntry[]): FileRecord[] {
  let result = files;
  for (const entry of outbox) {
    if (entry.kind === 'delete') result = result.filter((f) => f.uuid !== entry.uuid);
    else result = result.map((f) => (f.uuid === entry.uuid ? { ...f, name: entry.name } : f));
  }
  return result;
}

export async function cacheServerFiles(account: string, files: FileRecord[]): Promise<void> {
  await (await db()).put('serverFiles', { account, files, savedAt: new Date().toISOString() });
}

export async function cachedServerFiles(account: string): Promise<FileRecord[] | undefined> {
  return (await (await db()).get('serverFiles', account))?.files;
}
