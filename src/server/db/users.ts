import crypto from 'node:crypto';
import type { Queryable, Sql } from './sql';
import { createAccount } from './accounts';

export interface User {
  id: string;
  email: string;
  passwordHash: string;
  accountId: string;
}

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  account_id: string;
}

const toUser = (row: UserRow): User => ({ id: row.id, email: row.email, passwordHash: row.password_hash, accountId: row.account_id });

export async function findUserByEmail(db: Queryable, email: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE email = $1', [email]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

class EmailTaken extends Error {}

/** Creates the user with its own account of `freeLimit` processings; null when the email is taken. */
export async function createUser(sql: Sql, email: string, passwordHash: string, freeLimit: number): Promise<User | null> {
  try {
    return await sql.transaction(async (tx) => {
      const account = await createAccount(tx, email, freeLimit);
      const { rows } = await tx.query<UserRow>(
        'INSERT INTO users (id, email, password_hash, account_id) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING *',
        [crypto.randomUUID(), email, passwordHash, account.id],
      );
      // Rolling back also removes the account made for nobody.
      if (rows.length === 0) throw new EmailTaken();
      return toUser(rows[0]);
    });
  } catch (error) {
    if (error instanceof EmailTaken) return null;
    throw error;
  }
}

export async function setPassword(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}
