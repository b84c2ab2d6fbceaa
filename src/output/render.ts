// One renderer for every list and record: table | json | ndjson | csv, --fields, -q.
// Lists arrive as async iterables, so ndjson/csv/json print each item as it arrives.
import type { OutputFormat } from '../config/settings.js';
import { type IO, write } from '../io.js';
import { csvLine, csvPreamble, type CsvSettings } from './csv.js';
import { safeLine, safeText } from './sanitize.js';
import { cellText, flatten, getPath, pick, relativeTime } from './values.js';

export type Style = 'status' | 'date' | 'bool' | 'dim' | 'url';

export interface Column<T = any> {
  header: string;
  /** Dotted path into the item, or a function. */
  value: string | ((item: T) => unknown);
  style?: Style;
}

export interface View<T = any> {
  /** Table columns of a list. */
  columns: Column<T>[];
  /** Rows of a single record's table; default: every flattened field. */
  record?: Column<T>[];
  /** CSV columns; default: the flattened fields of the first item. */
  csv?: string[];
  /** The id printed by -q; default item.id. */
  id?: (item: T) => string;
  /** Extra sections printed after a record's table (tables only). */
  extra?: (item: T, ctx: TableContext) => string;
}

export interface OutputSettings {
  format: OutputFormat;
  fields?: string[];
  quiet: boolean;
  /** --query: a JMESPath expression over the JSON output (json and ndjson only). */
  query?: string;
  color: boolean;
  /** stdout is a terminal: relative dates and wide tables. */
  tty: boolean;
  now: Date;
  /** CSV dialect, delimiter, raw (default: RFC 4180, comma, formulas neutralised). */
  csv?: CsvSettings;
}

export interface TableContext {
  settings: OutputSettings;
  paint: Painter;
}

export type Painter = (style: Style | undefined, text: string, raw?: unknown) => string;

export async function renderList<T>(
  items: AsyncIterable<T> | Iterable<T>,
  view: View<T>,
  s: OutputSettings,
  io: IO,
  footer?: () => string | undefined,
): Promise<number> {
  if (s.query !== undefined && (s.format === 'json' || s.format === 'ndjson')) {
    return (await import('./query.js')).renderQueryList(items, (i) => project(i, s), s.format, s.query, io);
  }
  let count = 0;
  if (s.quiet) {
    for await (const item of items) {
      count++;
      await write(io.stdout, `${idOf(view, item)}\n`);
    }
    return count;
  }
  if (s.format === 'ndjson') {
    for await (const item of items) {
      count++;
      await write(io.stdout, JSON.stringify(project(item, s)) + '\n');
    }
  } else if (s.format === 'json') {
    for await (const item of items) {
      await write(io.stdout, (count++ ? ',\n' : '[\n') + indent(JSON.stringify(project(item, s), null, 2)));
    }
    await write(io.stdout, count ? '\n]\n' : '[]\n');
  } else if (s.format === 'csv') {
    let columns: string[] | undefined;
    for await (const item of items) {
      count++;
      if (!columns) {
        columns = s.fields ?? view.csv ?? Object.keys(flatten(item));
        await write(io.stdout, csvPreamble(s.csv) + csvLine(columns, s.csv));
      }
      await write(io.stdout, csvLine(columns.map((c) => getPath(item, c)), s.csv));
    }
    if (!columns && (s.fields ?? view.csv)) await write(io.stdout, csvPreamble(s.csv) + csvLine(s.fields ?? view.csv ?? [], s.csv));
  } else {
    const rows: T[] = [];
    for await (const item of items) rows.push(item);
    count = rows.length;
    const cols = s.fields ? s.fields.map((f) => ({ header: f, value: f }) as Column<T>) : view.columns;
    await write(io.stdout, await table(cols, rows, s));
    const hint = footer?.();
    if (hint) io.stderr.write(`${hint}\n`);
  }
  return count;
}

export async function renderRecord<T>(item: T, view: View<T>, s: OutputSettings, io: IO): Promise<void> {
  if (s.quiet) return;
  if (s.query !== undefined && (s.format === 'json' || s.format === 'ndjson')) {
    return (await import('./query.js')).renderQueryRecord(project(item, s), s.format, s.query, io);
  }
  if (s.format === 'json') return void (await write(io.stdout, JSON.stringify(project(item, s), null, 2) + '\n'));
  if (s.format === 'ndjson') return void (await write(io.stdout, JSON.stringify(project(item, s)) + '\n'));
  if (s.format === 'csv') {
    const columns = s.fields ?? view.csv ?? Object.keys(flatten(item));
    await write(io.stdout, csvPreamble(s.csv) + csvLine(columns, s.csv) + csvLine(columns.map((c) => getPath(item, c)), s.csv));
    return;
  }
  const rows: Column<T>[] = s.fields
    ? s.fields.map((f) => ({ header: f, value: f }))
    : (view.record ?? Object.keys(flatten(item)).map((k) => ({ header: k, value: k })));
  const paint = await painter(s.color);
  const { default: Table } = await import('cli-table3');
  const t = new Table({ style: { head: [], border: [] }, wordWrap: true });
  for (const col of rows) t.push({ [paint('dim', safeLine(col.header))]: cell(col, item, s, paint) });
  let out = t.toString() + '\n';
  if (view.extra && !s.fields) out += view.extra(item, { settings: s, paint });
  await write(io.stdout, out);
}

/** A table of rows for nested sections (analytics breakdowns, template rules). */
export async function table<T>(cols: Column<T>[], rows: T[], s: OutputSettings): Promise<string> {
  const paint = await painter(s.color);
  const { default: Table } = await import('cli-table3');
  const t = new Table({
    head: cols.map((c) => paint('dim', safeLine(c.header.toUpperCase()))),
    style: { head: [], border: [] },
  });
  for (const row of rows) t.push(cols.map((c) => cell(c, row, s, paint)));
  return t.toString() + '\n';
}

function cell<T>(col: Column<T>, item: T, s: OutputSettings, paint: Painter): string {
  const raw = typeof col.value === 'function' ? col.value(item) : getPath(item, col.value);
  if (raw === null || raw === undefined || raw === '') return paint('dim', '-');
  if (col.style === 'date' && typeof raw === 'string') return safeText(s.tty ? relativeTime(raw, s.now) : raw);
  if (col.style === 'bool' || typeof raw === 'boolean') return paint('bool', raw ? 'yes' : 'no', raw);
  // Text from outside never reaches the terminal raw (src/output/sanitize.ts).
  return paint(col.style, safeText(cellText(raw)), raw);
}

const STATUS_COLORS: Record<string, 'green' | 'yellow' | 'red' | 'gray'> = {
  published: 'green',
  active: 'green',
  sent: 'green',
  draft: 'yellow',
  pending: 'yellow',
  retrying: 'yellow',
  paused: 'red',
  failed: 'red',
  archived: 'gray',
};

async function painter(color: boolean): Promise<Painter> {
  if (!color) return (_style, text) => text;
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level: 1 });
  return (style, text, raw) => {
    if (style === 'status') return c[STATUS_COLORS[text] ?? 'white'](text);
    if (style === 'dim') return c.dim(text);
    if (style === 'bool') return raw ? c.yellow(text) : text;
    if (style === 'url') return c.cyan(text);
    return text;
  };
}

function project<T>(item: T, s: OutputSettings): unknown {
  return s.fields ? pick(item, s.fields) : item;
}

function idOf<T>(view: View<T>, item: T): string {
  return view.id ? view.id(item) : String((item as { id?: unknown }).id ?? '');
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}
