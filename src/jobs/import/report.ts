// The import report: append-only NDJSON. Line 1 is a header (campaign, file, its sha256, start time);
// then one line per row outcome, written with a synchronous write before the next request starts, so a
// kill -9 loses at most the row in flight (which --resume sends again with the same idempotency key).
// The header also binds the report to one API (baseUrl), one account (GET /me account.id) and a random
// nonce that goes into every idempotency key (keys.ts): another report never shares a key with it.
// Every write is checked (a full disk stops the import with one line); the header is flushed to disk
// before the first row is sent; a symlink at the report path is refused, never followed.
import { createHash } from 'node:crypto';
import { UsageError } from '../../errors.js';
import type { PinnedFile } from '../../fs/pinned-file.js';
import { LineCounter, LineSet } from './compact.js';
import { reportLines, ReportWriter } from '../rows/report-file.js';
const { createReadStream, lstatSync, statSync } = process.getBuiltinModule('node:fs');

// `unknown`: the answer was lost (PRODUCT §16): the row may be in the account; --resume sends it again with
// the same key, which settles it without a second card.
export type Outcome =
  'created' | 'exists' | 'updated' | 'unchanged' | 'trashed' | 'unknown' | 'failed' | 'invalid' | 'skipped';

export const IMPORT_REPORT_ADVICE =
  'the import stopped; free some space, then continue it with --resume (rows not recorded are sent again with the same keys)';

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
  outcome: 'trashed' | 'failed' | 'unknown',
  rest: Partial<ReportRow> = {},
): TrashReportRow {
  return { ...reportRow(0, externalId, outcome, rest), line: null };
}

/** A new import report, its header flushed to disk before the first row is sent. */
export function createImportReport(path: string, header: ReportHeader): Promise<ReportWriter> {
  return ReportWriter.create(path, header, IMPORT_REPORT_ADVICE);
}

/** An import report continued (--resume, or another run of the same file). */
export function appendImportReport(path: string, onTorn?: (cut: number) => void): ReportWriter {
  return ReportWriter.append(path, IMPORT_REPORT_ADVICE, onTorn);
}

/**
 * The line a run appends when it ends (PRODUCT §6.4): whether it finished every row (`complete`: it
 * stopped at the end with no row failed or unknown). A run killed before it has none.
 */
export interface ReportEnd {
  type: 'end';
  endedAt: string;
  stopped: 'done' | 'interrupted' | 'fatal';
  complete: boolean;
}

export interface ReportState {
  /** The last run's header (each run of another file, or of a finished one, appends its own). */
  header: ReportHeader;
  /** Lines the last run recorded created, exists, updated or unchanged: --resume skips them. */
  done: LineSet;
  /** Per line, how many definite refusals (a 4xx answer) the last run recorded: see keys.ts. */
  refusals: LineCounter;
  /** Whether any run sent a row (anything other than `invalid`): such a report is only continued, never replaced. */
  sent: boolean;
  /** Row lines the last run recorded. */
  rows: number;
  /** Whether the last run sent anything and did not end complete (killed, stopped, rows failed): --resume continues it. */
  unfinished: boolean;
  /** Runs (headers) in the report. */
  runs: number;
}

/** Reads an existing report; undefined when there is none (or it is empty). Refuses a file that is not a cardqr report. */
export async function readReport(path: string): Promise<ReportState | undefined> {
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
  } catch (e) {
    if (e instanceof UsageError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(
      `cannot read the report ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let header: ReportHeader | undefined;
  let sent = false;
  let runs = 0;
  // The last run: from its header on (a resumed run appends to it without a header of its own).
  let run = { done: new LineSet(), refusals: new LineCounter(), rows: 0, sent: false, complete: false };
  // A line cut short by a kill is undefined: that row is simply not done.
  for await (const line of reportLines(path, `the report ${path}`)) {
    const value = line as Partial<ReportRow & ReportHeader> | Partial<ReportEnd> | undefined;
    if (!header || value?.type === 'header') {
      if (value?.type !== 'header' || (value as Partial<ReportHeader>).version !== 1) {
        throw new UsageError(`${path} is not a cardqr import report (refusing to touch it); choose another --report`);
      }
      header = value as ReportHeader;
      runs++;
      run = { done: new LineSet(), refusals: new LineCounter(), rows: 0, sent: false, complete: false };
      continue;
    }
    if (value?.type === 'end') {
      run.complete = (value as Partial<ReportEnd>).complete === true;
      continue;
    }
    const row = value as Partial<ReportRow> | undefined;
    if (!row || typeof row.outcome !== 'string') continue;
    run.complete = false; // rows after an end line: a later --resume that did not end
    if (typeof row.line !== 'number') {
      // A card the file does not hold (--trash-missing): no line to skip, but the report records a write.
      if (row.line === null && row.outcome !== 'invalid') {
        run.rows++;
        run.sent = sent = true;
      }
      continue;
    }
    run.rows++;
    if (DONE_OUTCOMES.has(row.outcome)) run.done.add(row.line);
    if (row.outcome === 'failed' && isRefusal(row)) run.refusals.increment(row.line);
    if (row.outcome !== 'invalid') run.sent = sent = true;
  }
  if (!header)
    throw new UsageError(`${path} is not a cardqr import report (refusing to touch it); choose another --report`);
  return {
    header,
    done: run.done,
    refusals: run.refusals,
    sent,
    rows: run.rows,
    unfinished: run.sent && !run.complete,
    runs,
  };
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
