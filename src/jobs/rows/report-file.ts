// A report file, for every job that keeps one (campaigns import, qr apply, many-id deletes and status
// changes): append-only NDJSON, a header per run then one line per row, each written with a checked
// synchronous write before the next request starts, so a kill -9 loses at most the row in flight. A
// line cut short by a kill or a full disk is cut off when the report is continued. Read back line by
// line by reportLines: the resume of an import, `print --from-report`, a job's own check of its header.
import { boundedLines } from '../../fs/bounded.js';
import { replaceFile, writeAllSync, WriteError } from '../../fs/durable.js';
import { cutTornTail } from '../../fs/torn-tail.js';
import { UsageError } from '../../errors.js';
import { acquireLock, busyMessage, type HeldLock } from '../../lock-file.js';
import { lockedFileTarget } from '../../fs/real-path.js';
const { closeSync, constants, createReadStream, fsyncSync, lstatSync, openSync } = process.getBuiltinModule('node:fs');

/** One line of a report: a header, a row (report-lines.ts `reportLine`) or an end line. */
export type ReportLine = object;

export class ReportWriter {
  private constructor(
    private fd: number,
    readonly path: string,
    /** What to do after a failed write (the import's advice unless the job gives its own). */
    private readonly afterFailure: string,
  ) {}

  /** A new report (replacing a file that held no sent rows), its header flushed to disk first. */
  static async create(path: string, header: ReportLine, afterFailure: string): Promise<ReportWriter> {
    await replaceFile(path, `${JSON.stringify(header)}\n`, { mode: 0o600, what: `the report ${path}` });
    return ReportWriter.append(path, afterFailure);
  }

  /**
   * Continues an existing report. A last line cut short (a kill, a full disk) is cut off (fs/torn-tail.ts):
   * it never was a recorded row (readers skip it, and that row is sent again with the same key), and left
   * in place it would break every line-by-line JSON reader (the README's jq recipes). `onTorn` learns how
   * many bytes were cut, for the command to say so.
   */
  static append(path: string, afterFailure: string, onTorn?: (cut: number) => void): ReportWriter {
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW);
    } catch (e) {
      throw new WriteError(`the report ${path}`, e);
    }
    let torn;
    try {
      torn = cutTornTail(fd); // the file opened (O_NOFOLLOW), not the path again
    } catch (e) {
      closeSync(fd);
      throw new WriteError(`the report ${path}`, e);
    }
    if (torn.cut) onTorn?.(torn.cut);
    return new ReportWriter(fd, path, afterFailure);
  }

  write(line: ReportLine): void {
    this.put(`${JSON.stringify(line)}\n`);
  }

  /** Flushes to disk and closes. */
  close(): void {
    if (this.fd < 0) return;
    try {
      fsyncSync(this.fd);
    } catch (e) {
      throw new WriteError(`the report ${this.path}`, e);
    } finally {
      closeSync(this.fd);
      this.fd = -1;
    }
  }

  private put(text: string): void {
    try {
      writeAllSync(this.fd, text);
    } catch (e) {
      throw new WriteError(`the report ${this.path}`, e, [this.afterFailure]);
    }
  }
}

/**
 * The lines of a report as values, blank lines skipped; a line that is not whole JSON (cut short by a
 * kill) is undefined, for the caller to pass over. Each line is bounded (fs/bounded.ts); `what` names
 * the file in errors. The caller checks first what the path is (a report it will append to must not
 * be a symbolic link; one it only reads may be).
 */
export async function* reportLines(path: string, what: string): AsyncGenerator<Record<string, unknown> | undefined> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  try {
    for await (const text of boundedLines(stream, what)) {
      if (!text.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      yield value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    }
  } finally {
    stream.destroy();
  }
}

/**
 * Whether a report to continue or replace is at `path`: false when there is none, or it is empty (what a
 * kill between creating the report and writing its header leaves). A symbolic link, a FIFO or a device
 * (which would be renamed over as if it were an empty report) is refused, never touched.
 */
export function statReport(path: string): boolean {
  let st;
  try {
    st = lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new UsageError(
      `cannot read the report ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  if (st.isSymbolicLink())
    throw new UsageError(`${path} is a symbolic link; refusing to follow it: give the report's own path with --report`);
  if (!st.isFile()) throw new UsageError(`${path} is not a regular file; give the report a file name with --report`);
  return st.size > 0;
}

/**
 * `realpath(report) + ".lock"`: two runs never share a report (the shared lock-file rules). `who` words the
 * refusal: `import` for campaigns import, `run` for the jobs of the row engine.
 */
export function lockReport(path: string, now: Date, who: 'import' | 'run'): Promise<HeldLock> {
  return acquireLock(
    `${lockedFileTarget('--report', path)}.lock`, // every name of the report meets one lock
    now,
    busyMessage('report', who === 'import' ? 'another import' : 'another run'),
  );
}
