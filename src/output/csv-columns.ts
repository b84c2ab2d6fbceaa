// Which columns a CSV has, so that no value of any record is dropped (README "CSV columns"):
// - --fields: exactly those columns;
// - a view with documented columns (cards, QR codes, leads ...): those, then `extra`, a JSON object
//   of every other non-empty field the record holds (template custom fields, fields the API adds
//   later, a lead's `read` and CRM details), keyed by dotted path; empty when there is nothing else. The header never depends on
//   the data, so files from several runs line up;
// - no documented columns: an array is read whole and its columns are the union of every record's
//   fields, in first-seen order; a stream takes the first record's fields, then `extra`.
import type { IO } from '../io.js';
import { write } from '../io.js';
import { csvLine, csvPreamble, type CsvSettings } from './csv-values.js';
import type { View } from './view.js';
import type { OutputSettings } from './settings.js';
import { flatten, getPath } from './values.js';
import { setOwn } from '../own.js';

export const EXTRA_COLUMN = 'extra';

interface Plan {
  columns: string[];
  /** Add the `extra` column (a JSON object of the fields no column holds). */
  extra: boolean;
}

function documented<T>(view: View<T>, s: OutputSettings): Plan | undefined {
  if (s.fields) return { columns: s.fields, extra: false };
  if (view.csv) return { columns: view.csv, extra: true };
  return undefined;
}

/** Every flattened field of every row, in first-seen order. */
function union(rows: Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(flatten(row))) seen.add(key);
  return [...seen];
}

function header(plan: Plan, csv: CsvSettings = {}): string {
  return csvPreamble(csv) + csvLine(plan.extra ? [...plan.columns, EXTRA_COLUMN] : plan.columns, csv);
}

/** `source` is the record as the API sent it: `extra` holds what no column of `row` (its CSV shape) took. */
function line(
  row: Record<string, unknown>,
  source: unknown,
  plan: Plan,
  known: Set<string>,
  csv: CsvSettings = {},
): string {
  // A column the CSV shape does not hold (`--fields read` of a lead) is read from the record itself,
  // as `leads export` does: a named field is never printed empty while the record has it.
  const values = plan.columns.map((c) => {
    const v = getPath(row, c);
    return v === undefined && row !== source ? getPath(source, c) : v;
  });
  if (plan.extra) values.push(extraCell(source as Record<string, unknown>, known));
  return csvLine(values, csv);
}

/**
 * The fields no column holds, as one JSON object keyed by dotted path ("" when none). The `object`
 * tag ("card", "lead" ...) is left out: the command already says what the rows are.
 */
export function extraCell(row: Record<string, unknown>, known: Set<string>): string {
  const rest: Record<string, unknown> = {};
  let any = false;
  for (const [key, value] of Object.entries(flatten(row))) {
    if (key === 'object' || value === null || value === undefined || value === '') continue;
    if (known.has(key) || coveredByPrefix(key, known)) continue;
    if (Array.isArray(value) && !value.length) continue;
    setOwn(rest, key, value);
    any = true;
  }
  return any ? JSON.stringify(rest) : '';
}

/** `fields.address` as a column holds `fields.address.city` too (the cell shows the whole object). */
function coveredByPrefix(key: string, known: Set<string>): boolean {
  for (let i = key.lastIndexOf('.'); i > 0; i = key.lastIndexOf('.', i - 1)) {
    if (known.has(key.slice(0, i))) return true;
  }
  return false;
}

function shape<T>(view: View<T>, item: T): Record<string, unknown> {
  return (view.csvRow ? view.csvRow(item) : item) as Record<string, unknown>;
}

export async function csvList<T>(
  items: AsyncIterable<T> | Iterable<T>,
  view: View<T>,
  s: OutputSettings,
  io: IO,
): Promise<number> {
  let plan = documented(view, s);
  if (!plan && Array.isArray(items)) {
    const rows = (items as T[]).map((item) => shape(view, item));
    plan = { columns: union(rows), extra: false };
    await write(
      io.stdout,
      rows.length
        ? header(plan, s.csv) + rows.map((r, i) => line(r, (items as T[])[i], plan as Plan, new Set(), s.csv)).join('')
        : '',
    );
    return rows.length;
  }
  let known = new Set(plan?.columns ?? []);
  let count = 0;
  if (plan) await write(io.stdout, header(plan, s.csv));
  for await (const item of items) {
    count++;
    const row = shape(view, item);
    if (!plan) {
      plan = { columns: Object.keys(flatten(row)), extra: true };
      known = new Set(plan.columns);
      await write(io.stdout, header(plan, s.csv));
    }
    await write(io.stdout, line(row, item, plan, known, s.csv));
  }
  return count;
}

export async function csvRecord<T>(item: T, view: View<T>, s: OutputSettings, io: IO): Promise<void> {
  const row = shape(view, item);
  const plan = documented(view, s) ?? { columns: Object.keys(flatten(row)), extra: false };
  await write(io.stdout, header(plan, s.csv) + line(row, item, plan, new Set(plan.columns), s.csv));
}
