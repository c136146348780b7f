import type { FastifyRequest } from 'fastify';
import type { Account } from '../db/accounts';
import { findAccountByKey, hashApiKey } from '../db/accounts';
import type { Sql } from '../db/sql';
import { unauthorized } from '../errors';
import type { KeyCache } from './keyCache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account; its balance may be a moment old (see KeyCache): read it fresh to gate on it. */
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
export function requireAccount(sql: Sql, keys: KeyCache) {
  return async (request: FastifyRequest) => {
    const key = bearerKey(request);
    if (!key) throw unauthorized();
    if (key.length > 512) throw unauthorized('The API key is not valid.');
    const hash = hashApiKey(key);
    let account = keys.get(hash);
    if (!account) {
      const generation = keys.generation;
      const found = await findAccountByKey(sql, key);
      if (!found) throw unauthorized('The API key is not valid or has been revoked.');
      keys.set(hash, found, generation);
      account = found;
    }
    request.account = account;
  };
}
