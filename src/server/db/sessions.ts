import crypto from 'node:crypto';
import type { Queryable } from './sql';

export interface Session {
  userId: string;
  csrfToken: string;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new session: the cookie carries the random token, the database only its hash. */
export async function createSession(db: Queryable, userId: string, days: number): Promise<{ token: string; csrfToken: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const csrfToken = crypto.randomBytes(24).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + make_interval(days => $4::integer))`,
    [hashToken(token), userId, csrfToken, days],
  );
  return { token, csrfToken };
}

export async function findSession(db: Queryable, token: string): Promise<Session | null> {
  const { rows } = await db.query<{ user_id: string; csrf_token: string }>(
    'SELECT user_id, csrf_token FROM sessions WHERE token_hash = $1 AND expires_at > now()',
    [hashToken(token)],
  );
  return rows[0] ? { userId: rows[0].user_id, csrfToken: rows[0].csrf_token } : null;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

/** After a password change every other session of the user ends. */
export async function deleteOtherSessions(db: Queryable, userId: string, keepToken: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, hashToken(keepToken)]);
}
