// The file `qr apply` reads: CSV (the import's reader: BOM, quoted newlines, any line ending) or NDJSON
// (`.ndjson`, `.jsonl`: one object per line, read line by line with a bound), as rows of the four
// columns with their line numbers. An empty cell, a null or an absent column is `undefined`: leave
// that property as it is. Every problem is collected (with its line), not thrown.
import { readRecords } from '../../csv/read-records.js';
import { delimiterName, matchHeaders, sniffDelimiter } from '../../csv/match-headers.js';
import { boundedLines } from '../../fs/bounded.js';
import { UsageError } from '../../errors.js';
import type { Problem } from '../rows/types.js';
const { createReadStream } = process.getBuiltinModule('node:fs');

export const COLUMNS = ['shortCode', 'name', 'destinationUrl', 'status'] as const;
export type Column = (typeof COLUMNS)[number];

export interface InputRow {
  line: number;
  cells: Partial<Record<Column, string>>;
}

export interface ApplyInput {
  rows: InputRow[];
  /** Columns the file has (a CSV's header; for NDJSON every key some line holds). */
  columns: Set<Column>;
  problems: Problem[];
  /** How the header was read, said once: a sniffed delimiter, columns matched other than exactly. */
  notes?: string[];
}

/** More rows than any account's codes: a file past it is not a list of codes. */
export const MAX_ROWS = 200_000;
const NDJSON_LINE_MAX = 64 * 1024;

export function isNdjson(path: string): boolean {
  return /\.(ndjson|jsonl)$/i.test(path);
}

export async function readApplyFile(path: string, map?: ReadonlyMap<string, string>): Promise<ApplyInput> {
  return isNdjson(path) ? readNdjson(path) : readCsv(path, map);
}

const isColumn = (c: string): c is Column => (COLUMNS as readonly string[]).includes(c);
const tooMany = (line: number): Problem => ({ line, message: `more than ${MAX_ROWS} rows: split the file` });

async function readCsv(path: string, map?: ReadonlyMap<string, string>): Promise<ApplyInput> {
  const problems: Problem[] = [];
  const rows: InputRow[] = [];
  let notes: string[] = [];
  // A spreadsheet's `;`, tab or `|` file: its header reads as one column holding the delimiter.
  let delimiter: string | undefined;
  for await (const rec of readRecords(path)) {
    delimiter = sniffDelimiter(rec.cells);
    break;
  }
  let header: (Column | undefined)[] | undefined;
  for await (const rec of readRecords(path, { delimiter })) {
    if (!header) {
      // `Short Code`, `destination_url` and --map entries name the columns (csv/match-headers.ts).
      const matched = matchHeaders(rec.cells, COLUMNS, map);
      notes = matched.notes;
      header = matched.names.map((name) => {
        if (!isColumn(name)) {
          problems.push({ line: rec.line, message: `unknown column "${name}" (expected ${COLUMNS.join(', ')})` });
          return undefined;
        }
        return name;
      });
      for (const c of COLUMNS)
        if (header.filter((h) => h === c).length > 1)
          problems.push({ line: rec.line, message: `column "${c}" appears more than once` });
      continue;
    }
    if (rows.length >= MAX_ROWS) {
      problems.push(tooMany(rec.line));
      break;
    }
    if (rec.cells.length > header.length)
      problems.push({ line: rec.line, message: `${rec.cells.length} cells, but the header names ${header.length}` });
    const cells: InputRow['cells'] = {};
    header.forEach((col, i) => {
      const v = rec.cells[i];
      if (col && v !== undefined && v !== '') cells[col] = v;
    });
    rows.push({ line: rec.line, cells });
  }
  if (!header) throw new UsageError(`${path} is empty: expected a header line (${COLUMNS.join(',')}) and rows`);
  const columns = new Set(header.filter((h): h is Column => h !== undefined));
  if (!columns.has('shortCode'))
    problems.push({ line: 1, message: 'no shortCode column: every row needs its short code' });
  if (delimiter) notes.unshift(`read as ${delimiterName(delimiter)}-separated (its header line holds no comma)`);
  return { rows, columns, problems, notes };
}

async function readNdjson(path: string): Promise<ApplyInput> {
  const problems: Problem[] = [];
  const rows: InputRow[] = [];
  const columns = new Set<Column>();
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let line = 0;
  try {
    for await (const text of boundedLines(stream, path, NDJSON_LINE_MAX)) {
      line++;
      if (!text.trim()) continue;
      if (rows.length >= MAX_ROWS) {
        problems.push(tooMany(line));
        break;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        problems.push({ line, message: 'not a JSON object' });
        continue;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        problems.push({ line, message: 'not a JSON object' });
        continue;
      }
      const cells: InputRow['cells'] = {};
      for (const [k, v] of Object.entries(value)) {
        if (!isColumn(k)) problems.push({ line, message: `unknown property "${k}" (expected ${COLUMNS.join(', ')})` });
        else if (v !== null && typeof v !== 'string') problems.push({ line, message: `${k} must be a string or null` });
        else {
          columns.add(k);
          if (v) cells[k] = v;
        }
      }
      rows.push({ line, cells });
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${path}: ${code ?? (e as Error).message}`);
  } finally {
    stream.destroy();
  }
  return { rows, columns, problems };
}
