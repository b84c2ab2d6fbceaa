// The import report: append-only NDJSON. Line 1 is a header (campaign, file, its sha256, start time);
// then one line per row outcome, written with a synchronous write before the next request starts, so a
// kill -9 loses at most the row in flight (which --resume sends again with the same idempotency key).
// The header also binds the report to one API (baseUrl), one account (GET /me account.id) and a random
// nonce that goes into every idempotency key (keys.ts): another report never shares a key with it.
// Every write is checked (a full disk stops the import with one line); the header is flushed to disk
// before the first row is sent; a symlink at the report path is refused, never followed.
import { boundedLines } from '../../fs/bounded.js';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  createReadStream,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readSync,
  statSync,
} from 'node:fs';
import { replaceFile, writeAllSync, WriteError } from '../../fs/durable.js';
import { UsageError } from '../../errors.js';
import type { PinnedFile } from '../../fs/pinned-file.js';
import { LineCounter, LineSet } from './compact.js';

export type Outcome = 'created' | 'exists' | 'updated' | 'unchanged' | 'trashed' | 'failed' | 'invalid' | 'skipped';

/** Outcomes that finish a row: --resume skips its line (`updated`, `unchanged`: --update). */
export const DONE_OUTCOMES: ReadonlySet<string> = new Set(['created', 'exists', 'updated', 'unchanged']);
export type ReportMode = 'import' | 'dry-run' | 'validate';

export interface ReportHeader {
  type: 'header';
  version: 1;
  mode: ReportMode;
  campaignId: string;
  file: string;
  fileSha256: string;
  startedAt: string;
  cardqr: string;
  /** The API and account the rows were sent to (absent in reports of older versions). */
  baseUrl?: string;
  accountId?: string;
  /** Random, per report: part of every row's idempotency key. */
  nonce?: string;
}

/** A fresh per-report nonce (128 bits, hex). */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

export interface ReportRow {
  line: number;
  externalId: string | null;
  outcome: Outcome;
  cardId: string | null;
  url: string | null;
  shortCode: string | null;
  paused: boolean | null;
  errorCode: string | null;
  message: string | null;
  requestId: string | null;
  /** HTTP status of the API's answer (null when none came: network, or never sent). */
  status: number | null;
}

/** A row line with every field present (null when unknown), in the documented order. */
export function reportRow(
  line: number,
  externalId: string | null,
  outcome: Outcome,
  rest: Partial<ReportRow> = {},
): ReportRow {
  return {
    line,
    externalId,
    outcome,
    cardId: rest.cardId ?? null,
    url: rest.url ?? null,
    shortCode: rest.shortCode ?? null,
    paused: rest.paused ?? null,
    errorCode: rest.errorCode ?? null,
    message: rest.message ?? null,
    requestId: rest.requestId ?? null,
    status: rest.status ?? null,
  };
}

/** A card the file does not hold (--trash-missing): its line is null, the rest as a row's. */
export interface TrashReportRow extends Omit<ReportRow, 'line'> {
  line: null;
}

export function trashReportRow(
  externalId: string,
  outcome: 'trashed' | 'failed',
  rest: Partial<ReportRow> = {},
): TrashReportRow {
  return { ...reportRow(0, externalId, outcome, rest), line: null };
}

/** A line of another job's report (jobs/rows/): its own header and row shapes, written the same way. */
export type JobReportLine = Readonly<Record<string, unknown>>;

const IMPORT_ADVICE =
  'the import stopped; free some space, then continue it with --resume (rows not recorded are sent again with the same keys)';

export class ReportWriter {
  private constructor(
    private fd: number,
    readonly path: string,
    /** What to do after a failed write (the import's advice unless the job gives its own). */
    private readonly afterFailure: string,
  ) {}

  /** A new report (replacing a file that held no sent rows), its header flushed to disk first. */
  static async create(
    path: string,
    header: ReportHeader | JobReportLine,
    afterFailure?: string,
  ): Promise<ReportWriter> {
    await replaceFile(path, `${JSON.stringify(header)}\n`, { mode: 0o600, what: `the report ${path}` });
    return ReportWriter.append(path, afterFailure);
  }

  /**
   * Continues an existing report. A last line cut short (a kill, a full disk) is cut off: it never was a
   * recorded row (readers skip it, and that row is sent again with the same key), and left in place it
   * would break every line-by-line JSON reader (the README's jq recipes).
   */
  static append(path: string, afterFailure = IMPORT_ADVICE): ReportWriter {
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW);
    } catch (e) {
      throw new WriteError(`the report ${path}`, e);
    }
    const w = new ReportWriter(fd, path, afterFailure);
    const size = fstatSync(fd).size; // the file opened (O_NOFOLLOW), not the path again
    if (size > 0) {
      const end = completeLength(fd, size);
      if (end < size && (end === 0 || wholeJson(fd, end, size)))
        w.put('\n'); // only the newline was lost
      else if (end < size) {
        try {
          ftruncateSync(fd, end);
        } catch (e) {
          throw new WriteError(`the report ${path}`, e);
        }
      }
    }
    return w;
  }

  write(row: ReportRow | TrashReportRow | JobReportLine): void {
    this.put(`${JSON.stringify(row)}\n`);
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

/** Whether the bytes from `start` to `end` are one whole JSON value (a row whose newline alone was lost: readReport counted it). */
function wholeJson(fd: number, start: number, end: number): boolean {
  if (end - start > 16 * 1024 * 1024) return false;
  const buf = Buffer.alloc(end - start);
  readSync(fd, buf, 0, buf.length, start);
  try {
    JSON.parse(buf.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** Bytes up to and including the last newline (0 when there is none), read backwards in small blocks. */
function completeLength(fd: number, size: number): number {
  const block = Buffer.alloc(64 * 1024);
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - block.length);
    const n = readSync(fd, block, 0, end - start, start);
    const i = block.subarray(0, n).lastIndexOf(0x0a);
    if (i >= 0) return start + i + 1;
    end = start;
  }
  return 0;
}

export interface ReportState {
  header: ReportHeader;
  /** Lines recorded created, exists, updated or unchanged: --resume skips them. */
  done: LineSet;
  /** Per line, how many definite refusals (a 4xx answer) are recorded: see keys.ts. */
  refusals: LineCounter;
  /** Whether any row was sent (anything other than `invalid`): such a report is only continued, never replaced. */
  sent: boolean;
  rows: number;
}

/** Reads an existing report; undefined when there is none (or it is empty). Refuses a file that is not a cardqr report. */
export async function readReport(path: string): Promise<ReportState | undefined> {
  let stream;
  try {
    if (lstatSync(path).isSymbolicLink()) {
      throw new UsageError(
        `${path} is a symbolic link; refusing to follow it: give the report's own path with --report`,
      );
    }
    const st = statSync(path);
    // A FIFO or a device would be renamed over as if it were an empty report: never touched.
    if (!st.isFile()) throw new UsageError(`${path} is not a regular file; give the report a file name with --report`);
    // An empty file is what a kill between creating the report and writing its header leaves.
    if (st.size === 0) return undefined;
    stream = createReadStream(path, { encoding: 'utf8' });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(
      `cannot read the report ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const lines = boundedLines(stream, `the report ${path}`);
  let header: ReportHeader | undefined;
  const state = { done: new LineSet(), refusals: new LineCounter(), sent: false, rows: 0 };
  for await (const text of lines) {
    if (!text.trim()) continue;
    let value: Partial<ReportRow & ReportHeader> | undefined;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined; // a line cut short by a kill: that row is simply not done
    }
    if (!header) {
      if (value?.type !== 'header' || value.version !== 1) {
        stream.destroy();
        throw new UsageError(`${path} is not a cardqr import report (refusing to touch it); choose another --report`);
      }
      header = value as ReportHeader;
      continue;
    }
    if (!value || typeof value.outcome !== 'string') continue;
    if (typeof value.line !== 'number') {
      // A card the file does not hold (--trash-missing): no line to skip, but the report records a write.
      if (value.line === null && value.outcome !== 'invalid') {
        state.rows++;
        state.sent = true;
      }
      continue;
    }
    state.rows++;
    if (DONE_OUTCOMES.has(value.outcome)) state.done.add(value.line);
    if (value.outcome === 'failed' && isRefusal(value)) state.refusals.increment(value.line);
    if (value.outcome !== 'invalid') state.sent = true;
  }
  if (!header)
    throw new UsageError(`${path} is not a cardqr import report (refusing to touch it); choose another --report`);
  return { header, ...state };
}

/** A definite refusal: the API answered 4xx, so nothing was created (an in-flight answer is not one). */
export function isRefusal(row: Partial<ReportRow>): boolean {
  return (
    typeof row.status === 'number' &&
    row.status >= 400 &&
    row.status < 500 &&
    row.errorCode !== 'idempotency_key_in_flight'
  );
}

export async function sha256File(path: string, pinned?: PinnedFile): Promise<string> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of pinned?.read(1 << 20) ?? createReadStream(path, { highWaterMark: 1 << 20 }))
      hash.update(chunk as Buffer);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return hash.digest('hex');
}
