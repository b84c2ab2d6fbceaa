// --query <expr>: JMESPath (the jmespath package, as AWS CLI's --query) over the JSON a command prints.
// -o json: applied to the whole document (a list is the array of every item, so --all buffers);
// -o ndjson: applied to each line's object on its own, so streams stay streams. A null result prints
// nothing in ndjson (the way `jq` filters) and `null` in json.
import jmespath from 'jmespath';
import { UsageError } from '../errors.js';
import { type IO, write } from '../io.js';

/** -r/--raw: strings printed bare always, only on a terminal (auto), or never. */
export type RawMode = 'always' | 'auto' | 'never';

/**
 * A query result as bare lines (-r, or by default on a pipe): a string, or a list of strings, one
 * per line and unquoted, so `| xargs` and `while read` get the values themselves. With -r a list of
 * numbers and booleans prints the same way; anything else (objects, nested lists) stays JSON.
 */
export function rawLines(value: unknown, mode: RawMode): string | undefined {
  if (mode === 'never') return undefined;
  const bare = (v: unknown) =>
    typeof v === 'string' || (mode === 'always' && (typeof v === 'number' || typeof v === 'boolean'));
  if (bare(value)) return `${String(value)}\n`;
  if (Array.isArray(value) && value.every(bare)) return value.map((v) => `${String(v)}\n`).join('');
  return undefined;
}

/**
 * Fails (exit 2, before any request) when the expression does not parse. Only a syntax error is "not
 * valid": a function given null (`length(name)` over a record without a name) is a runtime matter of
 * the data, judged by applyQuery.
 */
export function checkQuery(expr: string): void {
  try {
    jmespath.search({}, expr);
  } catch (e) {
    if (!isSyntaxError(e)) return;
    const lines =
      /^[A-Za-z_][\w-]*=/.test(expr) && !expr.includes('==')
        ? ['`api` takes query parameters with --param key=value (or in the path: /cards?limit=5)']
        : [];
    throw new UsageError(`--query "${expr}": not a valid JMESPath expression (${firstLine(e)})`, lines);
  }
}

export function applyQuery(data: unknown, expr: string): unknown {
  try {
    return jmespath.search(data as Parameters<typeof jmespath.search>[0], expr);
  } catch (e) {
    // Type errors (e.g. a function given the wrong kind of value) only show once data is there.
    const why = firstLine(e).replace(/^TypeError: /, '');
    throw new UsageError(
      `--query "${expr}": a runtime error in the data: ${why}`,
      /received type null/.test(why)
        ? [
            "a field is absent or null in some record; JMESPath functions refuse null: guard it, e.g. length(name || '')",
          ]
        : [],
    );
  }
}

export async function renderQueryList<T>(
  items: AsyncIterable<T> | Iterable<T>,
  project: (item: T) => unknown,
  format: 'json' | 'ndjson',
  expr: string,
  io: IO,
  raw: RawMode = 'never',
): Promise<number> {
  let count = 0;
  if (format === 'ndjson') {
    for await (const item of items) {
      count++;
      const out = applyQuery(project(item), expr);
      if (out !== null && out !== undefined) await write(io.stdout, rawLines(out, raw) ?? JSON.stringify(out) + '\n');
    }
    return count;
  }
  const all: unknown[] = [];
  for await (const item of items) all.push(project(item));
  count = all.length;
  const out = applyQuery(all, expr) ?? null;
  await write(io.stdout, rawLines(out, raw) ?? JSON.stringify(out, null, 2) + '\n');
  return count;
}

export async function renderQueryRecord(
  data: unknown,
  format: 'json' | 'ndjson',
  expr: string,
  io: IO,
  raw: RawMode = 'never',
): Promise<void> {
  const out = applyQuery(data, expr) ?? null;
  if (format === 'ndjson' && out === null) return;
  await write(io.stdout, rawLines(out, raw) ?? JSON.stringify(out, null, format === 'json' ? 2 : undefined) + '\n');
}

function isSyntaxError(e: unknown): boolean {
  const name = (e as Error)?.name;
  return name === 'ParserError' || name === 'LexerError' || !/^(TypeError|RuntimeError)\b/.test(firstLine(e));
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n')[0];
}

/** A JSON document a command prints outside the renderer (import summary, emulator address), --query applied. */
export async function printJson(io: IO, value: unknown, pretty: boolean, expr?: string): Promise<void> {
  const out = expr === undefined ? value : (applyQuery(value, expr) ?? null);
  await write(io.stdout, JSON.stringify(out, null, pretty ? 2 : undefined) + '\n');
}
