import pg from 'pg';

const SQLSTATE_OBJECT_IN_USE = '55006';
const DROP_ATTEMPTS = 3;
const DROP_RETRY_MS = 250;

/**
 * Drops a test database as a role that is not a superuser (CI's `inklift` has CREATEDB only).
 *
 * Not `DROP DATABASE … WITH (FORCE)`: on PostgreSQL 15 FORCE refuses outright when an autovacuum
 * worker happens to be in the database ("must be a member of the role whose process is being
 * terminated"), which failed CI once. A plain DROP asks autovacuum to leave and waits for it; the
 * sessions left are our own, which this role may end.
 */
export async function dropTestDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND usename = current_user AND pid <> pg_backend_pid()',
        [name],
      );
      try {
        await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== SQLSTATE_OBJECT_IN_USE || attempt >= DROP_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
      }
    }
  } finally {
    await client.end();
  }
}
