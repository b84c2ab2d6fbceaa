// Which report a run writes to, and whether it may: a report that recorded sent rows is never replaced.
// Each run appends its own header (PRODUCT §6.4): a changed file, or the same file after a finished run,
// starts a new run in it; an unfinished last run of the same file is continued with --resume (same
// campaign, API, account and file hash). One that holds nothing sent (a refused validation, a dry run)
// is replaced; anything else at that path is never touched.
import { dirname } from 'node:path';
import { UsageError } from '../../errors.js';
import { sweepTempFiles } from '../../fs/durable.js';
import { LineCounter, LineSet } from './compact.js';
import { appendImportReport, createImportReport, readReport, type ReportHeader, type ReportMode } from './report.js';
import { newNonce } from '../rows/keys.js';
import type { ReportWriter } from '../rows/report-file.js';
import type { ImportNotice } from './types.js';

export interface OpenedReport {
  writer: ReportWriter;
  /** Rows an earlier run recorded created or exists. */
  done: LineSet;
  /** Definite refusals recorded per row (the key generation to send it under). */
  refusals: LineCounter;
  resumed: boolean;
  /** The report's nonce, part of every idempotency key ('' for a report of an older version). */
  nonce: string;
}

export function defaultReportPath(file: string, mode: ReportMode): string {
  return mode === 'dry-run' ? `${file}.dry-run.report.ndjson` : `${file}.report.ndjson`;
}

export async function openReport(
  path: string,
  given: ReportHeader,
  resume: boolean,
  notice: (n: ImportNotice) => void,
): Promise<OpenedReport> {
  await sweepTempFiles(dirname(path), [path]); // a header write cut short by a kill (we hold the report's lock)
  const existing = await readReport(path);
  const header: ReportHeader = { ...given, nonce: newNonce() };
  const fresh = async (): Promise<OpenedReport> => ({
    writer: await createImportReport(path, header),
    done: new LineSet(),
    refusals: new LineCounter(),
    resumed: false,
    nonce: header.nonce!,
  });
  // Another run appended to a report that records earlier ones: its own header, nonce and keys.
  const newRun = (): OpenedReport => {
    const writer = appendImportReport(path, (bytes) => notice({ kind: 'report-torn', report: path, bytes }));
    writer.write(header);
    notice({ kind: 'report-new-run', report: path, runs: existing!.runs });
    return { writer, done: new LineSet(), refusals: new LineCounter(), resumed: false, nonce: header.nonce! };
  };
  const protectedImport = existing?.header.mode === 'import' && existing.sent;
  if (header.mode !== 'import') {
    if (protectedImport)
      throw new UsageError(
        `${path} records a real import; choose another --report for a ${header.mode === 'dry-run' ? 'dry run' : 'validation'}`,
      );
    return fresh();
  }
  if (!protectedImport) {
    if (resume) notice({ kind: 'report-started-fresh', report: path, existed: existing !== undefined });
    return fresh();
  }
  const prev = existing.header;
  if (prev.campaignId !== header.campaignId) {
    throw new UsageError(`${path} records imports into campaign ${prev.campaignId}, not ${header.campaignId}`, [
      'pass --report <file> to keep a report for this campaign',
    ]);
  }
  const where = (h: ReportHeader) =>
    `${h.baseUrl ?? 'an unrecorded API'}${h.accountId ? ` (account ${h.accountId})` : ''}`;
  if (
    (prev.baseUrl !== undefined && prev.baseUrl !== header.baseUrl) ||
    (prev.accountId !== undefined && header.accountId !== undefined && prev.accountId !== header.accountId)
  ) {
    throw new UsageError(
      `${resume ? 'cannot resume: ' : ''}${path} records an import into ${where(prev)}, not ${where(header)}`,
      [
        `to continue it, run against that API and account (--base-url ${prev.baseUrl ?? '…'}, or the --profile of that account)`,
        'to import into this one, pass --report <new file>: its rows are judged afresh there',
      ],
    );
  }
  // PRODUCT §6.4: a changed file is a new run (its own header, nonce and keys); --resume never applies to it.
  if (prev.fileSha256 !== header.fileSha256) {
    if (resume)
      throw new UsageError(
        `cannot resume: ${header.file} changed since the last run in ${path} started (sha256 differs), so its line numbers cannot be trusted`,
        ['run the same command without --resume: a changed file starts a new run in the same report'],
      );
    return newRun();
  }
  if (!resume) {
    // The same file again after a finished run (a roster that did not change this week): a new run.
    if (!existing.unfinished) return newRun();
    throw new UsageError(
      `${path} records an unfinished import of ${prev.file} (started ${prev.startedAt}, ${existing.rows} rows recorded)`,
      [
        'add --resume to continue it: rows recorded as created or exists are skipped, the rest are sent again with the same idempotency keys',
        'or pass --report <new file> to start a separate report (the API still refuses identifiers that already exist)',
      ],
    );
  }
  return {
    writer: appendImportReport(path, (bytes) => notice({ kind: 'report-torn', report: path, bytes })),
    done: existing.done,
    refusals: existing.refusals,
    resumed: true,
    nonce: prev.nonce ?? '',
  };
}
