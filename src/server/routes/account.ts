import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChangePasswordSchema,
  CreateKeySchema,
  CredentialsSchema,
  CSRF_HEADER,
  RevokeKeySchema,
  SignInSchema,
  type ApiKeySummary,
} from '../../shared/account';
import { SESSION_COOKIE, SESSION_DAYS, readCookie, setSessionCookie } from '../accounts/cookies';
import { decoyHash, hashPassword, verifyPassword } from '../accounts/passwords';
import { SignInLimiter } from '../accounts/signInLimiter';
import { addApiKey, getAccount, listKeys, newApiKey, revokeAccountKey, type KeySummary } from '../db/accounts';
import { createSession, deleteOtherSessions, deleteSession, findSession } from '../db/sessions';
import { createUser, findUserByEmail, findUserById, setPassword, type User } from '../db/users';
import { listUsage } from '../db/usage';
import { ApiError } from '../errors';
import type { Services } from '../services';
import { parseBody as parse } from './parseBody';

const toKey = (k: KeySummary): ApiKeySummary => ({ id: k.id, name: k.name, prefix: k.prefix, created_at: k.createdAt, last_used_at: k.lastUsedAt, revoked_at: k.revokedAt });
const notSignedIn = () => new ApiError(401, 'unauthorized', 'Sign in first.');
/** Sign-up answers no sooner than this after the request came in, taken email or new (see the route). */
const SIGNUP_ANSWER_FLOOR_MS = 500;

/**
 * Sign-up, sign-in and key management for people, beside the API (keys are managed "by logging
 * in to the account", outside the /api/* contract). Only JSON bodies are accepted here, so no
 * cross-site HTML form can post to these routes; state changes need the session's CSRF token.
 */
export function registerAccountRoutes(app: FastifyInstance, { sql, config, keys }: Services) {
  const limiter = new SignInLimiter();

  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/account/') && request.method === 'POST' && !String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      throw new ApiError(415, 'unsupported_media_type', 'Send a JSON body (Content-Type: application/json).');
    }
  });

  async function currentUser(request: FastifyRequest, { csrf }: { csrf: boolean }): Promise<{ user: User; token: string; csrfToken: string }> {
    const token = readCookie(request, SESSION_COOKIE);
    const session = token ? await findSession(sql, token) : null;
    const user = session ? await findUserById(sql, session.userId) : null;
    if (!token || !session || !user) throw notSignedIn();
    if (csrf) {
      const sent = Buffer.from(String(request.headers[CSRF_HEADER] ?? ''));
      const expected = Buffer.from(session.csrfToken);
      if (sent.length !== expected.length || !crypto.timingSafeEqual(sent, expected)) {
        throw new ApiError(403, 'forbidden', `Missing or wrong ${CSRF_HEADER} header.`);
      }
    }
    return { user, token, csrfToken: session.csrfToken };
  }

  app.post('/account/signup', async (request, reply) => {
    const started = performance.now();
    const { email, password } = parse(CredentialsSchema, request.body);
    // Hash first in every case: a taken email costs the same time and gets the same answer.
    const hash = await hashPassword(password);
    await createUser(sql, email, hash, config.freeLimit);
    // A new account's transaction commits, a taken email's rolls back: under load the commit's write
    // made a new email's answer up to a third slower (measured in CI). Both answer at the same floor.
    const early = SIGNUP_ANSWER_FLOOR_MS - (performance.now() - started);
    if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
    return reply.code(202).send({ status: 'ok', message: 'If this email address was not registered yet, its account now exists: sign in.' });
  });

  app.post('/account/signin', async (request, reply) => {
    const { email, password } = parse(SignInSchema, request.body);
    const wait = limiter.retryAfter(email, request.ip);
    if (wait > 0) throw new ApiError(429, 'rate_limited', 'Too many failed sign-ins; try again later.', { 'retry-after': String(wait) });
    const user = await findUserByEmail(sql, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      limiter.recordFailure(email, request.ip);
      throw new ApiError(401, 'invalid_credentials', 'The email or the password is wrong.');
    }
    limiter.recordSuccess(email);
    const session = await createSession(sql, user.id, SESSION_DAYS);
    setSessionCookie(request, reply, session.token);
    return { status: 'ok', csrf_token: session.csrfToken };
  });

  app.post('/account/signout', async (request, reply) => {
    const { token } = await currentUser(request, { csrf: true });
    await deleteSession(sql, token);
    setSessionCookie(request, reply, null);
    return { status: 'ok' };
  });

  app.post('/account/password', async (request) => {
    const { user, token } = await currentUser(request, { csrf: true });
    const { current, next } = parse(ChangePasswordSchema, request.body);
    if (!(await verifyPassword(current, user.passwordHash))) throw new ApiError(401, 'invalid_credentials', 'The current password is wrong.');
    await setPassword(sql, user.id, await hashPassword(next));
    await deleteOtherSessions(sql, user.id, token);
    return { status: 'ok' };
  });

  app.get('/account/me', async (request) => {
    const { user, csrfToken } = await currentUser(request, { csrf: false });
    const account = await getAccount(sql, user.accountId);
    return { status: 'ok', email: user.email, limit: account!.limit, remaining: account!.remaining, csrf_token: csrfToken };
  });

  app.get('/account/keys', async (request) => {
    const { user } = await currentUser(request, { csrf: false });
    return { status: 'ok', keys: (await listKeys(sql, user.accountId)).map(toKey) };
  });

  app.post('/account/keys', async (request) => {
    const { user } = await currentUser(request, { csrf: true });
    const { name } = parse(CreateKeySchema, request.body);
    const key = newApiKey();
    const info = await addApiKey(sql, user.accountId, key, name);
    return { status: 'ok', key, info: toKey({ id: info.id, name: info.name, prefix: info.prefix, createdAt: info.createdAt, lastUsedAt: null, revokedAt: null }) };
  });

  app.post('/account/keys/revoke', async (request) => {
    const { user } = await currentUser(request, { csrf: true });
    const { id } = parse(RevokeKeySchema, request.body);
    if (!(await revokeAccountKey(sql, user.accountId, id))) throw new ApiError(404, 'not_found', 'Key not found.');
    keys.clear();
    return { status: 'ok' };
  });

  app.get('/account/usage', async (request) => {
    const { user } = await currentUser(request, { csrf: false });
    const account = await getAccount(sql, user.accountId);
    const usage = await listUsage(sql, user.accountId);
    return { status: 'ok', limit: account!.limit, remaining: account!.remaining, usage: usage.map((u) => ({ time: u.time, file_uuid: u.fileUuid, name: u.name, amount: u.amount })) };
  });
}
