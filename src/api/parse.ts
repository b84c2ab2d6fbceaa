// Validates a response against its zod schema; a mismatch is an unexpected response (exit 1).
import type { z } from 'zod';
import { ApiError } from '../errors.js';

export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : '(root)';
  throw new ApiError(200, 'unexpected_response', `unexpected response for ${what}: ${where}: ${issue?.message ?? 'invalid'}`);
}
