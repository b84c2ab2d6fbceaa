// The terminal side of `campaigns import`: runs the engine (jobs/import/) with its progress and notices
// wired to the message channel, says the summary (words on stderr), and returns it as data (-o json)
// with the failure its exit status comes from.
import type {
  ImportDeps,
  ImportNotice,
  ImportOptions,
  ImportSummary,
  SyncPlan,
  ValidationSummary,
} from '../../jobs/import/types.js';
import { ImportStop } from '../../jobs/import/stop.js';
import { rejectsFailure, rejectsLine } from '../../jobs/import/rejects-line.js';
import { formatSummary, type Tally } from '../../jobs/import/summary.js';
import { commandLine } from '../command-line.js';
import type { Context } from '../../context.js';
import {
  afterWrites,
  CliError,
  EXIT,
  InterruptedError,
  PartialError,
  UnavailableError,
  UsageError,
} from '../../errors.js';
import { delimiterName } from '../../csv/match-headers.js';
import type { Messages } from '../../output/messages.js';
import type { Progress } from '../../output/progress.js';
import { safeLine } from '../../output/sanitize.js';
import { confirm } from '../confirm.js';
import { tornTailNote } from '../torn-tail.js';
import { refuseOwnPaths } from '../own-files.js';
import { importProgressText } from '../row-progress.js';
import { none, type Outcome, summary as summaryResult, thenFail } from '../model/result.js';
import { planData, planLines } from './import-plan.js';

export type ImportCommandOptions = ImportOptions & { validateOnly: boolean };

export async function runImportCommand(opts: ImportCommandOptions, ctx: Context): Promise<Outcome> {
  const { runCampaignImport, validateCampaignImport } = await import('../../jobs/import/run.js');
  refuseOwnPaths(ctx, [
    { flag: '--report', path: opts.report },
    { flag: '--rejects', path: opts.rejects },
  ]);
  let progress: Progress | undefined;
  let total = 0;
  let planned: SyncPlan | undefined;
  const engineDeps: ImportDeps = {
    api: ctx.api,
    baseUrl: async () => (await ctx.settings()).baseUrl,
    now: ctx.now,
    version: ctx.version,
    signal: ctx.interruptible(),
    onNotice: (n) => printNotice(n, ctx.msg),
    onSending: async (rows) => {
      total = rows;
      progress = await ctx.msg.progress({ label: opts.dryRun ? 'dry run' : 'import', now: ctx.clock });
    },
    onProgress: (tally) => progress?.update(importProgressText(tally, total)),
    onSent: () => progress?.stop({ keep: true }),
    onPlan: (plan) => {
      planned = plan;
      printPlan(plan, ctx.msg);
    },
    confirm: (plan) => askToApply(plan, ctx),
  };
  if (opts.validateOnly) {
    printValidation(await validateCampaignImport(opts, engineDeps), ctx.msg);
    return none;
  }
  let summary: ImportSummary;
  try {
    summary = await runCampaignImport(opts, engineDeps);
  } catch (e) {
    // Refused after the plan (a question, --max-trash, rows the template refuses): -o json still gets the plan.
    if (planned && e instanceof CliError && !(e instanceof InterruptedError))
      return thenFail(summaryResult({ ...planData(planned), sent: false }), e);
    throw e;
  }
  return finish(summary, opts, ctx);
}

/** --update: the plan on stderr (counts always; the rows unless -q). */
function printPlan(plan: SyncPlan, msg: Messages): void {
  const [head, ...rows] = planLines(plan);
  msg.say(head);
  for (const line of rows) msg.info(line);
}

/** Updates and trashes change cards people hold: asked on a terminal, --yes in scripts, refused otherwise. */
async function askToApply(plan: SyncPlan, ctx: Context): Promise<boolean> {
  if (ctx.globals.yes) return true;
  const { update, trash } = plan.counts;
  const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
  const what = [
    update ? `updates ${cards(update)}` : '',
    trash ? `moves ${cards(trash)} to Trash (their public URLs stop at once)` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  if (!ctx.io.isStdinTTY || !ctx.io.isStderrTTY)
    throw new UsageError(`the plan ${what}: refusing without a terminal to ask on; nothing was sent`, [
      'check the plan above (or --dry-run -o json), then pass --yes',
    ]);
  if (ctx.msg.quiet) for (const line of planLines(plan).slice(1)) ctx.msg.say(line); // -q hid them
  const question = [update ? `Update ${cards(update)}` : '', trash ? `move ${cards(trash)} to Trash` : '']
    .filter(Boolean)
    .join(' and ');
  return confirm(ctx, `${question.charAt(0).toUpperCase()}${question.slice(1)}?`);
}

function printNotice(n: ImportNotice, msg: Messages): void {
  const s = (count: number) => (count === 1 ? '' : 's');
  switch (n.kind) {
    case 'rejects-columns-ignored':
      return msg.note(
        `ignoring the last columns line, errorCode and message of ${n.file} (a rejects file of an earlier import)`,
      );
    case 'delimiter-sniffed':
      return msg.note(
        `reading ${n.file} as ${delimiterName(n.delimiter)}-separated (its header line holds no comma; --delimiter sets it)`,
      );
    case 'columns-matched':
      return msg.note(`columns read as: ${n.notes.map(safeLine).join(', ')}`);
    case 'report-started-fresh':
      return msg.say(
        `note: ${n.existed ? `${n.report} records no sent rows` : `no report at ${n.report} yet`}; starting a new import`,
      );
    case 'report-new-run':
      return msg.info(
        `note: ${n.report} records ${n.runs} earlier run${s(n.runs)}; this one is appended as a new run (its own header)`,
      );
    case 'report-torn':
      return msg.say(tornTailNote(n.report, n.bytes));
    case 'campaign-closed':
      return msg.warn(safeLine(n.message));
    case 'schema-stale':
      return msg.warn(
        `the campaign's template changed after its API configuration was activated (stale); requests still work`,
      );
    case 'resolving-ids':
      return msg.info(
        `campaign ${n.campaignId} is mapped: finding each row's identifier with the dry run (one request per row; --id-column <path> skips this)`,
      );
    case 'skipping-invalid': {
      // Not success noise: rows that will not be imported are named even with -q.
      const shown = n.first
        .slice(0, 10)
        .map((p) => `\n  line ${p.line}: ${safeLine(p.message)}`)
        .join('');
      return msg.say(
        `skipping ${n.count} invalid row${s(n.count)} (--skip-invalid; every one is in ${n.report}):${shown}`,
      );
    }
    case 'invalid-after-max-rows':
      return msg.say(
        `note: ${n.count} more invalid row${s(n.count)} after the first ${n.maxRows} (--max-rows): not sent by this run; they are in ${n.report}`,
      );
    case 'template-unreadable':
      return msg.warn(
        `cannot read template ${n.templateId} (the key lacks templates:read); the updates' template rules are checked by the API only`,
      );
    case 'listing-cards':
      return msg.info(`reading the cards of campaign ${n.campaignId} (template ${n.templateId}) to plan the update`);
  }
}

function rejectsError(r: { path: string; error: string }): CliError {
  return new CliError(rejectsFailure(r), EXIT.failed);
}

function printValidation(v: ValidationSummary, msg: Messages): void {
  if (v.rejects && 'error' in v.rejects) throw rejectsError(v.rejects);
  const s = v.sampled;
  const how =
    'sent' in s
      ? `; ${s.sent} row${s.sent === 1 ? '' : 's'} of distinct shape accepted by the campaign's dry run (nothing created)`
      : s.skipped === 'offline'
        ? ' (local checks only: --offline)'
        : '';
  msg.info(`${v.file}: ${v.rows} rows checked against campaign ${v.campaignId}: no problems${how}`);
  if ('skipped' in s && s.skipped === 'no-scope')
    msg.note(
      "the key lacks cards:write, which the campaign's dry run needs: only the local checks ran (rules the schema does not state are not checked)",
    );
  if (v.rejects) msg.info(rejectsLine(v.rejects));
  // The spec publishes no allowance numbers (GET /me has none), so whether the rows fit cannot be known here.
  msg.note(
    `an import would create up to ${v.rows} card${v.rows === 1 ? '' : 's'}; the API does not say how many the plan has left, so an import that runs out stops at limit_exhausted_cards and prints how to resume`,
  );
}

function finish(s: ImportSummary, opts: ImportOptions, ctx: Context): Outcome {
  const { msg } = ctx;
  const quiet = msg.quiet;
  const { tally, mode } = s;
  const failed = tally.outcomes.failed;
  const unknown = tally.outcomes.unknown;
  const incomplete = s.stopped !== 'done' || failed > 0 || unknown > 0;
  // A stop that only a changed file gets past: the command to run again is without --resume (PRODUCT §6.4).
  const fixFile =
    s.fatal instanceof ImportStop && (s.fatal.reason === 'same-failure' || s.fatal.reason === 'unfed-required-field');
  const resume = mode === 'import' && incomplete && !fixFile ? resumeCommand(opts, ctx) : undefined;
  const what =
    mode === 'dry-run'
      ? `dry run of ${opts.file} against ${opts.campaignId}`
      : `import of ${opts.file} into ${opts.campaignId}`;
  const status = s.stopped === 'interrupted' ? ' (interrupted)' : s.stopped === 'fatal' ? ' (stopped)' : '';
  // A dry run says what it would do (would create N, …), not created 0 / skipped N.
  const plan = mode !== 'dry-run' ? undefined : s.plan ? syncDryRunPlan(s.plan) : dryRunPlan(tally, s.invalidInFile);
  if (!quiet || incomplete || tally.outcomes.invalid) {
    msg.say(
      formatSummary({
        title: `${what}${status}:`,
        tally,
        alreadyDone: s.alreadyDone,
        report: s.report,
        resume,
        ...(plan ? { counts: plan.text } : {}),
      }),
    );
    if (fixFile) msg.say(`once the file is fixed, run again: ${resumeCommand(opts, ctx, false)}`);
    if (tally.outcomes.invalid && !resume)
      msg.say('invalid rows were not sent: fix them (see the report) and import them from a new file');
  }
  // A rehearsal with --max-rows: say what is left and the command that goes on with it.
  if (s.beyond && !incomplete && s.stopped === 'done') {
    const goOn =
      mode === 'import'
        ? resumeCommand({ ...opts, maxRows: undefined }, ctx)
        : resumeCommand({ ...opts, maxRows: undefined, report: undefined, rejects: undefined }, ctx, false);
    const invalidNote = s.laterInvalid
      ? ` (${s.laterInvalid} of them invalid${opts.skipInvalid ? ', skipped by --skip-invalid' : ''})`
      : '';
    const rows = s.beyond === 1 ? '1 more row in the file was' : `${s.beyond} more rows in the file were`;
    msg.say(`${rows} not sent: this run stopped after the first ${opts.maxRows} (--max-rows)${invalidNote}`);
    msg.say(`to go on with ${mode === 'import' ? 'the rest' : 'a real import'}: ${goOn}`);
  }
  if (s.plan && mode === 'dry-run') {
    const t = s.plan;
    if (t.maxTrash !== undefined && t.counts.trash > t.maxTrash)
      msg.warn(
        `a real run would refuse: ${t.counts.trash} cards to Trash is more than --max-trash ${t.maxTrash} (nothing would be sent)`,
      );
    msg.info('dry run: nothing was sent');
  }
  if (s.rejects && (!quiet || tally.outcomes.failed || tally.outcomes.invalid)) msg.say(rejectsLine(s.rejects));
  // Not success noise: the cards exist but their URLs do not open (a 201 does not prove it), so even with -q.
  if (s.paused)
    msg.warn(
      `${s.paused} card${s.paused === 1 ? ' is' : 's are'} paused (the plan no longer covers them): their public URLs do not open`,
    );
  const data = summaryResult({
    campaignId: s.campaignId,
    file: s.file,
    mode,
    report: s.report,
    stopped: s.stopped,
    alreadyDone: s.alreadyDone,
    ...tally.toJSON(),
    resume: resume ?? null,
    ...(plan ? { plan: plan.counts } : {}),
    ...(s.plan ? { plan: planData(s.plan) } : {}),
    ...(opts.rejects ? { rejects: opts.rejects } : {}),
  });
  const failure = exitOf(s, tally, unknown, failed, mode);
  return failure ? thenFail(data, failure) : data;
}

/** PRODUCT §16: 130 if stopped; else 6 if a row's answer was lost; else 7 if a row failed; else 0. */
function exitOf(
  s: ImportSummary,
  tally: Tally,
  unknown: number,
  failed: number,
  mode: ImportSummary['mode'],
): Error | undefined {
  if (s.stopped === 'interrupted')
    // The summary above already ends with the command that resumes: said once.
    return new InterruptedError('interrupted: the rows sent so far are recorded in the report');
  if (unknown)
    return new UnavailableError(
      `${unknown} row${unknown === 1 ? '' : 's'} may have been imported: the answer was lost (outcome unknown in the report)`,
      ['resume (the command above): each is sent again with its own key, which settles it without a second card'],
    );
  if (s.fatal) {
    if (s.fatal instanceof ImportStop) return stopError(s.fatal);
    const o = tally.outcomes;
    const wrote = o.created + o.updated + o.trashed;
    const what = [
      `${o.created} created`,
      ...(o.updated ? [`${o.updated} updated`] : []),
      ...(o.trashed ? [`${o.trashed} trashed`] : []),
    ];
    return afterWrites(s.fatal, mode === 'import' && wrote ? what.join(', ') : undefined);
  }
  if (failed || tally.outcomes.invalid) {
    return new PartialError(
      `${failed + tally.outcomes.invalid} of ${tally.done} rows were not ${mode === 'dry-run' ? 'accepted' : 'imported'}`,
    );
  }
  if (s.rejects && 'error' in s.rejects) return rejectsError(s.rejects);
  return undefined;
}

function stopError(stop: ImportStop): CliError {
  const exit =
    stop.reason === 'server-errors' ? EXIT.failed : stop.reason === 'same-failure' ? EXIT.partial : EXIT.rejected;
  return new CliError(stop.message, exit, stop.hints);
}

/**
 * The dry run's answer as a plan. "Already exist" is what the API documents: the dry run refusing a
 * row with duplicate_external_id (the API has no lookup of cards by identifier); rows it refuses for
 * any other reason, and rows the file check found invalid, count as invalid.
 */
function dryRunPlan(tally: Tally, invalidInFile: number) {
  const counts = {
    create: tally.outcomes.skipped,
    exist: tally.outcomes.exists,
    invalid: tally.outcomes.invalid + tally.outcomes.failed,
  };
  const refused = tally.outcomes.failed;
  const why = counts.invalid ? ` (${invalidInFile} found in the file, ${refused} refused by the dry run)` : '';
  return {
    counts,
    text: `plan: would create ${counts.create}, already exist ${counts.exist}, invalid ${counts.invalid}${why}`,
  };
}

/** --update --dry-run: the closing line repeats the plan's counts, destructive ones first (never `created 0`). */
function syncDryRunPlan(p: SyncPlan) {
  const c = p.counts;
  const counts = { trash: c.trash, update: c.update, create: c.create, unchanged: c.unchanged, invalid: c.invalid };
  return {
    counts,
    text: `plan: would trash ${c.trash}, update ${c.update}, create ${c.create}, unchanged ${c.unchanged}, invalid ${c.invalid}`,
  };
}

/** The exact command that continues this import. */
export function resumeCommand(opts: ImportOptions, ctx: Pick<Context, 'globals'>, resume = true): string {
  const args = ['campaigns', 'import', opts.campaignId, opts.file, ...(resume ? ['--resume'] : [])];
  if (opts.report) args.push('--report', opts.report);
  if (opts.delimiter) args.push('--delimiter', opts.delimiter);
  for (const m of opts.mapFlags?.map ?? []) args.push('--map', m);
  if (opts.mapFlags?.mapFile) args.push('--map-file', opts.mapFlags.mapFile);
  for (const [path, value] of opts.set ?? []) args.push('--set', `${path}=${value}`);
  if (opts.encoding) args.push('--encoding', opts.encoding);
  if (opts.concurrency !== 1) args.push('--concurrency', String(opts.concurrency));
  if (opts.rate) args.push('--rate', String(opts.rate));
  if (opts.skipInvalid) args.push('--skip-invalid');
  if (opts.maxRows) args.push('--max-rows', String(opts.maxRows));
  if (opts.idColumn) args.push('--id-column', opts.idColumn);
  if (opts.rejects) args.push('--rejects', opts.rejects);
  if (opts.update) args.push('--update');
  if (opts.trashMissing) args.push('--trash-missing', '--max-trash', String(opts.maxTrash));
  if (ctx.globals.profile) args.push('--profile', ctx.globals.profile);
  if (ctx.globals.baseUrl) args.push('--base-url', ctx.globals.baseUrl);
  return commandLine(args);
}
