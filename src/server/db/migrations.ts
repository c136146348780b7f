import type { Sql } from './sql';

/** Append-only: a released migration is never edited, a change is a new entry. */
const MIGRATIONS: { id: number; name: string; sql: string }[] = [
  {
    id: 1,
    name: 'accounts, keys, files',
    sql: `
      CREATE TABLE accounts (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        balance_limit integer NOT NULL CHECK (balance_limit >= 0),
        remaining integer NOT NULL CHECK (remaining >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE TABLE files (
        uuid uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text,
        blob_key text NOT NULL,
        bytes integer NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        etag text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz
      );
      CREATE INDEX files_by_account ON files (account_id, created_at DESC);
      CREATE INDEX files_by_expiry ON files (expires_at) WHERE expires_at IS NOT NULL;
    `,
  },
  {
    id: 2,
    name: 'users, sessions, usage ledger',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        account_id uuid NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE usage (
        id bigserial PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        file_uuid uuid NOT NULL,
        name text,
        amount integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX usage_by_account ON usage (account_id, created_at DESC);
      INSERT INTO usage (account_id, file_uuid, name, amount, created_at)
        SELECT account_id, uuid, name, 1, created_at FROM files;
      INSERT INTO usage (account_id, file_uuid, name, amount)
        SELECT a.id, '00000000-0000-0000-0000-000000000000', 'processings before the usage ledger',
               (a.balance_limit - a.remaining) - COUNT(f.uuid)
        FROM accounts a LEFT JOIN files f ON f.account_id = a.id
        GROUP BY a.id HAVING (a.balance_limit - a.remaining) - COUNT(f.uuid) > 0
    `,
  },
  {
    id: 3,
    name: 'files waiting for their WebP',
    sql: `CREATE INDEX files_awaiting_webp ON files (created_at) WHERE blob_key LIKE '%.png'`,
  },
];

/** Applies pending migrations under an advisory lock, so instances starting together take turns. */
export async function migrate(sql: Sql): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7320011)');
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((r) => Number(r.id)));
    const ran: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue;
      for (const statement of migration.sql.split(';').map((s) => s.trim()).filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      ran.push(migration.id);
    }
    return ran;
  });
}
