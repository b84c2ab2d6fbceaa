// Ids in request paths, the one rule for every id, wherever it comes from (an argument, standard input,
// a report or ledger file). An id is one path segment: `.` or `..` would be resolved away by the URL
// (`cards delete ..` a DELETE of /v1/), an empty id would name the collection, and `/`, `\` (a slash to
// a WHATWG URL), `?`, `#`, `%` (a pre-encoded `%2e%2e` or `%2f` a server may decode), spaces and control
// characters never occur in the API's ids. Such an id is an input error found before sending (exit 2).
import { UsageError } from '../errors.js';

export const MAX_ID_LENGTH = 256;

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\s\u0000-\u001f\u007f-\u009f/\\?#%]/;

/** Why `id` cannot be an id, or undefined. */
export function idProblem(id: string): string | undefined {
  if (id.trim() === '') return 'is empty';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) return 'has a control character';
  if (id === '.' || id === '..') return 'is a dot segment (it would change the request path)';
  if (id.length > MAX_ID_LENGTH || FORBIDDEN.test(id))
    return `is not an id (ids are single words of at most ${MAX_ID_LENGTH} characters without / \\ ? # % or spaces, e.g. qr_123)`;
  return undefined;
}

/** The one-line refusal for a bad id. */
export function idError(id: string, what = 'id'): UsageError | undefined {
  const problem = idProblem(id);
  if (!problem) return undefined;
  if (problem === 'is empty') return new UsageError(`an empty ${what}: give the id of the record (nothing was sent)`);
  const shown = JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
  return new UsageError(`the ${what} ${shown} ${problem}; nothing was sent`);
}

export function checkId(id: string, what = 'id'): void {
  const e = idError(id, what);
  if (e) throw e;
}

/** Checks every id before the first is sent. */
export function checkIds(ids: readonly string[], what = 'id'): void {
  for (const id of ids) checkId(id, what);
}

/** `/prefix/<id>` with the id checked and encoded: every endpoint builder goes through here. */
export function idPath(prefix: string, id: string, rest = ''): string {
  checkId(id);
  return `${prefix}/${encodeURIComponent(id)}${rest}`;
}

const DOT = /^(\.|%2e){1,2}$/i;

/**
 * A path given by hand (`cardqr api`), made relative to the base URL: `.` and `..` segments (also
 * `%2e`-encoded) are resolved, and one that would climb above the base URL is refused, as are
 * backslashes, `#`, control characters and encoded slashes.
 */
export function normaliseApiPath(path: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\\#\u0000-\u001f\u007f]/.test(path))
    throw new UsageError(
      `path ${JSON.stringify(path)}: a backslash, # or control character is not allowed in an API path`,
    );
  if (/%(2f|5c)/i.test(path))
    throw new UsageError(`path ${JSON.stringify(path)}: an encoded slash (%2F, %5C) is not allowed in an API path`);
  const out: string[] = [];
  const segments = path.split('/').slice(1);
  segments.forEach((seg, i) => {
    const last = i === segments.length - 1;
    if (!DOT.test(seg)) return out.push(seg);
    if (seg.replace(/%2e/gi, '.') === '..') {
      if (!out.length)
        throw new UsageError(
          `path ${JSON.stringify(path)} leaves the base URL: API paths stay under it (e.g. /cards); nothing was sent`,
        );
      out.pop();
    }
    if (last) out.push('');
    return undefined;
  });
  return `/${out.join('/')}`;
}

/** True when some segment of `path` is `.` or `..` (plain or %2e-encoded): the URL would resolve it away. */
export function hasDotSegment(path: string): boolean {
  return path.split('/').some((s) => DOT.test(s));
}
