// What a report holds, for every job that keeps one (campaigns import, qr apply, many-id deletes and
// status changes): one header per run, one line shape per written row, an end line (the import's).
// `reportLine` builds every row line written and `reportEntries` reads every report back, those of
// 0.1.0 included (their two shapes are this one: test/fixtures/reports-0.1.0/).
import { reportLines } from './report-file.js';

/** The import's header has no `job` (0.1.0 wrote none): a header without one is an import's. */
export const IMPORT_JOB = 'campaigns-import';

export interface ReportHeader {
  type: 'header';
  version: 1;
  /** The job that wrote the run (`qr-apply`, `qr-pause`, …); absent in an import's header. */
  job?: string;
  file: string;
  startedAt: string;
  cardqr: string;
  /** The API and account the rows were sent to (absent in import reports of older versions). */
  baseUrl?: string;
  accountId?: string | null;
  /** Random, per run (per report for the import): part of every key (keys.ts). */
  nonce?: string;
  /** The import's own: what the run did, into which campaign, from which file content. */
  mode?: 'import' | 'dry-run' | 'validate';
  campaignId?: string;
  fileSha256?: string;
}

/**
 * The line a run appends when it ends (the import, PRODUCT §6.4): whether it finished every row
 * (`complete`: it stopped at the end with no row failed or unknown). A run killed before it has none.
 */
export interface ReportEnd {
  type: 'end';
  endedAt: string;
  stopped: 'done' | 'interrupted' | 'fatal';
  complete: boolean;
}

/**
 * One written row: its input line (null: a card the file does not hold), its subject (written under
 * the job's own name for it: `externalId`, `shortCode`, `id`), the step's action (the row engine's;
 * an import row has one action, its outcome says it), the outcome, the job's fields, the error, and
 * what the API answered (the import's request id and HTTP status).
 */
export interface RowLine {
  line: number | null;
  subject: string | null;
  action?: string;
  outcome: string;
  fields: Record<string, unknown>;
  errorCode: string | null;
  message: string | null;
  requestId?: string | null;
  status?: number | null;
}

const CORE = new Set(['line', 'action', 'outcome', 'errorCode', 'message', 'requestId', 'status']);

/** The line as written: `line`, the subject under `subjectField`, `action`, `outcome`, the fields, the error, the answer. */
export function reportLine(subjectField: string, r: RowLine): Record<string, unknown> {
  return {
    line: r.line,
    [subjectField]: r.subject,
    ...(r.action === undefined ? {} : { action: r.action }),
    outcome: r.outcome,
    ...r.fields,
    errorCode: r.errorCode,
    message: r.message,
    ...(r.requestId === undefined ? {} : { requestId: r.requestId }),
    ...(r.status === undefined ? {} : { status: r.status }),
  };
}

/** The job a header names: every job but the import names itself. */
export function headerJob(h: Partial<ReportHeader>): string {
  return h.job ?? IMPORT_JOB;
}

/** The name a job writes its rows' subject under. */
export function subjectFieldOf(job: string): string {
  return job === IMPORT_JOB ? 'externalId' : job === 'qr-apply' ? 'shortCode' : 'id';
}

export type ReportEntry =
  | { type: 'header'; header: ReportHeader; job: string }
  | { type: 'end'; end: ReportEnd }
  | { type: 'row'; row: RowLine }
  /** A line that is not whole JSON (cut short by a kill), or no line this version knows: passed over. */
  | { type: 'other' };

/**
 * A report's entries in order. A row is read with its run's subject field (from that run's header,
 * or `subjectField`); before any header, lines are rows too, for the caller to refuse the file.
 */
export async function* reportEntries(path: string, what: string, subjectField?: string): AsyncGenerator<ReportEntry> {
  let field = subjectField ?? 'id';
  for await (const v of reportLines(path, what)) {
    if (v?.type === 'header') {
      const header = v as unknown as ReportHeader;
      const job = headerJob(header);
      field = subjectField ?? subjectFieldOf(job);
      yield { type: 'header', header, job };
    } else if (v?.type === 'end') yield { type: 'end', end: v as unknown as ReportEnd };
    else if (v && typeof v.outcome === 'string') yield { type: 'row', row: rowOf(v, field) };
    else yield { type: 'other' };
  }
}

function rowOf(v: Record<string, unknown>, subjectField: string): RowLine {
  const fields: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (!CORE.has(k) && k !== subjectField) fields[k] = x;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  return {
    line: typeof v.line === 'number' ? v.line : null,
    subject: str(v[subjectField]),
    ...(typeof v.action === 'string' ? { action: v.action } : {}),
    outcome: v.outcome as string,
    fields,
    errorCode: str(v.errorCode),
    message: str(v.message),
    ...('requestId' in v ? { requestId: str(v.requestId) } : {}),
    ...('status' in v ? { status: typeof v.status === 'number' ? v.status : null } : {}),
  };
}
