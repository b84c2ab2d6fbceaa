// One renderer for every list and record: table | json | ndjson | csv, --fields, -q, and what a View
// adds (sections, a text view, a record whose CSV is a list, a list envelope, a fixed file format).
// Lists arrive as async iterables, so ndjson/csv/json print each item as it arrives.
import { type IO, write } from '../io.js';
import type { Messages } from './messages.js';
import { cellPainter as stylePainter, loadPaint, type Painter } from './paint.js';
import type { OutputFormat, OutputSettings } from './settings.js';
import { csvList, csvRecord } from './csv-columns.js';
import { safeLine, safeText } from './sanitize.js';
import { type Cell, type CellPainter, type Fit, formatRecord, formatRow, layout, MIN_CUT, oneLine } from './table.js';
import { displayWidth, loadWidth } from './width.js';
import { cellText, compactTime, flatten, getPath, pick, relativeTime } from './values.js';
import type { Column, Section, View } from './view.js';

export type { Column, Section, Style, TableContext, TextContext, View } from './view.js';

/**
 * Where a render writes: the data on `io.stdout`, every word about it (an empty list, a page hint, the
 * columns left out) through `msg`, so -q and a running spinner hold (a command's Context is one).
 */
export interface RenderTarget {
  io: IO;
  msg: Messages;
}

export async function renderList<T>(
  items: AsyncIterable<T> | Iterable<T>,
  view: View<T>,
  s: OutputSettings,
  to: RenderTarget,
  footer?: () => string | undefined,
): Promise<number> {
  const { io } = to;
  if (view.file) return fileList(items, view.file, io);
  if (s.query !== undefined && (s.format === 'json' || s.format === 'ndjson')) {
    return (await import('./query.js')).renderQueryList(items, (i) => project(i, s), s.format, s.query, io, s.raw);
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
    count = await csvList(items, view, s, io);
  } else {
    await loadWidth();
    count = await tableList(items, view, s, to);
    const hint = footer?.();
    if (hint) to.msg.info(hint);
  }
  return count;
}

async function fileList<T>(
  items: AsyncIterable<T> | Iterable<T>,
  file: NonNullable<View<T>['file']>,
  io: IO,
): Promise<number> {
  let count = 0;
  await write(io.stdout, file.header());
  for await (const item of items) {
    count++;
    const text = file.item(item);
    if (text) await write(io.stdout, text);
  }
  return count;
}

/**
 * The table columns of `--fields`: each named field as it came, except where the view shows that field
 * through its own function under the same name (a status with the plan's pause folded in: "published
 * (paused)"), so a table says the same with and without --fields. CSV and JSON keep the raw values.
 */
function fieldColumns<T>(fields: string[], view: View<T>): Column<T>[] {
  return fields.map(
    (f) =>
      view.columns.find((c) => c.header === f && typeof c.value === 'function') ??
      ({ header: f, value: f } as Column<T>),
  );
}

/**
 * Rows of a list print as they arrive: the widths come from the first page (one page of `--all`,
 * which asks for 100 items; an array is sampled whole), so the first rows are out before the next
 * page is requested and memory stays flat however many pages follow.
 */
export const TABLE_SAMPLE = 100;

async function tableList<T>(
  items: AsyncIterable<T> | Iterable<T>,
  view: View<T>,
  s: OutputSettings,
  { io, msg }: RenderTarget,
): Promise<number> {
  const cols = s.fields ? fieldColumns(s.fields, view) : view.columns;
  const paint = cellPainter(await painter(s.color));
  const iter = iterate(items);
  const sampleSize = Array.isArray(items) ? Number.POSITIVE_INFINITY : TABLE_SAMPLE;
  const sample: Cell[][] = [];
  let done = false;
  try {
    while (sample.length < sampleSize) {
      const r = await iter.next();
      if (r.done) {
        done = true;
        break;
      }
      sample.push(rowCells(cols, r.value, s));
    }
    if (!sample.length) {
      msg.info(view.empty ?? 'nothing to show');
      return 0;
    }
    const headers = cols.map((c) => c.header.toUpperCase());
    const l = layout(headers, sample, s.width, fitsOf(cols));
    const head = headers.map((h, i) => ({ text: h, style: 'dim' as const, numeric: l.right[i] }));
    await write(io.stdout, formatRow(head, l, paint) + sample.map((row) => formatRow(row, l, paint)).join(''));
    let count = sample.length;
    while (!done) {
      const r = await iter.next();
      if (r.done) {
        done = true;
        break;
      }
      count++;
      await write(io.stdout, formatRow(rowCells(cols, r.value, s), l, paint));
    }
    // After the rows, where the reader's eye is when the table ends (as the "25 of 312 shown" hint).
    if (l.dropped.length) msg.info(leftOutText(cols, l.dropped, s.width));
    return count;
  } finally {
    if (!done) await iter.return?.();
  }
}

function iterate<T>(items: AsyncIterable<T> | Iterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in items
    ? (items as AsyncIterable<T>)[Symbol.asyncIterator]()
    : (items as Iterable<T>)[Symbol.iterator]();
}

/** How each column gives way to a narrow terminal (view.ts, Column). */
function fitsOf<T>(cols: Column<T>[]): Fit[] {
  return cols.map((c, i) => ({
    priority: c.priority ?? (i === 0 ? 0 : 1),
    whole: c.whole ?? (i === 0 || c.style === 'url' || c.style === 'date' || c.style === 'status'),
    min: c.min ?? MIN_CUT,
  }));
}

/** "note: left out to fit 40 columns: url, updated; --fields picks others", wrapped to the width. */
function leftOutText<T>(cols: Column<T>[], dropped: number[], width: number | undefined): string {
  const names = dropped.map((i) => cols[i].header).join(', ');
  return noteLines(`note: left out to fit ${width} columns: ${names}; --fields picks others`, width);
}

/** A note wrapped at spaces to the terminal's width, further lines indented by two: one line off a terminal. */
function noteLines(text: string, width: number | undefined): string {
  if (width === undefined || displayWidth(text) <= width) return `${text}\n`;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && displayWidth(next) > width) {
      lines.push(line);
      line = `  ${word}`;
    } else line = next;
  }
  return [...lines, line].join('\n') + '\n';
}

/** Cells of a table row: one line each, dates compact on a terminal ("5m", "8d"). */
function rowCells<T>(cols: Column<T>[], item: T, s: OutputSettings): Cell[] {
  return cols.map((c) => {
    const cl = cell(c, item, s, true);
    return cl.empty ? cl : { ...cl, text: oneLine(cl.text) };
  });
}

export async function renderRecord<T>(item: T, view: View<T>, s: OutputSettings, to: RenderTarget): Promise<void> {
  const { io, msg } = to;
  if (view.file) return void (await write(io.stdout, view.file.header() + view.file.item(item)));
  const items = s.format !== 'json' ? view.list?.(item) : undefined;
  if (items) return void (await renderList(items, view as View, s, to));
  if (s.quiet) return;
  if (s.query !== undefined && (s.format === 'json' || s.format === 'ndjson')) {
    return (await import('./query.js')).renderQueryRecord(project(item, s), s.format, s.query, io, s.raw);
  }
  if (s.format === 'json') return void (await write(io.stdout, JSON.stringify(project(item, s), null, 2) + '\n'));
  if (s.format === 'ndjson') return void (await write(io.stdout, JSON.stringify(project(item, s)) + '\n'));
  if (s.format === 'csv') {
    if (view.csvItems) return void (await renderList(view.csvItems.items(item), view.csvItems.view, s, to));
    return void (await csvRecord(item, view, s, io));
  }
  await loadWidth(); // a text view or a table from here on
  if (view.text) {
    const notes: string[] = [];
    const leftOut = (title: string, names: string[]) =>
      notes.push(noteLines(`note: ${title}: left out to fit ${s.width} columns: ${names.join(', ')}`, s.width));
    const text = await view.text(item, { settings: s, paint: await loadPaint(s.color), columns: io.columns, leftOut });
    await write(io.stdout, text);
    for (const n of notes) msg.info(n); // after the text, as a list's note after its rows
    return;
  }
  const rows: Column<T>[] = s.fields
    ? fieldColumns(s.fields, view)
    : (view.record ?? Object.keys(flatten(item)).map((k) => ({ header: k, value: k })));
  const paint = await painter(s.color);
  // Keys of a record come from the server too: escaped like the values (sanitize.ts).
  let out = formatRecord(
    rows.map((col) => ({ key: safeLine(col.header), value: cell(col, item, s) })),
    cellPainter(paint),
  );
  const notes: string[] = [];
  if (!s.fields) {
    if (view.extra) out += view.extra(item, { settings: s, paint });
    for (const section of view.sections ?? []) {
      out += await sectionText(section, item, s, (names) =>
        notes.push(
          noteLines(`note: ${section.title}: left out to fit ${s.width} columns: ${names.join(', ')}`, s.width),
        ),
      );
    }
  }
  await write(io.stdout, out);
  for (const n of notes) msg.info(n);
}

/** `\n<title>\n<table>`, or `\n<title>: <none>\n` when the section has no rows and says so. */
async function sectionText<T>(
  section: Section<T>,
  item: T,
  s: OutputSettings,
  leftOut: (columns: string[]) => void,
): Promise<string> {
  const rows = section.rows(item);
  if (!rows.length && section.none !== undefined) return `\n${section.title}: ${section.none}\n`;
  return `\n${section.title}\n${await table(section.columns, rows, s, leftOut)}`;
}

/**
 * A table of rows for nested sections (analytics breakdowns, template rules, lead answers), fitted by
 * the same rule as a list; `leftOut` hears the columns left out, so that no column goes silently.
 */
export async function table<T>(
  cols: Column<T>[],
  rows: T[],
  s: OutputSettings,
  leftOut: (columns: string[]) => void,
): Promise<string> {
  const paint = cellPainter(await painter(s.color));
  const headers = cols.map((c) => c.header.toUpperCase());
  const cells = rows.map((row) => rowCells(cols, row, s));
  const l = layout(headers, cells, s.width, fitsOf(cols));
  if (l.dropped.length) leftOut(l.dropped.map((i) => cols[i].header));
  const head = headers.map((h, i) => ({ text: h, style: 'dim' as const, numeric: l.right[i] }));
  return formatRow(head, l, paint) + cells.map((row) => formatRow(row, l, paint)).join('');
}

function cell<T>(col: Column<T>, item: T, s: OutputSettings, compact = false): Cell {
  const raw = typeof col.value === 'function' ? col.value(item) : getPath(item, col.value);
  if (raw === null || raw === undefined || raw === '') return { text: '-', style: 'dim', empty: true };
  if (col.style === 'date' && typeof raw === 'string') {
    const when = compact ? compactTime : relativeTime;
    return { text: safeText(s.tty ? when(raw, s.now) : raw) };
  }
  if (col.style === 'bool' || typeof raw === 'boolean') return { text: raw ? 'yes' : 'no', style: 'bool', raw };
  // Text from outside never reaches the terminal raw (src/output/sanitize.ts).
  return { text: safeText(cellText(raw)), style: col.style, raw, numeric: typeof raw === 'number' };
}

function cellPainter(paint: Painter): CellPainter {
  return (c, text) => (text ? paint(c.style, text, c.raw) : text);
}

async function painter(color: boolean): Promise<Painter> {
  return stylePainter(await loadPaint(color));
}

export function project<T>(item: T, s: OutputSettings): unknown {
  return s.fields ? pick(item, s.fields) : item;
}

function idOf<T>(view: View<T>, item: T): string {
  return view.id ? view.id(item) : String((item as { id?: unknown }).id ?? '');
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

/** One result of a run (print's PDF): the object as one line of JSON for -o json/ndjson, else its line (a path). */
export async function renderResult(io: IO, format: OutputFormat | 'text', data: unknown, line: string): Promise<void> {
  await write(io.stdout, format === 'text' ? `${line}\n` : `${JSON.stringify(data)}\n`);
}

/** A record a command created or changed; with -q only its id (so `id=$(cardqr cards create ... -q)` works). */
export async function renderWritten<T>(
  item: T,
  view: View<T>,
  s: OutputSettings,
  to: RenderTarget,
  id: string,
): Promise<void> {
  if (s.quiet) return void (await write(to.io.stdout, `${id}\n`));
  await renderRecord(item, view, s, to);
}
