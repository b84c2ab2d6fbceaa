// `campaigns import --rejects <file.csv>`: the rows that failed or were invalid, with their original
// header and cells plus `line`, `errorCode` and `message`, ready to fix in a spreadsheet and import
// as they are (the three extra columns are dropped on the way back in). Written to a temporary file
// beside the target, flushed, and renamed into place: a crash leaves the old file or the new one.
import { access, constants, rename, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { createTemp, sweepTempFiles, syncDir, writeAll } from '../../fs/durable.js';
import { resolvedPath } from '../../fs/real-path.js';
import { rawCsvLine, spreadsheetCell } from '../../csv/write-line.js';
import type { CsvRecord } from '../../csv/read-records.js';
const { realpathSync, statSync } = process.getBuiltinModule('node:fs');

export const REJECT_COLUMNS = ['line', 'errorCode', 'message'] as const;
const MAX_MESSAGE = 2000;

/** The rejects file's columns at the end of a header: how many to drop (0 or 3). */
export function rejectColumnsAt(header: string[]): number {
  const tail = header.slice(-REJECT_COLUMNS.length).map((h) => h.trim());
  return header.length > REJECT_COLUMNS.length && REJECT_COLUMNS.every((c, i) => tail[i] === c)
    ? REJECT_COLUMNS.length
    : 0;
}

/** Records without the rejects columns (cells past the header, if any, are kept for the stray-value check). */
export async function* withoutRejectColumns(
  records: AsyncIterable<CsvRecord>,
  headerLength: number,
): AsyncGenerator<CsvRecord> {
  const keep = headerLength - REJECT_COLUMNS.length;
  for await (const rec of records)
    yield { line: rec.line, cells: [...rec.cells.slice(0, keep), ...rec.cells.slice(headerLength)] };
}

/** Rows to write, by line: the first error code and every message. */
export class Rejects {
  private readonly rows = new Map<number, { code: string; message: string }>();

  /** `keep` false (no --rejects): nothing is held, so a large failing run costs no memory here. */
  constructor(private readonly keep = true) {}

  add(line: number, code: string | null, message: string | null): void {
    if (!this.keep) return;
    const prev = this.rows.get(line);
    const text = message ?? '';
    if (!prev) this.rows.set(line, { code: code ?? 'failed', message: text.slice(0, MAX_MESSAGE) });
    else if (text && !prev.message.includes(text)) prev.message = `${prev.message}; ${text}`.slice(0, MAX_MESSAGE);
  }

  get size(): number {
    return this.rows.size;
  }

  get(line: number) {
    return this.rows.get(line);
  }
}

/** Exit 2 before anything is read or sent: the directory must take the file, and it must not be an input. */
export async function checkRejectsPath(path: string, inputs: Array<string | undefined>): Promise<void> {
  try {
    await access(dirname(path), constants.W_OK);
  } catch (e) {
    throw new UsageError(
      `--rejects ${path}: cannot write in ${dirname(path)} (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const st = statOrUndefined(path);
  if (st?.isDirectory()) throw new UsageError(`--rejects ${path} is a directory; give a file name`);
  // The rejects file replaces what is there (temporary file, rename): a FIFO or a device is refused.
  if (st && !st.isFile()) throw new UsageError(`--rejects ${path} is not a regular file; give a file name`);
  const same = (a: string, b: string) => real(a) === real(b);
  for (const input of inputs) {
    if (input && same(path, input))
      throw new UsageError(`--rejects ${path} is also ${input}: write the rejects to another file`);
  }
}

/** Streams the file again and writes the rejected rows; returns how many were written. */
export async function writeRejects(
  given: string,
  header: string[],
  rows: AsyncIterable<CsvRecord>,
  rejects: Rejects,
): Promise<number> {
  const path = resolvedPath(given); // a symlink is written through: the link stays a link
  await sweepTempFiles(dirname(path), [path]); // left by a run killed while writing (kill -9, a full disk's SIGXFSZ)
  const { path: tmp, fh } = await createTemp(path, 0o666);
  let written = 0;
  try {
    const width = header.length;
    let buffer = rawCsvLine([...header, ...REJECT_COLUMNS]);
    for await (const rec of rows) {
      const r = rejects.get(rec.line);
      if (!r) continue;
      // Short rows are padded so the three columns stay under their header; stray cells past the header are dropped.
      const cells = Array.from({ length: width }, (_, i) => rec.cells[i] ?? '');
      // The operator's cells stay exactly as read; the API's code and message are neutralised like any
      // CSV of text from outside (they are dropped on the way back in, so nothing is lost).
      buffer += rawCsvLine([
        ...cells,
        String(rec.line),
        spreadsheetCell(r.code, true),
        spreadsheetCell(r.message, true),
      ]);
      written++;
      if (buffer.length > 64 * 1024) {
        await writeAll(fh, buffer);
        buffer = '';
      }
    }
    await writeAll(fh, buffer);
    await fh.sync();
    await fh.close();
    await rename(tmp, path);
  } catch (e) {
    await fh.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncDir(dirname(path));
  return written;
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
