import type { z } from 'zod';
import { badParameter } from '../errors';

/** Validates a JSON body with its schema; the first problem becomes a 422 naming the field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw badParameter(field ? `${field}: ${issue.message}` : issue.message);
  }
  return parsed.data;
}
