import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Queryable, Sql } from './sql';
import { acquireFolderLock } from './folderLock';

/** Embedded PostgreSQL (WASM) in `<dataDir>/db`. One process per folder: enforced by a lock file. */
export async function openPglite(dataDir: string): Promise<Sql> {
  const dir = path.join(dataDir, 'db');
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = acquireFolderLock(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create(dir);
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    kind: 'pglite',
    query: async <Row>(text: string, params?: unknown[]) => {
      const result = await db.query<Row>(text, params);
      return { rows: result.rows };
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      db.transaction(async (tx) =>
        fn({
          query: async <Row>(text: string, params?: unknown[]) => {
            const result = await tx.query<Row>(text, params);
            return { rows: result.rows };
          },
        }),
      ),
    close: async () => {
      await db.close();
      releaseLock();
    },
  };
}
