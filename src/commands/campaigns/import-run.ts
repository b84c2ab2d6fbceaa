// `campaigns import`: the pipeline of PRODUCT §6 — preflight (rate, campaign, schema) → header plan →
// report and lock → a full validation pass → one request per row, each outcome recorded before the
// next → summary, resume command and exit status.
import { resolve } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import type { CampaignSchema } from '../../api/schemas/campaigns.js';
import { checkEncoding, isPipe, prepareInput, readRecords, type CsvOptions, type CsvRecord } from '../../bulk/csv-source.js';
import { idempotencyKey, canonicalJson } from '../../bulk/keys.js';
import { lockReport } from '../../bulk/lock.js';
import { buildPlan, type ImportPlan } from '../../bulk/plan.js';
import { startProgress } from '../../bulk/progress.js';
import { reportRow, sha256File, type ReportMode, type ReportWriter } from '../../bulk/report.js';
import { runImport, type Job } from '../../bulk/runner.js';
import { commandLine, formatSummary, Tally } from '../../bulk/summary.js';
import { buildBody, rowId, validateAll, type RowProblem, type Validation } from '../../bulk/validate.js';
import { checkRejectsPath, rejectColumnsAt, Rejects, withoutRejectColumns, writeRejects } from '../../bulk/rejects.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, EXIT, InterruptedError, PartialError, UsageError } from '../../errors.js';
import { createSender } from './import-send.js';
import { defaultReportPath, openReport, type OpenedReport } from './import-report.js';
import { safeLine } from '../../output/sanitize.js';

export interface ImportOptions {
  campaignId: string;
  file: string;
  dryRun: boolean;
  validateOnly: boolean;
  report?: string;
  resume: boolean;
  delimiter?: string;
  encoding?: string;
  concurrency: number;
  rate?: number;
  skipInvalid: boolean;
  maxRows?: number;
  /** Mapped campaigns: the record path (column) holding the identifier; without it the dry run resolves each row's. */
  idColumn?: string;
  /** CSV of the rows that failed or were invalid, with line, errorCode and message columns. */
  rejects?: string;
}

const SHOWN_PROBLEMS = 50;

export async function runCampaignImport(opts: ImportOptions, ctx: Context): Promise<void> {
  const signal = ctx.interruptible();
  if (!opts.report && !opts.validateOnly && (await isPipe(opts.file))) {
    throw new UsageError(`${opts.file} is a pipe: pass --report <file> (the default report, <file>.report.ndjson, cannot live beside a pipe)`);
  }
  // A pipe (`<(cat f)`, /dev/stdin, a FIFO) is copied to a private temporary file first: it is read more than once.
  const input = await prepareInput(opts.file, signal);
  try {
    await runFrom(input.path, opts, ctx, signal);
  } finally {
    await input.dispose();
  }
}

async function runFrom(readPath: string, opts: ImportOptions, ctx: Context, signal: AbortSignal): Promise<void> {
  const { stderr } = ctx.io;
  const quiet = Boolean(ctx.globals.quiet);
  const mode: ReportMode = opts.validateOnly ? 'validate' : opts.dryRun ? 'dry-run' : 'import';
  const csv: CsvOptions = { delimiter: opts.delimiter, encoding: opts.encoding, label: opts.file };
  let source = () => readRecords(readPath, csv);

  // The file's first lines (and the flags that shape reading it) are checked before any request.
  if (opts.encoding) checkEncoding(opts.encoding);
  const [header, firstRow] = await first(source(), 2);
  if (!header) throw new UsageError(`${opts.file} is empty: expected a header line naming the columns`);
  if (!firstRow) throw new UsageError(`${opts.file} has a header line but no rows: nothing to ${mode === 'validate' ? 'check' : 'import'}`);
  // A rejects file imported as it is: its line, errorCode and message columns are not data.
  let headerCells = header.cells;
  const dropped = rejectColumnsAt(header.cells);
  if (dropped) {
    const width = header.cells.length;
    const raw = source;
    source = () => withoutRejectColumns(raw(), width);
    headerCells = header.cells.slice(0, width - dropped);
    if (!quiet) stderr.write(`note: ignoring the last columns line, errorCode and message of ${opts.file} (a rejects file of an earlier import)\n`);
  }
  const reportPath = opts.report ?? (mode === 'validate' ? undefined : defaultReportPath(opts.file, mode));
  if (opts.rejects) await checkRejectsPath(opts.rejects, [opts.file, reportPath]);
  const client = await ctx.api();
  const { schema, accountId } = await preflight(client, opts, ctx);
  const plan = buildPlan(schema, headerCells, opts.idColumn);
  if (plan.resolveIds && !plan.problems.length) await resolveIds(client, plan, opts, () => dataRows(source(), signal), ctx);
  const rejects = new Rejects();
  let rejectsError: CliError | undefined;
  const saveRejects = async (): Promise<string | undefined> => {
    if (!opts.rejects) return undefined;
    let n: number;
    try {
      n = await writeRejects(opts.rejects, headerCells, dataRows(source()), rejects);
    } catch (e) {
      const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      rejectsError = new CliError(`could not write the rejects file ${opts.rejects} (${why}); the file there before is unchanged`, EXIT.failed);
      return `rejects: ${rejectsError.message}`;
    }
    return n
      ? `rejects: ${n} row${n === 1 ? '' : 's'} in ${opts.rejects} (fix them there and import that file as it is)`
      : `rejects: none; ${opts.rejects} holds the header only`;
  };
  const lock = reportPath ? await lockReport(reportPath, ctx.now()) : undefined;
  let writer: ReportWriter | undefined;
  try {
    const opened = reportPath
      ? await openReport(reportPath, {
          type: 'header', version: 1, mode, campaignId: opts.campaignId, file: resolve(opts.file),
          fileSha256: await sha256File(readPath), startedAt: ctx.now().toISOString(), cardqr: ctx.version,
          baseUrl: (await ctx.settings()).baseUrl, accountId,
        }, opts.resume, (line) => stderr.write(`${line}\n`))
      : undefined;
    writer = opened?.writer;
    // A resumed report only ever records rows this run goes on with: a run refused for problems in the
    // file (no --skip-invalid) leaves it exactly as it was.
    const recordsInvalid = !opened?.resumed || (opts.skipInvalid && mode !== 'validate');
    const recordInvalid = ([p, ...more]: RowProblem[]) => {
      const message = [p, ...more].map((x) => x.message).join('; ');
      rejects.add(p.line, p.code, message);
      if (recordsInvalid) writer?.write(reportRow(p.line, p.externalId, 'invalid', { errorCode: p.code, message }));
    };
    const checked = () => dataRows(source(), signal);
    const v = await validateAll(checked(), plan, recordInvalid, checked, { maxRows: opts.maxRows });

    if (plan.problems.length || (v.problems && (!opts.skipInvalid || opts.validateOnly))) {
      writer?.close();
      const error = problemsError(plan, v, recordsInvalid ? reportPath : undefined, delimiterHint(header.cells, opts));
      // Header problems make every row unjudgeable: no rejects file then.
      const saved = plan.problems.length ? undefined : await saveRejects();
      if (saved) error.lines.push(saved);
      throw error;
    }
    if (mode === 'validate') {
      const saved = await saveRejects();
      if (rejectsError) throw rejectsError;
      if (!quiet) {
        stderr.write(`${opts.file}: ${v.rows} rows checked against campaign ${opts.campaignId}: no problems\n${saved ? `${saved}\n` : ''}`);
        // The spec publishes no allowance numbers (GET /me has none), so whether the rows fit cannot be known here.
        stderr.write(`note: an import would create up to ${v.rows} card${v.rows === 1 ? '' : 's'}; the API does not say how many the plan has left, so an import that runs out stops at limit_exhausted_cards and prints how to resume\n`);
      }
      return;
    }
    if (v.problems) {
      // Not success noise: rows that will not be imported are named even with -q.
      const inRange = v.invalid.countUpTo(v.rangeEnd);
      const later = v.invalid.size - inRange;
      const shown = v.first.filter((p) => p.line <= v.rangeEnd).slice(0, 10).map((p) => `  line ${p.line}: ${safeLine(p.message)}\n`).join('');
      if (inRange) stderr.write(`skipping ${inRange} invalid row${inRange === 1 ? '' : 's'} (--skip-invalid; every one is in ${reportPath}):\n${shown}`);
      if (later) stderr.write(`note: ${later} more invalid row${later === 1 ? '' : 's'} after the first ${opts.maxRows} (--max-rows): not sent by this run; they are in ${reportPath}\n`);
    }
    if (signal.aborted) throw new InterruptedError('interrupted before any row was sent');

    const done = opened!.done;
    const alreadyDone = done.countUpTo(v.rangeEnd);
    const total = v.inRange - alreadyDone - v.invalid.countUpTo(v.rangeEnd);
    const tally = new Tally();
    tally.outcomes.invalid = v.invalid.countUpTo(v.rangeEnd);
    const label = mode === 'dry-run' ? 'dry run' : 'import';
    const progress = await startProgress({
      stream: stderr, tty: ctx.io.isStderrTTY, quiet, now: () => ctx.now().getTime(), total: total + tally.outcomes.invalid, label,
    });
    progress.update(tally);
    let paused = 0;
    const result = await runImport(
      jobs(source, plan, opts, v, opened!),
      await createSender(client, opts.campaignId, mode === 'dry-run', plan.mode === 'native' ? new Set(plan.columns.map((c) => String(c.path[1]))) : undefined),
      (row) => {
        writer!.write(row);
        if (row.outcome === 'failed' || row.outcome === 'invalid') rejects.add(row.line, row.errorCode, row.message);
        tally.add(row);
        if (row.paused) paused++;
        progress.update(tally);
      },
      { concurrency: opts.concurrency, signal },
    ).finally(() => progress.stop());
    writer!.close();
    writer = undefined;
    const saved = await saveRejects();
    await finish({ opts, ctx, mode, tally, result, alreadyDone, paused, report: reportPath!, rejects: saved, invalidInFile: v.invalid.countUpTo(v.rangeEnd),
      beyond: Math.max(0, v.rows - v.inRange), laterInvalid: v.invalid.size - v.invalid.countUpTo(v.rangeEnd) });
    if (rejectsError) throw rejectsError;
  } finally {
    writer?.close();
    await lock?.release();
  }
}

/** GET /me (pace), the campaign (must accept API requests) and its schema. */
async function preflight(client: ApiClient, opts: ImportOptions, ctx: Context): Promise<{ schema: CampaignSchema; accountId?: string }> {
  const [{ getMe }, { getCampaign, getCampaignSchema }] = await Promise.all([import('../../api/me.js'), import('../../api/campaigns.js')]);
  let accountId: string | undefined;
  if (!opts.validateOnly) {
    const me = await getMe(client);
    accountId = me.account.id;
    client.setRate(Math.min(opts.rate ?? Infinity, me.rateLimit.requestsPerMinute));
  }
  const campaign = await getCampaign(client, opts.campaignId);
  if (campaign.status !== 'active' || !campaign.apiEnabled) {
    const why = campaign.status !== 'active' ? `is ${campaign.status}` : 'has its API switch off';
    const message = `campaign ${campaign.id} (${campaign.name}) ${why}: it does not accept API requests (campaign_api_disabled)`;
    if (!opts.validateOnly) throw new CliError(message, EXIT.auth, ['activate the campaign and turn its API switch on in the dashboard, then run this again']);
    ctx.io.stderr.write(`warning: ${safeLine(message)}\n`);
  }
  try {
    const schema = await getCampaignSchema(client, opts.campaignId);
    if (schema.stale) ctx.io.stderr.write(`warning: the campaign's template changed after its API configuration was activated (stale); requests still work\n`);
    return { schema, accountId };
  } catch (e) {
    // The spec lists no 409 for the schema; a never-configured campaign may answer 403 campaign_api_disabled
    // although it is active with its switch on (checked above): the same advice applies.
    if (e instanceof ApiError && (e.code === 'api_not_configured' || e.code === 'campaign_api_disabled')) {
      throw new CliError(`campaign ${campaign.id} (${campaign.name}) has never had an API configuration activated (${e.code})`, EXIT.rejected, [
        'configure and activate its API mapping in the dashboard (Campaign → API), then run this again',
      ]);
    }
    throw e;
  }
}

/**
 * Mapped campaign without --id-column: the schema does not name the identifier's path, so each row is
 * sent once to the dry run (creates nothing) and its `externalId` kept by line, before validation checks
 * them (present, at most 128 characters, unique in the file). One extra request per row, paced like
 * the import: --id-column skips it.
 */
async function resolveIds(
  client: ApiClient, plan: ImportPlan, opts: ImportOptions, rows: () => AsyncGenerator<CsvRecord>, ctx: Context,
): Promise<void> {
  const [{ getMe }, { testCampaignCard }] = await Promise.all([import('../../api/me.js'), import('../../api/campaigns.js')]);
  if (opts.validateOnly) client.setRate(Math.min(opts.rate ?? Infinity, (await getMe(client)).rateLimit.requestsPerMinute));
  plan.resolved = new Map();
  plan.idLabel = 'the identifier the dry run resolved';
  const quiet = Boolean(ctx.globals.quiet);
  if (!quiet) ctx.io.stderr.write(`campaign ${opts.campaignId} is mapped: finding each row's identifier with the dry run (one request per row; --id-column <path> skips this)\n`);
  let n = 0;
  for await (const rec of rows()) {
    if (++n > (opts.maxRows ?? Infinity)) break;
    const r = await testCampaignCard(client, opts.campaignId, buildBody(plan, rec.cells));
    const id = typeof r.externalId === 'string' && r.externalId !== '' ? r.externalId : null;
    plan.resolved.set(rec.line, id);
  }
}

/** The rows after the header; with a signal (the checking passes), Ctrl-C stops the reading. */
async function* dataRows(records: AsyncGenerator<CsvRecord>, signal?: AbortSignal): AsyncGenerator<CsvRecord> {
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

/** The second pass: rows in file order, minus invalid and already-done ones, each with its derived key. */
async function* jobs(source: () => AsyncGenerator<CsvRecord>, plan: ImportPlan, opts: ImportOptions, v: Validation, earlier: OpenedReport): AsyncGenerator<Job> {
  let index = 0;
  for await (const rec of dataRows(source())) {
    if (++index > (opts.maxRows ?? Infinity)) return;
    if (v.invalid.has(rec.line) || earlier.done.has(rec.line)) continue;
    const body = canonicalJson(buildBody(plan, rec.cells));
    const externalId = rowId(plan, rec.cells, rec.line);
    const key = idempotencyKey(opts.campaignId, externalId ?? '', body, earlier.refusals.get(rec.line), earlier.nonce);
    yield { line: rec.line, externalId, body, key };
  }
}

/** A header read as one column that holds ; tab or |: the file probably uses that delimiter. */
function delimiterHint(header: string[], opts: ImportOptions): string | undefined {
  if (header.length !== 1) return undefined;
  const counts = [';', '\t', '|'].map((d) => [d, header[0].split(d).length - 1] as const).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  if (!counts.length) return undefined;
  const d = counts[0][0];
  const shown = d === '\t' ? 'tab' : `"${d}"`;
  const used = opts.delimiter === undefined ? 'a comma' : opts.delimiter === '\t' ? 'tab' : `"${opts.delimiter}"`;
  return `hint: the header line was read as one column holding ${shown}, not ${used}: if the file is ${d === '\t' ? 'tab' : d}-separated, add --delimiter ${d === '\t' ? 'tab' : `'${d}'`}`;
}

function problemsError(plan: ImportPlan, v: Validation, report: string | undefined, hint?: string): UsageError {
  const lines = plan.problems.slice(0, SHOWN_PROBLEMS).map((p) => `line 1: ${p.message}`); // 100,000 bad columns: 50 lines
  for (const p of v.first) if (lines.length < SHOWN_PROBLEMS) lines.push(`line ${p.line}: ${p.message}`);
  const rest = plan.problems.length + v.problems - lines.length;
  if (rest > 0) lines.push(`… and ${rest} more${report ? ` (every row problem is in ${report})` : '; add --report <file> for the full list'}`);
  const total = plan.problems.length + v.problems;
  return new UsageError(`${total} problem${total === 1 ? '' : 's'} in the file; nothing was sent`, hint ? [hint, ...lines] : lines);
}

interface Finish {
  opts: ImportOptions;
  ctx: Context;
  mode: ReportMode;
  tally: Tally;
  result: Awaited<ReturnType<typeof runImport>>;
  alreadyDone: number;
  paused: number;
  report: string;
  /** The line about the rejects file, when one was written. */
  rejects?: string;
  /** Rows the validation pass found invalid (within --max-rows). */
  invalidInFile: number;
  /** Rows after --max-rows that this run did not send. */
  beyond: number;
  laterInvalid: number;
}

async function finish({ opts, ctx, mode, tally, result, alreadyDone, paused, report, rejects, invalidInFile, beyond, laterInvalid }: Finish): Promise<void> {
  const { stderr } = ctx.io;
  const failed = tally.outcomes.failed;
  const incomplete = result.stopped !== 'done' || failed > 0;
  const resume = mode === 'import' && incomplete ? resumeCommand(opts, ctx) : undefined;
  const what = mode === 'dry-run' ? `dry run of ${opts.file} against ${opts.campaignId}` : `import of ${opts.file} into ${opts.campaignId}`;
  const status = result.stopped === 'interrupted' ? ' (interrupted)' : result.stopped === 'fatal' ? ' (stopped)' : '';
  if (!ctx.globals.quiet || incomplete || tally.outcomes.invalid) {
    stderr.write(formatSummary({ title: `${what}${status}:`, tally, alreadyDone, report, resume }));
    if (tally.outcomes.invalid && !resume) stderr.write('invalid rows were not sent: fix them (see the report) and import them from a new file\n');
  }
  // A rehearsal with --max-rows: say what is left and the command that goes on with it.
  if (beyond && !incomplete && result.stopped === 'done') {
    const goOn = mode === 'import'
      ? resumeCommand({ ...opts, maxRows: undefined }, ctx)
      : resumeCommand({ ...opts, maxRows: undefined, report: undefined, rejects: undefined }, ctx, false);
    const invalidNote = laterInvalid ? ` (${laterInvalid} of them invalid${opts.skipInvalid ? ', skipped by --skip-invalid' : ''})` : '';
    const rows = beyond === 1 ? '1 more row in the file was' : `${beyond} more rows in the file were`;
    stderr.write(`${rows} not sent: this run stopped after the first ${opts.maxRows} (--max-rows)${invalidNote}\n`);
    stderr.write(`to go on with ${mode === 'import' ? 'the rest' : 'a real import'}: ${goOn}\n`);
  }
  const plan = mode === 'dry-run' ? dryRunPlan(tally, invalidInFile) : undefined;
  if (plan && (!ctx.globals.quiet || incomplete || tally.outcomes.invalid)) stderr.write(`${plan.text}\n`);
  if (rejects && (!ctx.globals.quiet || tally.outcomes.failed || tally.outcomes.invalid)) stderr.write(`${rejects}\n`);
  // Not success noise: the cards exist but their URLs do not open (a 201 does not prove it), so even with -q.
  if (paused) stderr.write(`warning: ${paused} card${paused === 1 ? ' is' : 's are'} paused (the plan no longer covers them): their public URLs do not open\n`);
  if (ctx.globals.output === 'json' || ctx.globals.output === 'ndjson' || ctx.globals.query !== undefined) {
    const summary = {
      campaignId: opts.campaignId, file: opts.file, mode, report, stopped: result.stopped, alreadyDone, ...tally.toJSON(), resume: resume ?? null,
      ...(plan ? { plan: plan.counts } : {}), ...(opts.rejects ? { rejects: opts.rejects } : {}),
    };
    const { printJson } = await import('../../output/query.js');
    await printJson(ctx.io, summary, ctx.globals.output !== 'ndjson', ctx.globals.query);
  }
  if (result.stopped === 'interrupted') throw new InterruptedError('interrupted: the rows sent so far are recorded in the report', resume ? [`resume with: ${resume}`] : []);
  if (result.fatal) throw result.fatal;
  if (failed || tally.outcomes.invalid) {
    throw new PartialError(`${failed + tally.outcomes.invalid} of ${tally.done} rows were not ${mode === 'dry-run' ? 'accepted' : 'imported'}`);
  }
}

/**
 * The dry run's answer as a plan. "Already exist" is what the API documents: the dry run refusing a
 * row with duplicate_external_id (the API has no lookup of cards by identifier); rows it refuses for
 * any other reason, and rows the file check found invalid, count as invalid.
 */
function dryRunPlan(tally: Tally, invalidInFile: number) {
  const counts = { create: tally.outcomes.skipped, exist: tally.outcomes.exists, invalid: tally.outcomes.invalid + tally.outcomes.failed };
  const refused = tally.outcomes.failed;
  const why = counts.invalid ? ` (${invalidInFile} found in the file, ${refused} refused by the dry run)` : '';
  return { counts, text: `plan: would create ${counts.create}, already exist ${counts.exist}, invalid ${counts.invalid}${why}` };
}

/** The exact command that continues this import. */
export function resumeCommand(opts: ImportOptions, ctx: Pick<Context, 'globals'>, resume = true): string {
  const args = ['campaigns', 'import', opts.campaignId, opts.file, ...(resume ? ['--resume'] : [])];
  if (opts.report) args.push('--report', opts.report);
  if (opts.delimiter) args.push('--delimiter', opts.delimiter);
  if (opts.encoding) args.push('--encoding', opts.encoding);
  if (opts.concurrency !== 1) args.push('--concurrency', String(opts.concurrency));
  if (opts.rate) args.push('--rate', String(opts.rate));
  if (opts.skipInvalid) args.push('--skip-invalid');
  if (opts.maxRows) args.push('--max-rows', String(opts.maxRows));
  if (opts.idColumn) args.push('--id-column', opts.idColumn);
  if (opts.rejects) args.push('--rejects', opts.rejects);
  if (ctx.globals.profile) args.push('--profile', ctx.globals.profile);
  if (ctx.globals.baseUrl) args.push('--base-url', ctx.globals.baseUrl);
  return commandLine(args);
}
