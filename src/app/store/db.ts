/** The app's one IndexedDB database: results processed on this device, the offline outbox and cached server lists. */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FileRecord } from '../../shared/api';

export interface LocalResult {
  id: string;
  name: string;
  blob: Blob;
  format: 'png' | 'webp';
  width: number;
  height: number;
  engine: string;
  createdAt: string;
}

/** `was`: the file's name as the person saw it when the change was queued (to say which file, should the change fail later). */
export type OutboxEntry =
  | { id?: number; kind: 'rename'; uuid: string; name: string; was?: string; queuedAt: string }
  | { id?: number; kind: 'delete'; uuid: string; was?: string; queuedAt: string };

interface InkliftDb extends DBSchema {
  results: { key: string; value: LocalResult; indexes: { createdAt: string } };
  outbox: { key: number; value: OutboxEntry };
  serverFiles: { key: string; value: { account: string; files: FileRecord[]; savedAt: string } };
}

let database: Promise<IDBPDatabase<InkliftDb>> | null = null;

export function db(): Promise<IDBPDatabase<InkliftDb>> {
  database ??= openDB<InkliftDb>('inklift', 1, {
    upgrade(store) {
      const results = store.createObjectStore('results', { keyPath: 'id' });
      results.createIndex('createdAt', 'createdAt');
      store.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      store.createObjectStore('serverFiles', { keyPath: 'account' });
    },
  });
  return database;
}
