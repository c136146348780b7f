/**
 * The account endpoints beside the API (/account/*), typed from src/shared/account.ts: the session
 * is an HttpOnly cookie the browser sends by itself; every state change carries the session's CSRF
 * token (from sign-in or GET /account/me) in X-CSRF-Token. JSON bodies only.
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CreatedKeySchema,
  CSRF_HEADER,
  KeysSchema,
  MeSchema,
  UsageSchema,
  type ApiKeySummary,
  type Me,
} from '../../shared/account';
import { ApiError, json, send } from './client';

const OkSchema = z.object({ status: z.literal('ok') });
const SignedInSchema = MeSchema.pick({ status: true, csrf_token: true });

export const accountKeys = {
  all: ['account'] as const,
  me: ['account', 'me'] as const,
  keys: ['account', 'keys'] as const,
  usage: ['account', 'usage'] as const,
};

function post(path: string, body: unknown, csrfToken?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (csrfToken) headers[CSRF_HEADER] = csrfToken;
  return send(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' });
}

const get = (path: string, signal?: AbortSignal) => send(path, { credentials: 'same-origin', signal, cache: 'no-store' });

/** Sign-up answers the same for a new and a taken email: the caller signs in next. */
export async function signUp(email: string, password: string): Promise<void> {
  await post('/account/signup', { email, password });
}

/** Returns the session's CSRF token. */
export async function signIn(email: string, password: string): Promise<string> {
  return (await json(await post('/account/signin', { email, password }), SignedInSchema)).csrf_token;
}

export async function signOut(csrfToken: string): Promise<void> {
  await json(await post('/account/signout', {}, csrfToken), OkSchema);
}

export async function changePassword(csrfToken: string, current: string, next: string): Promise<void> {
  await json(await post('/account/password', { current, next }, csrfToken), OkSchema);
}

/** The signed-in person, or null when there is no session. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await json(await get('/account/me', signal), MeSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function listKeys(signal?: AbortSignal): Promise<ApiKeySummary[]> {
  return (await json(await get('/account/keys', signal), KeysSchema)).keys;
}

/** The secret is in the answer only this once. */
export async function createKey(csrfToken: string, name: string): Promise<{ key: string; info: ApiKeySummary }> {
  const { key, info } = await json(await post('/account/keys', { name }, csrfToken), CreatedKeySchema);
  return { key, info };
}

export async function revokeKey(csrfToken: string, id: string): Promise<void> {
  await json(await post('/account/keys/revoke', { id }, csrfToken), OkSchema);
}

export async function fetchUsage(signal?: AbortSignal) {
  return json(await get('/account/usage', signal), UsageSchema);
}

/** Asked only when this browser signed in (a 401 for every visitor would be noise in the console). */
export function useMe(enabled: boolean) {
  return useQuery({ queryKey: accountKeys.me, queryFn: ({ signal }) => fetchMe(signal), enabled, staleTime: 60_000, retry: false, networkMode: 'always' });
}

export function useKeys(enabled: boolean) {
  return useQuery({ queryKey: accountKeys.keys, queryFn: ({ signal }) => listKeys(signal), enabled, retry: false, networkMode: 'always' });
}

export function useUsage(enabled: boolean) {
  return useQuery({ queryKey: accountKeys.usage, queryFn: ({ signal }) => fetchUsage(signal), enabled, retry: false, networkMode: 'always' });
}

/** A sentence for the person: wrong credentials, too many attempts (with the wait), validation. */
export function describeAccountError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid_credentials') return error.message;
    if (error.status === 429) {
      const minutes = error.retryAfterSeconds === null ? null : Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
      return `Too many failed sign-ins. ${minutes === null ? 'Try again later.' : `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`}`;
    }
    if (error.status === 401) return 'Your session has ended: sign in again.';
    if (error.status === 403) return 'The session could not be confirmed: reload the page and try again.';
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
