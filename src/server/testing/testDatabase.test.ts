import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropTestDatabase } from './testDatabase';

const adminUrl = process.env.INKLIFT_TEST_POSTGRES_URL || process.env.DATABASE_URL;

// Skipped without PostgreSQL (the embedded database needs no drop); `.ci/run` provides one.
describe.skipIf(!adminUrl)('dropping a test database', () => {
  it('drops it while a session of ours is still connected, and leaves no database behind', async () => {
    const name = `inklift_droptest_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const lingering = new pg.Client({ connectionString: url.href });
    lingering.on('error', () => {});
    await lingering.connect();
    await lingering.query('CREATE TABLE t (x int)');

    await dropTestDatabase(adminUrl!, name);

    const left = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    await admin.end();
    await lingering.end().catch(() => {});
    expect(left.rowCount).toBe(0);
  });

  it('is quiet when the database is already gone', async () => {
    await expect(dropTestDatabase(adminUrl!, 'inklift_droptest_never_made')).resolves.toBeUndefined();
  });
});
