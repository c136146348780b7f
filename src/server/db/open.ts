import type { ServerConfig } from '../config';
import { migrate } from './migrations';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Sql } from './sql';

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): Promise<Sql> {
  const sql = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return sql;
}
