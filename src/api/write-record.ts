// A write (POST, PATCH) whose answer is one record, checked like every answer (parse.ts).
import type * as z from 'zod/mini';
import type { ApiClient, WriteOptions } from './client.js';
import { parseResponse } from './parse.js';

/** A write (POST, PATCH) whose answer is one record of `schema`, checked like every answer. */
export async function writeRecord<S extends z.ZodMiniType>(
  client: ApiClient,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  opts: WriteOptions,
  schema: S,
  what: string,
  /** A cheaper check of the common answer (bulk paths); the schema still checks and words any other. */
  quick?: (data: unknown) => data is z.infer<S>,
): Promise<z.infer<S>> {
  const res = await client.request(method, path, { body, idempotencyKey: opts.idempotencyKey, signal: opts.signal });
  return quick?.(res.data) ? res.data : parseResponse(schema, res.data, what);
}
