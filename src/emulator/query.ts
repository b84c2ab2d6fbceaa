// Validation helpers shared by route modules: limit/offset, list envelope, zod → error details.
import type { z } from 'zod';
import { validationFailed, type ErrorDetail } from './http.js';

export interface Page {
  limit: number;
  offset: number;
}

/** A query problem entry: `{path:[...], message, code}` (the spec's query detail shape). */
export const queryProblem = (path: (string | number)[], message: string, code: string): ErrorDetail => ({
  path,
  message,
  code,
});

/**
 * Parse `limit` (integer 1..100, default `defaultLimit`) and `offset` (integer >= 0, default 0).
 * Problems are pushed to `problems` when given (so a route can report all of them at once);
 * otherwise a 422 validation_failed is thrown right away.
 */
export function parsePage(query: Record<string, string>, defaultLimit = 25, problems?: ErrorDetail[]): Page {
  const own: ErrorDetail[] = problems ?? [];
  const limit = parseIntParam(query, 'limit', defaultLimit, 1, 100, own);
  const offset = parseIntParam(query, 'offset', 0, 0, Number.MAX_SAFE_INTEGER, own);
  if (!problems && own.length) throw validationFailed(own, 'Invalid query parameters.');
  return { limit, offset };
}

/** Integer query parameter within [min, max]; a problem is recorded and the default returned when invalid. */
export function parseIntParam(
  query: Record<string, string>,
  name: string,
  dflt: number,
  min: number,
  max: number,
  problems: ErrorDetail[],
): number {
  const raw = query[name];
  if (raw === undefined) return dflt;
  if (!/^-?\d+$/.test(raw.trim())) {
    problems.push(queryProblem([name], `Expected an integer, received "${raw}"`, 'invalid_type'));
    return dflt;
  }
  const n = Number(raw);
  if (n < min) problems.push(queryProblem([name], `Number must be greater than or equal to ${min}`, 'too_small'));
  else if (n > max) problems.push(queryProblem([name], `Number must be less than or equal to ${max}`, 'too_big'));
  else return n;
  return dflt;
}

/** Enum query parameter; undefined when absent. */
export function parseEnumParam<T extends string>(
  query: Record<string, string>,
  name: string,
  values: readonly T[],
  problems: ErrorDetail[],
): T | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(
    queryProblem(
      [name],
      `Invalid enum value. Expected ${values.map((v) => `'${v}'`).join(' | ')}, received '${raw}'`,
      'invalid_enum_value',
    ),
  );
  return undefined;
}

/** Boolean query parameter: true/false/1/0. */
export function parseBoolParam(
  query: Record<string, string>,
  name: string,
  dflt: boolean,
  problems: ErrorDetail[],
): boolean {
  const raw = query[name];
  if (raw === undefined) return dflt;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(queryProblem([name], `Expected boolean, received "${raw}"`, 'invalid_type'));
  return dflt;
}

/** Throw 422 validation_failed when any problem was collected. */
export function throwIfProblems(problems: ErrorDetail[], message = 'Invalid query parameters.'): void {
  if (problems.length) throw validationFailed(problems, message);
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

/** Slice `items` (already filtered and ordered) into the list envelope. */
export function paginate<T, U = T>(items: T[], page: Page, map?: (item: T) => U): ListEnvelope<U> {
  const slice = items.slice(page.offset, page.offset + page.limit);
  return {
    object: 'list',
    data: map ? slice.map(map) : (slice as unknown as U[]),
    pagination: {
      total: items.length,
      limit: page.limit,
      offset: page.offset,
      hasMore: page.offset + slice.length < items.length,
    },
  };
}

// zod v4 issue codes → the names the API uses (v3 style, as in the spec's examples)
const CODE_NAMES: Record<string, string> = { invalid_value: 'invalid_enum_value', invalid_format: 'invalid_string' };

/** zod issues → body detail entries `{field: dotted path, message, code}`. */
export function bodyDetails(error: z.ZodError): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys)
        out.push({ field: [...base, k].join('.'), message: `Unrecognized key: "${k}"`, code: 'unrecognized_keys' });
    } else {
      out.push({ field: base.join('.'), message: issue.message, code: CODE_NAMES[issue.code] ?? issue.code });
    }
  }
  return out;
}
