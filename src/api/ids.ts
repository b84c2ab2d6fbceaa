// Ids in request paths. Two rules, by where the id comes from:
// - an id a user types (an argument, standard input, a --template flag or a --data key) is checked with
//   `checkId`: one path segment (`.` or `..` would be resolved away by the URL, `cards delete ..` a DELETE
//   of /v1/; an empty id would name the collection) that looks like an id (no `/`, `\`, `?`, `#`, `%`,
//   spaces or control characters: a pasted URL or a typo). Such an id is an input error found before
//   sending (exit 2). The commands apply it where the id is read.
// - an id the service gave (read from an answer, or from a report or ledger cardqr wrote from answers) is
//   opaque (api-spec.md §Resources rule 2): it is only made a safe path segment (`checkGivenId`: not
//   empty, not a dot segment) and encoded. `idPath`, which every endpoint builder goes through, applies
//   this rule only, so an id from an answer never meets the typed-id rule.
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

/** Why `id` (from the service: opaque) cannot be one path segment, or undefined. */
export function segmentProblem(id: string): string | undefined {
  if (id === '') return 'is empty';
  if (id === '.' || id === '..') return 'is a dot segment (it would change the request path)';
  return undefined;
}

/** The one-line refusal for a bad id. */
export function idError(id: string, what = 'id', problemOf = idProblem): UsageError | undefined {
  const problem = problemOf(id);
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

/** An id the service gave (opaque): refused only when it cannot be one path segment. */
export function checkGivenId(id: string, what = 'id'): void {
  const e = idError(id, what, segmentProblem);
  if (e) throw e;
}

/** Checks every id the service gave before the first is sent. */
export function checkGivenIds(ids: readonly string[], what = 'id'): void {
  for (const id of ids) checkGivenId(id, what);
}

/**
 * `/prefix/<id>` with the id encoded: every endpoint builder goes through here. Only the segment rule
 * (an id from an answer is opaque); a typed id was checked with `checkId` where the user gave it.
 */
export function idPath(prefix: string, id: string, rest = ''): string {
  checkGivenId(id);
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
