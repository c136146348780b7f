import pg from 'pg';
import type { Queryable, Sql } from './sql';

export async function openPostgres(connectionString: string): Promise<Sql> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`postgres: idle connection lost (${error.message})`));
  // Fail at start, with the real reason, rather than on the first request.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query: async <Row>(text: string, params?: unknown[]) => {
      const result = await pool.query(text, params as unknown[]);
      return { rows: result.rows as Row[] };
    },
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await fn({
          query: async <Row>(text: string, params?: unknown[]) => {
            const result = await client.query(text, params as unknown[]);
            return { rows: result.rows as Row[] };
          },
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
