import type { Queryable, Sql } from './sql';

export interface StoredFile {
  uuid: string;
  accountId: string;
  name: string | null;
  /** The blob holding the file: its WebP, or its PNG while the WebP is being made (resultKeys.ts). */
  blobKey: string;
  /** Size and ETag of that blob. */
  bytes: number;
  width: number;
  height: number;
  etag: string;
  createdAt: Date;
  expiresAt: Date | null;
}

interface FileRow {
  uuid: string;
  account_id: string;
  name: string | null;
  blob_key: string;
  bytes: number;
  width: number;
  height: number;
  etag: string;
  created_at: Date | string;
  expires_at: Date | string | null;
}

const toFile = (row: FileRow): StoredFile => ({
  uuid: row.uuid,
  accountId: row.account_id,
  name: row.name,
  blobKey: row.blob_key,
  bytes: Number(row.bytes),
  width: Number(row.width),
  height: Number(row.height),
  etag: row.etag,
  createdAt: new Date(row.created_at),
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
});

export type NewFile = Omit<StoredFile, 'createdAt' | 'expiresAt'> & { retentionDays: number };

export type ChargeOutcome =
  | { ok: true; file: StoredFile; remaining: number; limit: number }
  | { ok: false; reason: 'insufficient_balance'; remaining: number; limit: number };

/**
 * Deducts one processing and records the file in one transaction: the conditional debit means two
 * requests racing for the last unit cannot both pass, and no file exists without its charge.
 */
export async function chargeOneAndRecord(sql: Sql, file: NewFile): Promise<ChargeOutcome> {
  return sql.transaction(async (tx) => {
    const debit = await tx.query<{ remaining: number; balance_limit: number }>(
      'UPDATE accounts SET remaining = remaining - 1 WHERE id = $1 AND remaining > 0 RETURNING remaining, balance_limit',
      [file.accountId],
    );
    if (debit.rows.length === 0) {
      const balance = await currentBalance(tx, file.accountId);
      return { ok: false, reason: 'insufficient_balance', ...balance };
    }
    const stored = await insertFile(tx, file);
    await tx.query('INSERT INTO usage (account_id, file_uuid, name) VALUES ($1, $2, $3)', [file.accountId, file.uuid, file.name]);
    return { ok: true, file: stored, remaining: Number(debit.rows[0].remaining), limit: Number(debit.rows[0].balance_limit) };
  });
}

/**
 * Records a file that is not charged (an extraction that found nothing): no debit and no line in
 * the usage ledger, which lists charged processings only and so still sums to limit − remaining.
 * Returns the balance as it stands, read in the same transaction.
 */
export async function recordUncharged(sql: Sql, file: NewFile): Promise<ChargeOutcome & { ok: true }> {
  return sql.transaction(async (tx) => {
    const stored = await insertFile(tx, file);
    return { ok: true, file: stored, ...(await currentBalance(tx, file.accountId)) };
  });
}

async function currentBalance(db: Queryable, accountId: string): Promise<{ remaining: number; limit: number }> {
  const { rows } = await db.query<{ remaining: number; balance_limit: number }>('SELECT remaining, balance_limit FROM accounts WHERE id = $1', [accountId]);
  return { remaining: Number(rows[0]?.remaining ?? 0), limit: Number(rows[0]?.balance_limit ?? 0) };
}

async function insertFile(db: Queryable, file: NewFile): Promise<StoredFile> {
  const { rows } = await db.query<FileRow>(
    `INSERT INTO files (uuid, account_id, name, blob_key, bytes, width, height, etag, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
             CASE WHEN $9::integer > 0 THEN now() + make_interval(days => $9::integer) ELSE NULL END)
     RETURNING *`,
    [file.uuid, file.accountId, file.name, file.blobKey, file.bytes, file.width, file.height, file.etag, file.retentionDays],
  );
  return toFile(rows[0]);
}

/** A live (not expired) file by uuid, whoever owns it. */
export async function findFile(db: Queryable, uuid: string): Promise<StoredFile | null> {
  const { rows } = await db.query<FileRow>(
    'SELECT * FROM files WHERE uuid = $1 AND (expires_at IS NULL OR expires_at > now())',
    [uuid],
  );
  return rows[0] ? toFile(rows[0]) : null;
}

export type StoredBlob = Pick<StoredFile, 'blobKey' | 'bytes' | 'etag'>;

/**
 * Points the record at its WebP instead of the PNG it was made from. Only when the record still
 * points at that PNG: null when the file was deleted (or expired and swept), or another instance
 * swapped first.
 */
export async function swapInWebp(db: Queryable, uuid: string, pngKey: string, webp: StoredBlob): Promise<StoredFile | null> {
  const { rows } = await db.query<FileRow>(
    'UPDATE files SET blob_key = $3, bytes = $4, etag = $5 WHERE uuid = $1 AND blob_key = $2 RETURNING *',
    [uuid, pngKey, webp.blobKey, webp.bytes, webp.etag],
  );
  return rows[0] ? toFile(rows[0]) : null;
}

/** Files still waiting for their WebP, created before `olderThan`, oldest first. */
export async function listAwaitingWebp(db: Queryable, olderThan: Date, limit: number): Promise<StoredFile[]> {
  const { rows } = await db.query<FileRow>(
    `SELECT * FROM files WHERE blob_key LIKE '%.png' AND created_at < $1 AND (expires_at IS NULL OR expires_at > now())
     ORDER BY created_at LIMIT $2`,
    [olderThan, limit],
  );
  return rows.map(toFile);
}

export type ListedFile = Pick<StoredFile, 'uuid' | 'name' | 'createdAt' | 'expiresAt'>;

/** An account's live files, newest first: only the columns the listing shows (the hot read path). */
export async function listFiles(db: Queryable, accountId: string): Promise<ListedFile[]> {
  const { rows } = await db.query<Pick<FileRow, 'uuid' | 'name' | 'created_at' | 'expires_at'>>(
    `SELECT uuid, name, created_at, expires_at FROM files
     WHERE account_id = $1 AND (expires_at IS NULL OR expires_at > now())
     ORDER BY created_at DESC, uuid`,
    [accountId],
  );
  return rows.map((row) => ({
    uuid: row.uuid,
    name: row.name,
    createdAt: new Date(row.created_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  }));
}

export async function renameFile(db: Queryable, accountId: string, uuid: string, name: string): Promise<StoredFile | null> {
  const { rows } = await db.query<FileRow>(
    `UPDATE files SET name = $3 WHERE uuid = $1 AND account_id = $2 AND (expires_at IS NULL OR expires_at > now())
     RETURNING *`,
    [uuid, accountId, name],
  );
  return rows[0] ? toFile(rows[0]) : null;
}

/** Removes the record; the caller removes the blob afterwards (a blob without record is swept). */
export async function deleteFile(db: Queryable, accountId: string, uuid: string): Promise<StoredFile | null> {
  const { rows } = await db.query<FileRow>('DELETE FROM files WHERE uuid = $1 AND account_id = $2 RETURNING *', [uuid, accountId]);
  return rows[0] ? toFile(rows[0]) : null;
}

/** Claims and removes a batch of expired records; SKIP LOCKED lets several instances sweep at once. */
export async function takeExpired(sql: Sql, batch: number): Promise<StoredFile[]> {
  const { rows } = await sql.query<FileRow>(
    `DELETE FROM files WHERE uuid IN (
       SELECT uuid FROM files WHERE expires_at IS NOT NULL AND expires_at <= now()
       ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING *`,
    [batch],
  );
  return rows.map(toFile);
}

export async function knownBlobKeys(db: Queryable, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ blob_key: string }>('SELECT blob_key FROM files WHERE blob_key = ANY($1::text[])', [keys]);
  return new Set(rows.map((r) => r.blob_key));
}
