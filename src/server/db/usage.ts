import type { Queryable } from './sql';

export interface UsageLine {
  time: string;
  fileUuid: string;
  name: string | null;
  amount: number;
}

/** The ledger of charged processings, newest first. Its amounts sum to limit − remaining. */
export async function listUsage(db: Queryable, accountId: string, limit = 500): Promise<UsageLine[]> {
  const { rows } = await db.query<{ created_at: Date; file_uuid: string; name: string | null; amount: number }>(
    `SELECT u.created_at, u.file_uuid, COALESCE(f.name, u.name) AS name, u.amount
     FROM usage u LEFT JOIN files f ON f.uuid = u.file_uuid
     WHERE u.account_id = $1 ORDER BY u.created_at DESC, u.id DESC LIMIT $2`,
    [accountId, limit],
  );
  return rows.map((r) => ({ time: new Date(r.created_at).toISOString(), fileUuid: r.file_uuid, name: r.name, amount: Number(r.amount) }));
}

export async function usageTotal(db: Queryable, accountId: string): Promise<number> {
  const { rows } = await db.query<{ total: string | number | null }>('SELECT COALESCE(SUM(amount), 0) AS total FROM usage WHERE account_id = $1', [accountId]);
  return Number(rows[0].total);
}
