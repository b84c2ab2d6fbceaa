// What every run of `campaigns import` does before it sends a row: the file's first lines → preflight
// (rate, campaign, schema) → header plan → report and lock → a full validation pass. Problems in the
// file stop it here with a UsageError listing them by line (nothing was sent).
import { resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { InterruptedError, UsageError } from '../../errors.js';
import { checkEncoding, keepRecords, readRecords, type CsvOptions, type CsvRecord } from '../../csv/read-records.js';
import { isPipe, prepareInput, type Input } from '../../csv/pipe-input.js';
import { lockReport } from '../rows/report-file.js';
import { buildPlan, type ImportPlan } from './columns.js';
import { checkRejectsPath, rejectColumnsAt, Rejects, withoutRejectColumns, writeRejects } from './rejects.js';
import { sniffDelimiter } from '../../csv/match-headers.js';
import { refuseOverlaps } from '../../fs/own-files.js';
import { reportRow, sha256File, type ReportMode } from './report.js';
import { validateAll, type RowProblem, type Validation } from './validate.js';
import { preflight, resolveIds } from './preflight.js';
import { rejectsLine } from './rejects-line.js';
import { constantsFor, withConstants } from './constants.js';
import { entryRules } from './entries.js';
import { defaultReportPath, openReport, type OpenedReport } from './open-report.js';
import type { CheckOptions, ImportDeps, RejectsResult } from './types.js';

const SHOWN_PROBLEMS = 50;

/** A file that passed the checks, its report open and locked while the caller's `then` runs. */
export interface CheckedFile {
  client: ApiClient;
  /** The campaign's template (its schema's templateId): --update lists its cards. */
  templateId: string;
  plan: ImportPlan;
  validation: Validation;
  reportPath?: string;
  /** The report (absent for --validate-only without --report). */
  opened?: OpenedReport;
  /** The file's records again, header first. */
  source: () => AsyncGenerator<CsvRecord>;
  /** Rows to write to --rejects (invalid ones are in already). */
  rejects: Rejects;
  /** Writes --rejects when it was asked for. */
  saveRejects: () => Promise<RejectsResult | undefined>;
}

interface Checking extends CheckOptions {
  skipInvalid?: boolean;
  resume?: boolean;
}

export async function withCheckedFile<T>(
  opts: Checking,
  mode: ReportMode,
  deps: ImportDeps,
  then: (file: CheckedFile) => Promise<T>,
): Promise<T> {
  if (!opts.report && mode !== 'validate' && (await isPipe(opts.file))) {
    throw new UsageError(
      `${opts.file} is a pipe: pass --report <file> (the default report, <file>.report.ndjson, cannot live beside a pipe)`,
    );
  }
  // A pipe (`<(cat f)`, /dev/stdin, a FIFO) is copied to a private temporary file first: it is read more than once.
  const input = await prepareInput(opts.file, deps.signal);
  try {
    return await checkFrom(input, opts, mode, deps, then);
  } finally {
    await input.dispose();
  }
}

async function checkFrom<T>(
  { path: readPath, pinned }: Input,
  opts: Checking,
  mode: ReportMode,
  deps: ImportDeps,
  then: (file: CheckedFile) => Promise<T>,
): Promise<T> {
  const { signal } = deps;
  const notice = deps.onNotice ?? (() => {});
  const csv: CsvOptions = { delimiter: opts.delimiter, encoding: opts.encoding, label: opts.file, pinned };
  // Small files are parsed once: the later passes replay the records the checks read.
  let source = keepRecords(() => readRecords(readPath, csv), pinned);

  // The file's first lines (and the flags that shape reading it) are checked before any request.
  if (opts.encoding) checkEncoding(opts.encoding);
  let [header, firstRow] = await first(source(), 2);
  // A spreadsheet's `;`, tab or `|` file (its header reads as one column holding it): read with that.
  const sniffed = opts.delimiter === undefined && header ? sniffDelimiter(header.cells) : undefined;
  if (sniffed) {
    csv.delimiter = sniffed;
    source = keepRecords(() => readRecords(readPath, csv), pinned);
    [header, firstRow] = await first(source(), 2);
    notice({ kind: 'delimiter-sniffed', delimiter: sniffed, file: opts.file });
  }
  if (!header) throw new UsageError(`${opts.file} is empty: expected a header line naming the columns`);
  if (!firstRow)
    throw new UsageError(
      `${opts.file} has a header line but no rows: nothing to ${mode === 'validate' ? 'check' : 'import'}`,
    );
  // A rejects file imported as it is: its line, errorCode and message columns are not data.
  let headerCells = header.cells;
  const dropped = rejectColumnsAt(header.cells);
  if (dropped) {
    const width = header.cells.length;
    const raw = source;
    source = () => withoutRejectColumns(raw(), width);
    headerCells = header.cells.slice(0, width - dropped);
    notice({ kind: 'rejects-columns-ignored', file: opts.file });
  }
  const reportPath = opts.report ?? (mode === 'validate' ? undefined : defaultReportPath(opts.file, mode));
  if (opts.rejects) await checkRejectsPath(opts.rejects, [opts.file, reportPath]);
  refuseOverlaps([
    { flag: 'the file', path: opts.file },
    reportPath ? { flag: '--report', path: reportPath, suffixes: ['.lock'], temp: true } : undefined,
    opts.rejects ? { flag: '--rejects', path: opts.rejects, temp: true } : undefined,
  ]);
  const client = await deps.api();
  const validating = mode === 'validate';
  const { schema, accountId } = await preflight(client, opts, validating, notice);
  let plan = buildPlan(schema, headerCells, opts.idColumn, opts.columnMap);
  if (opts.set?.length) {
    // --set: constants read as columns of the file (constants.ts); the plan is made again with them.
    const constants = constantsFor(
      headerCells,
      plan.columns.map((c) => c.header),
      opts.set,
    );
    const raw = source;
    source = () => withConstants(raw(), constants);
    headerCells = constants.header;
    plan = buildPlan(schema, headerCells, opts.idColumn, opts.columnMap);
  }
  if (plan.mode === 'native') {
    plan.entries = entryRules(schema, plan.columns);
    plan.nameColumn = plan.columns.findIndex((c) => c.header === 'name');
  }
  if (plan.headerNotes.length) notice({ kind: 'columns-matched', notes: plan.headerNotes });
  // --offline sends no row: a mapped campaign's identifiers (known only from the dry run) are not checked then.
  if (plan.resolveIds && !plan.problems.length && !opts.offline)
    await resolveIds(client, plan, opts, validating, () => dataRows(source(), signal), notice);
  const rejects = new Rejects(Boolean(opts.rejects));
  const saveRejects = async (): Promise<RejectsResult | undefined> => {
    if (!opts.rejects) return undefined;
    try {
      return { path: opts.rejects, rows: await writeRejects(opts.rejects, headerCells, dataRows(source()), rejects) };
    } catch (e) {
      return { path: opts.rejects, error: (e as NodeJS.ErrnoException).code ?? (e as Error).message };
    }
  };
  const lock = reportPath ? await lockReport(reportPath, deps.now(), 'import') : undefined;
  let opened: OpenedReport | undefined;
  try {
    opened = reportPath
      ? await openReport(
          reportPath,
          {
            type: 'header',
            version: 1,
            mode,
            campaignId: opts.campaignId,
            file: resolve(opts.file),
            fileSha256: await sha256File(readPath, pinned),
            startedAt: deps.now().toISOString(),
            cardqr: deps.version,
            baseUrl: await deps.baseUrl(),
            accountId,
          },
          Boolean(opts.resume),
          notice,
        )
      : undefined;
    const writer = opened?.writer;
    // A resumed report only ever records rows this run goes on with: a run refused for problems in the
    // file (no --skip-invalid) leaves it exactly as it was.
    const recordsInvalid = !opened?.resumed || (Boolean(opts.skipInvalid) && mode !== 'validate');
    const recordInvalid = ([p, ...more]: RowProblem[]) => {
      const message = [p, ...more].map((x) => x.message).join('; ');
      rejects.add(p.line, p.code, message);
      if (recordsInvalid) writer?.write(reportRow(p.line, p.externalId, 'invalid', { errorCode: p.code, message }));
    };
    const checked = () => dataRows(source(), signal);
    const v = await validateAll(checked(), plan, recordInvalid, checked, { maxRows: opts.maxRows });

    if (plan.problems.length || (v.problems && (!opts.skipInvalid || mode === 'validate'))) {
      writer?.close();
      const error = problemsError(plan, v, recordsInvalid ? reportPath : undefined, opts);
      // Header problems make every row unjudgeable: no rejects file then.
      const saved = plan.problems.length ? undefined : await saveRejects();
      if (saved) error.lines.push(rejectsLine(saved));
      throw error;
    }
    return await then({
      client,
      templateId: schema.templateId,
      plan,
      validation: v,
      reportPath,
      opened,
      source,
      rejects,
      saveRejects,
    });
  } finally {
    opened?.writer.close();
    await lock?.release();
  }
}

/** The rows after the header; with a signal (the checking passes), Ctrl-C stops the reading. */
export async function* dataRows(records: AsyncGenerator<CsvRecord>, signal?: AbortSignal): AsyncGenerator<CsvRecord> {
  await records.next(); // the header
  for await (const rec of records) {
    if (signal?.aborted) throw new InterruptedError('interrupted while checking the file; nothing was sent');
    yield rec;
  }
}

/** The first `n` records (fewer when the file is shorter). */
async function first(records: AsyncGenerator<CsvRecord>, n: number): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for (let r = await records.next(); !r.done; r = await records.next()) {
    out.push(r.value);
    if (out.length >= n) break;
  }
  await records.return(undefined);
  return out;
}

function problemsError(plan: ImportPlan, v: Validation, report: string | undefined, opts: CheckOptions): UsageError {
  const unknown = plan.problems.some((p) => p.code === 'unknown_column');
  const shown = SHOWN_PROBLEMS - (unknown ? 1 : 0); // the schema pointer takes one line of them
  const lines = plan.problems.slice(0, shown).map((p) => `line 1: ${p.message}`); // 100,000 bad columns: 50 lines
  for (const p of v.first) if (lines.length < shown) lines.push(`line ${p.line}: ${p.message}`);
  const rest = plan.problems.length + v.problems - lines.length;
  if (rest > 0)
    lines.push(
      `… and ${rest} more${report ? ` (every row problem is in ${report})` : '; add --report <file> for the full list'}`,
    );
  const total = plan.problems.length + v.problems;
  // Where the known columns are listed: once, after the lines, not on each unknown column.
  if (unknown)
    lines.push(
      `hint: \`cardqr campaigns schema ${opts.campaignId}\` lists the columns the campaign accepts; --map 'Column in the file=column' maps one`,
    );
  return new UsageError(`${total} problem${total === 1 ? '' : 's'} in the file; nothing was sent`, lines);
}
