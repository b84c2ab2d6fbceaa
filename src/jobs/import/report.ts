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
import { ReportWriter, statReport } from '../rows/report-file.js';
import {
  IMPORT_JOB,
  reportEntries,
  reportLine,
  type ReportHeader as ShapedHeader,
  type RowLine,
} from '../rows/report-lines.js';
const { createReadStream } = process.getBuiltinModule('node:fs');

export type { ReportEnd } from '../rows/report-lines.js';

// `unknown`: the answer was lost (PRODUCT §16): the row may be in the account; --resume sends it again with
// the same key, which settles it without a second card.
export type Outcome =
  'created' | 'exists' | 'updated' | 'unchanged' | 'trashed' | 'unknown' | 'failed' | 'invalid' | 'skipped';

export const IMPORT_REPORT_ADVICE =
  'the import stopped; free some space, then continue it with --resume (rows not recorded are sent again with the same keys)';

/** Outcomes that finish a row: --resume skips its line (`updated`, `unchanged`: --update). */
export const DONE_OUTCOMES: ReadonlySet<string> = new Set(['created', 'exists', 'updated', 'unchanged']);
export type ReportMode = 'import' | 'dry-run' | 'validate';

/** The import's header: its mode, campaign and file content always named (the rest as every report's). */
export type ReportHeader = ShapedHeader & Required<Pick<ShapedHeader, 'mode' | 'campaignId' | 'fileSha256'>>;

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
  const fields = {
    cardId: rest.cardId ?? null,
    url: rest.url ?? null,
    shortCode: rest.shortCode ?? null,
    paused: rest.paused ?? null,
  };
  const { errorCode = null, message = null, requestId = null, status = null } = rest;
  return reportLine('externalId', {
    line,
    subject: externalId,
    outcome,
    fields,
    errorCode,
    message,
    requestId,
    status,
  }) as unknown as ReportRow;
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
  if (!statReport(path)) return undefined;
  const notOne = () =>
    new UsageError(`${path} is not a cardqr import report (refusing to touch it); choose another --report`);
  let header: ReportHeader | undefined;
  let sent = false;
  let runs = 0;
  // The last run: from its header on (a resumed run appends to it without a header of its own).
  let run = { done: new LineSet(), refusals: new LineCounter(), rows: 0, sent: false, complete: false };
  // A line cut short by a kill is `other`: that row is simply not done.
  for await (const e of reportEntries(path, `the report ${path}`, 'externalId')) {
    if (!header || e.type === 'header') {
      if (e.type !== 'header' || e.header.version !== 1 || e.job !== IMPORT_JOB) throw notOne();
      header = e.header as ReportHeader;
      runs++;
      run = { done: new LineSet(), refusals: new LineCounter(), rows: 0, sent: false, complete: false };
      continue;
    }
    if (e.type === 'end') {
      run.complete = e.end.complete === true;
      continue;
    }
    if (e.type !== 'row') continue;
    const row = e.row;
    run.complete = false; // rows after an end line: a later --resume that did not end
    if (row.line === null) {
      // A card the file does not hold (--trash-missing): no line to skip, but the report records a write.
      if (row.outcome !== 'invalid') {
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
  if (!header) throw notOne();
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
export function isRefusal(row: Pick<RowLine, 'status' | 'errorCode'>): boolean {
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
