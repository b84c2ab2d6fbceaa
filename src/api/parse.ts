// Validates a response against its zod schema; a mismatch is an unexpected response (exit 1).
// Schemas use zod/mini: the same validation at a fraction of zod's start-up cost. The client itself
// uses it (GET /me), so it imports nothing of the client.
import type * as z from 'zod/mini';
import { ApiError } from '../errors.js';

export function parseResponse<S extends z.ZodMiniType>(schema: S, data: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data as z.infer<S>;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new ApiError(200, 'unexpected_response', `unexpected response for ${what}: ${where}: ${describe(issue)}`);
}

/** zod/mini loads no locale (its messages are all "Invalid input"), so say what was expected. */
function describe(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'invalid_type') return `expected ${issue.expected}`;
  if (issue?.code === 'invalid_value') return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
  return issue?.message ?? 'invalid';
}
