// A create answered without what was sent (PRODUCT §16): a 201 whose object lacks a value the request
// set. The object exists, so running the create again would make a second one: the command prints the
// object (stdout), then names its id and each difference, and suggests an update of that id. Exit 1.
import { canonicalJson } from '../api/canonical-json.js';
import { CliError, EXIT } from '../errors.js';
import { safeLine } from '../output/sanitize.js';

const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : (canonicalJson(v ?? null) as string));

/** Each value `asked` set that `answer` does not hold, as `name "B" (asked "A")`; `same` compares one pair. */
export function unshownValues(
  asked: Readonly<Record<string, unknown>>,
  answer: Readonly<Record<string, unknown>>,
  same: (key: string, answered: unknown, wanted: unknown) => boolean = (_k, a, b) =>
    canonicalJson(a) === canonicalJson(b),
  prefix = '',
): string[] {
  const out: string[] = [];
  for (const [key, wanted] of Object.entries(asked)) {
    if (wanted === undefined) continue;
    const answered = answer[key];
    if (!same(key, answered, wanted))
      out.push(`${prefix}${key} ${answered === undefined ? 'missing' : shown(answered)} (asked ${shown(wanted)})`);
  }
  return out;
}

export function createdNotShown(what: string, id: string, differences: string[], update: string): CliError {
  return new CliError(
    safeLine(
      `${what} ${id} was created, but the answer does not show ${differences.length === 1 ? 'a value' : 'values'} sent`,
    ),
    EXIT.failed,
    [
      ...differences.map((d) => safeLine(d)),
      `it exists: do not run the create again (that would make a second one); set the values on it: ${update}`,
    ],
  );
}
