/**
 * Schemas of the account endpoints beside the API (/account/*): used by the web app's Account
 * screen. They are not part of the specification's /api/* contract.
 */
import { z } from 'zod';

export const EmailSchema = z.string().trim().toLowerCase().max(254).email('a valid email address is required');
export const PasswordSchema = z.string().min(10, 'the password needs at least 10 characters').max(256);

export const CredentialsSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type Credentials = z.infer<typeof CredentialsSchema>;

export const SignInSchema = z.object({ email: EmailSchema, password: z.string().min(1).max(256) });
export const ChangePasswordSchema = z.object({ current: z.string().min(1).max(256), next: PasswordSchema });

export const KeyNameSchema = z.string().trim().min(1).max(100);
export const CreateKeySchema = z.object({ name: KeyNameSchema });
export const RevokeKeySchema = z.object({ id: z.guid() });

export const ApiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;

export const UsageLineSchema = z.object({ time: z.string(), file_uuid: z.string(), name: z.string().nullable(), amount: z.number() });
export type UsageLine = z.infer<typeof UsageLineSchema>;

export const MeSchema = z.object({
  status: z.literal('ok'),
  email: z.string(),
  limit: z.number(),
  remaining: z.number(),
  /** Send back as the X-CSRF-Token header on every state-changing /account request. */
  csrf_token: z.string(),
});
export type Me = z.infer<typeof MeSchema>;

export const CreatedKeySchema = z.object({ status: z.literal('ok'), key: z.string(), info: ApiKeySummarySchema });
export const KeysSchema = z.object({ status: z.literal('ok'), keys: z.array(ApiKeySummarySchema) });
export const UsageSchema = z.object({ status: z.literal('ok'), limit: z.number(), remaining: z.number(), usage: z.array(UsageLineSchema) });

export const CSRF_HEADER = 'x-csrf-token';
