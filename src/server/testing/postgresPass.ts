/**
 * Runs the server's integration suite a second time in the scale-out configuration — a real
 * PostgreSQL and an S3-compatible store (s3rver on loopback) — when INKLIFT_TEST_POSTGRES_URL
 * names a PostgreSQL (`.ci/run` starts Debian's and sets it).
 */
import { spawnSync } from 'node:child_process';

const url = process.env.INKLIFT_TEST_POSTGRES_URL;
if (!url) {
  console.log('PostgreSQL pass skipped: set INKLIFT_TEST_POSTGRES_URL (e.g. postgres://inklift:inklift@127.0.0.1:5432/postgres) to run the server suite on PostgreSQL too.');
  process.exit(0);
}
console.log(`Server integration suite on PostgreSQL (${new URL(url).host}) + S3-compatible storage (s3rver)`);
const result = spawnSync('npx', ['vitest', 'run', 'src/server'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, INKLIFT_TEST_S3: '1' } });
process.exit(result.status ?? 1);
