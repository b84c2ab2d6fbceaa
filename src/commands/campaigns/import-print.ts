// The terminal side of `campaigns import`: runs the engine (bulk/import/) with the progress display and
// the notices wired to stderr, prints the summary (text on stderr, -o json on stdout) and maps it to an
// exit status.
import type { ImportDeps, ImportNotice, ImportOptions, ImportSummary, ValidationSummary } from '../../bulk/import/types.js';
import { ImportStop } from '../../bulk/import/stop.js';
import { rejectsFailure, rejectsLine } from '../../bulk/import/rejects-line.js';
import { startProgress, type Progress } from '../../bulk/progress.js';
import { commandLine, formatSummary, type Tally } from '../../bulk/summary.js';
import type { Deps } from '../../deps.js';
import { CliError, EXIT, InterruptedError, PartialError } from '../../errors.js';
import { safeLine } from '../../output/sanitize.js';

export type ImportCommandOptions = ImportOptions & { validateOnly: boolean };

export async function runImportCommand(opts: ImportCommandOptions, deps: Deps): Promise<void> {
  const { runCampaignImport, validateCampaignImport } = await import('../../bulk/import/run.js');
  const quiet = Boolean(deps.globals.quiet);
  let progress: Progress | undefined;
  const engineDeps: ImportDeps = {
    api: deps.api,
    baseUrl: async () => (await deps.settings()).baseUrl,
    now: deps.now,
    version: deps.version,
    signal: deps.interruptible(),
    onNotice: (n) => {
      const text = noticeText(n, quiet);
      if (text) deps.io.stderr.write(text);
    },
    onSending: async (total) => {
      const label = opts.dryRun ? 'dry run' : 'import';
      progress = await startProgress({ stream: deps.io.stderr, tty: deps.io.isStderrTTY, quiet, now: () => deps.now().getTime(), total, label });
    },
    onProgress: (tally) => progress?.update(tally),
    onSent: () => progress?.stop(),
  };
  if (opts.validateOnly) printValidation(await validateCampaignImport(opts, engineDeps), deps);
  else await finish(await runCampaignImport(opts, engineDeps), opts, deps);
}

/** The notice as stderr text; undefined when -q silences it. */
function noticeText(n: ImportNotice, quiet: boolean): string | undefined {
  const s = (count: number) => (count === 1 ? '' : 's');
  switch (n.kind) {
    case 'rejects-columns-ignored':
      return quiet ? undefined : `note: ignoring the last columns line, errorCode and message of ${n.file} (a rejects file of an earlier import)\n`;
    case 'report-started-fresh':
      return `note: ${n.existed ? `${n.report} records no sent rows` : `no report at ${n.report} yet`}; starting a new import\n`;
    case 'campaign-closed':
      return `warning: ${safeLine(n.message)}\n`;
    case 'schema-stale':
      return `warning: the campaign's template changed after its API configuration was activated (stale); requests still work\n`;
    case 'resolving-ids':
      return quiet ? undefined : `campaign ${n.campaignId} is mapped: finding each row's identifier with the dry run (one request per row; --id-column <path> skips this)\n`;
    case 'skipping-invalid': {
      // Not success noise: rows that will not be imported are named even with -q.
      const shown = n.first.slice(0, 10).map((p) => `  line ${p.line}: ${safeLine(p.message)}\n`).join('');
      return `skipping ${n.count} invalid row${s(n.count)} (--skip-invalid; every one is in ${n.report}):\n${shown}`;
    }
    case 'invalid-after-max-rows':
      return `note: ${n.count} more invalid row${s(n.count)} after the first ${n.maxRows} (--max-rows): not sent by this run; they are in ${n.report}\n`;
  }
}

function rejectsError(r: { path: string; error: string }): CliError {
  return new CliError(rejectsFailure(r), EXIT.failed);
}

function printValidation(v: ValidationSummary, deps: Deps): void {
  if (v.rejects && 'error' in v.rejects) throw rejectsError(v.rejects);
  if (deps.globals.quiet) return;
  const saved = v.rejects ? `${rejectsLine(v.rejects)}\n` : '';
  deps.io.stderr.write(`${v.file}: ${v.rows} rows checked against campaign ${v.campaignId}: no problems\n${saved}`);
  // The spec publishes no allowance numbers (GET /me has none), so whether the rows fit cannot be known here.
  deps.io.stderr.write(`note: an import would create up to ${v.rows} card${v.rows === 1 ? '' : 's'}; the API does not say how many the plan has left, so an import that runs out stops at limit_exhausted_cards and prints how to resume\n`);
}

async function finish(s: ImportSummary, opts: ImportOptions, deps: Deps): Promise<void> {
  const { stderr } = deps.io;
  const quiet = Boolean(deps.globals.quiet);
  const { tally, mode } = s;
  const failed = tally.outcomes.failed;
  const incomplete = s.stopped !== 'done' || failed > 0;
  const resume = mode === 'import' && incomplete ? resumeCommand(opts, deps) : undefined;
  const what = mode === 'dry-run' ? `dry run of ${opts.file} against ${opts.campaignId}` : `import of ${opts.file} into ${opts.campaignId}`;
  const status = s.stopped === 'interrupted' ? ' (interrupted)' : s.stopped === 'fatal' ? ' (stopped)' : '';
  if (!quiet || incomplete || tally.outcomes.invalid) {
    stderr.write(formatSummary({ title: `${what}${status}:`, tally, alreadyDone: s.alreadyDone, report: s.report, resume }));
    if (tally.outcomes.invalid && !resume) stderr.write('invalid rows were not sent: fix them (see the report) and import them from a new file\n');
  }
  // A rehearsal with --max-rows: say what is left and the command that goes on with it.
  if (s.beyond && !incomplete && s.stopped === 'done') {
    const goOn = mode === 'import'
      ? resumeCommand({ ...opts, maxRows: undefined }, deps)
      : resumeCommand({ ...opts, maxRows: undefined, report: undefined, rejects: undefined }, deps, false);
    const invalidNote = s.laterInvalid ? ` (${s.laterInvalid} of them invalid${opts.skipInvalid ? ', skipped by --skip-invalid' : ''})` : '';
    const rows = s.beyond === 1 ? '1 more row in the file was' : `${s.beyond} more rows in the file were`;
    stderr.write(`${rows} not sent: this run stopped after the first ${opts.maxRows} (--max-rows)${invalidNote}\n`);
    stderr.write(`to go on with ${mode === 'import' ? 'the rest' : 'a real import'}: ${goOn}\n`);
  }
  const plan = mode === 'dry-run' ? dryRunPlan(tally, s.invalidInFile) : undefined;
  if (plan && (!quiet || incomplete || tally.outcomes.invalid)) stderr.write(`${plan.text}\n`);
  if (s.rejects && (!quiet || tally.outcomes.failed || tally.outcomes.invalid)) stderr.write(`${rejectsLine(s.rejects)}\n`);
  // Not success noise: the cards exist but their URLs do not open (a 201 does not prove it), so even with -q.
  if (s.paused) stderr.write(`warning: ${s.paused} card${s.paused === 1 ? ' is' : 's are'} paused (the plan no longer covers them): their public URLs do not open\n`);
  const { output, query } = deps.globals;
  if (output === 'json' || output === 'ndjson' || query !== undefined) {
    const summary = {
      campaignId: s.campaignId, file: s.file, mode, report: s.report, stopped: s.stopped, alreadyDone: s.alreadyDone, ...tally.toJSON(), resume: resume ?? null,
      ...(plan ? { plan: plan.counts } : {}), ...(opts.rejects ? { rejects: opts.rejects } : {}),
    };
    const { printJson } = await import('../../output/query.js');
    await printJson(deps.io, summary, output !== 'ndjson', query);
  }
  if (s.stopped === 'interrupted') throw new InterruptedError('interrupted: the rows sent so far are recorded in the report', resume ? [`resume with: ${resume}`] : []);
  if (s.fatal) throw s.fatal instanceof ImportStop ? stopError(s.fatal) : s.fatal;
  if (failed || tally.outcomes.invalid) {
    throw new PartialError(`${failed + tally.outcomes.invalid} of ${tally.done} rows were not ${mode === 'dry-run' ? 'accepted' : 'imported'}`);
  }
  if (s.rejects && 'error' in s.rejects) throw rejectsError(s.rejects);
}

function stopError(stop: ImportStop): CliError {
  return new CliError(stop.message, stop.reason === 'server-errors' ? EXIT.failed : EXIT.rejected, stop.hints);
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
export function resumeCommand(opts: ImportOptions, deps: Pick<Deps, 'globals'>, resume = true): string {
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
  if (deps.globals.profile) args.push('--profile', deps.globals.profile);
  if (deps.globals.baseUrl) args.push('--base-url', deps.globals.baseUrl);
  return commandLine(args);
}
