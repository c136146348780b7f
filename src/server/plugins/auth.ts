import type { FastifyRequest } from 'fastify';
import type { Account } from '../db/accounts';
import { findAccountByKey } from '../db/accounts';
import type { Sql } from '../db/sql';
import { unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
  }
}

export function bearerKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** preHandler: resolves the Bearer key to its account or answers 401. Keys are never logged. */
export function requireAccount(sql: Sql) {
  return async (request: FastifyRequest) => {
    const key = bearerKey(request);
    if (!key) throw unauthorized();
    if (key.length > 512) throw unauthorized('The API key is not valid.');
    const account = await findAccountByKey(sql, key);
    if (!account) throw unauthorized('The API key is not valid or has been revoked.');
    request.account = account;
  };
}
