import crypto from 'node:crypto';
import type { Queryable, Sql } from './sql';

export interface Account {
  id: string;
  name: string;
  limit: number;
  remaining: number;
}

export interface ApiKeyInfo {
  id: string;
  accountId: string;
  prefix: string;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** Keys are 256-bit random secrets; only their SHA-256 is stored, so a leaked database leaks no key. */
export function newApiKey(): string {
  return `ik_${crypto.randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

function keyPrefix(key: string): string {
  return key.slice(0, 8);
}

interface AccountRow {
  id: string;
  name: string;
  balance_limit: number;
  remaining: number;
}

const toAccount = (row: AccountRow): Account => ({
  id: row.id,
  name: row.name,
  limit: Number(row.balance_limit),
  remaining: Number(row.remaining),
});

export async function createAccount(db: Queryable, name: string, limit: number): Promise<Account> {
  const { rows } = await db.query<AccountRow>(
    'INSERT INTO accounts (id, name, balance_limit, remaining) VALUES ($1, $2, $3, $3) RETURNING *',
    [crypto.randomUUID(), name, limit],
  );
  return toAccount(rows[0]);
}

export async function addApiKey(db: Queryable, accountId: string, key: string, name: string | null = null): Promise<ApiKeyInfo> {
  const { rows } = await db.query<{ id: string; created_at: Date }>(
    'INSERT INTO api_keys (id, account_id, key_hash, prefix, name) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at',
    [crypto.randomUUID(), accountId, hashApiKey(key), keyPrefix(key), name],
  );
  return { id: rows[0].id, accountId, prefix: keyPrefix(key), name, createdAt: new Date(rows[0].created_at).toISOString(), revokedAt: null };
}

/** The account a key belongs to, or null for an unknown or revoked key. */
export async function findAccountByKey(db: Queryable, key: string): Promise<Account | null> {
  const hash = hashApiKey(key);
  const { rows } = await db.query<AccountRow & { key_hash: string; key_id: string; last_used_at: Date | null }>(
    `SELECT a.*, k.key_hash, k.id AS key_id, k.last_used_at FROM api_keys k JOIN accounts a ON a.id = k.account_id
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hash],
  );
  const row = rows[0];
  // The index lookup already matched; the constant-time comparison keeps that guarantee explicit.
  if (!row || !crypto.timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  // "Last used" to the minute is enough, and spares a write on every request.
  if (!row.last_used_at || Date.now() - new Date(row.last_used_at).getTime() > 60_000) {
    void db.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.key_id]).catch(() => undefined);
  }
  return toAccount(row);
}

export async function getAccount(db: Queryable, id: string): Promise<Account | null> {
  const { rows } = await db.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export async function listAccounts(db: Queryable): Promise<(Account & { keys: ApiKeyInfo[] })[]> {
  const accounts = (await db.query<AccountRow>('SELECT * FROM accounts ORDER BY created_at')).rows.map(toAccount);
  const keys = (
    await db.query<{ id: string; account_id: string; prefix: string; name: string | null; created_at: Date; revoked_at: Date | null }>(
      'SELECT id, account_id, prefix, name, created_at, revoked_at FROM api_keys ORDER BY created_at',
    )
  ).rows;
  return accounts.map((account) => ({
    ...account,
    keys: keys
      .filter((k) => k.account_id === account.id)
      .map((k) => ({
        id: k.id,
        accountId: k.account_id,
        prefix: k.prefix,
        name: k.name,
        createdAt: new Date(k.created_at).toISOString(),
        revokedAt: k.revoked_at ? new Date(k.revoked_at).toISOString() : null,
      })),
  }));
}

/** Adds processings to an account: both its allowance and what remains of it grow. */
export async function topUp(db: Queryable, accountId: string, amount: number): Promise<Account | null> {
  const { rows } = await db.query<AccountRow>(
    'UPDATE accounts SET balance_limit = balance_limit + $2, remaining = remaining + $2 WHERE id = $1 RETURNING *',
    [accountId, amount],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Revokes by key id or by the key's prefix; returns how many keys were revoked. */
export async function revokeKey(db: Queryable, idOrPrefix: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE api_keys SET revoked_at = now()
     WHERE revoked_at IS NULL AND (id::text = $1 OR prefix = $1) RETURNING id`,
    [idOrPrefix],
  );
  return rows.length;
}

/**
 * Makes sure the demo account of INKLIFT_DEMO_KEY exists. Its allowance is only set when the
 * account is created, so a restart never refills a spent balance.
 */
export async function ensureDemoAccount(sql: Sql, key: string, limit: number): Promise<Account> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7320012)');
    const existing = await findAccountByKey(tx, key);
    if (existing) return existing;
    const account = await createAccount(tx, 'demo', limit);
    await addApiKey(tx, account.id, key, 'demo');
    return account;
  });
}

export interface KeySummary {
  id: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listKeys(db: Queryable, accountId: string): Promise<KeySummary[]> {
  const { rows } = await db.query<{ id: string; name: string | null; prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }>(
    'SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE account_id = $1 ORDER BY created_at DESC',
    [accountId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, prefix: r.prefix, createdAt: iso(r.created_at)!, lastUsedAt: iso(r.last_used_at), revokedAt: iso(r.revoked_at) }));
}

/** Revokes one key of the account; false when the account has no such active key. */
export async function revokeAccountKey(db: Queryable, accountId: string, keyId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL RETURNING id',
    [keyId, accountId],
  );
  return rows.length === 1;
}
