/**
 * The one database interface of the server. Both implementations speak PostgreSQL:
 * PGlite (embedded, in the data folder) by default, a real PostgreSQL when DATABASE_URL is set.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface Sql extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
