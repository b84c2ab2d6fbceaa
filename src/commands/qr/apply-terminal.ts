// The terminal side of `qr apply`: runs the row engine (jobs/rows/) with the qr-apply job, says the
// plan on stderr and returns it as data (-o json prints it), asks before moving existing codes, and
// maps the summary to an exit status: 130 stopped; else 6 a write's answer was lost; else 7 a row failed;
// else 0 (2: an invalid file or refused). PRODUCT §16.
import type { ApplyPlan, ApplyRow, PropertyChange } from '../../jobs/apply/plan.js';
import type { RowSummary } from '../../jobs/rows/types.js';
import type { Context } from '../../context.js';
import {
  afterWrites,
  ApiError,
  CliError,
  EXIT,
  InterruptedError,
  PartialError,
  UnavailableError,
  UsageError,
} from '../../errors.js';
import type { Progress } from '../../output/progress.js';
import { safeLine } from '../../output/sanitize.js';
import { summary as planSummary, thenFail, type Outcome, type Result } from '../model/result.js';
import { commandLine } from '../command-line.js';
import { rowProgressText } from '../row-progress.js';
import { confirm } from '../confirm.js';
import { refuseOverlaps } from '../../fs/own-files.js';
import { tornTailNote } from '../torn-tail.js';
import { refuseOwnPaths } from '../own-files.js';

export interface ApplyOptions {
  file: string;
  dryRun: boolean;
  report?: string;
  /** --map / --map-file: a column of the file → the column it stands for. */
  map?: ReadonlyMap<string, string>;
}

/** Rows listed by name in the plan and the question; the rest are counted (-o json lists every one). */
const SHOWN = 30;

/** The plan as data once it is made (then the run's failure follows it), or the run's failure alone. */
export async function runApplyCommand(opts: ApplyOptions, ctx: Context): Promise<Result | Outcome> {
  const [{ runRowJob }, { qrApplyJob }] = await Promise.all([
    import('../../jobs/rows/engine.js'),
    import('../../jobs/apply/job.js'),
  ]);
  const report = opts.report ?? `${opts.file}.report.ndjson`;
  refuseOwnPaths(ctx, [{ flag: '--report', path: report }]);
  refuseOverlaps([
    { flag: 'the file', path: opts.file, suffixes: [] },
    { flag: '--report', path: report, suffixes: ['.lock'] },
  ]);
  let progress: Progress | undefined;
  let planned: Result | undefined;
  const ended = (err: unknown): Outcome => {
    if (!planned) throw err;
    return thenFail(planned, err as Error);
  };
  const summary = await runRowJob(
    qrApplyJob(opts.file, opts.map),
    { file: opts.file, report, dryRun: opts.dryRun },
    {
      api: ctx.api,
      baseUrl: async () => (await ctx.settings()).baseUrl,
      now: ctx.now,
      version: ctx.version,
      signal: ctx.interruptible(),
      onPlan: (plan) => {
        sayPlan(plan, ctx);
        planned = planSummary(planData(plan));
      },
      confirm: async (plan) => {
        if (!plan.asks.length || ctx.globals.yes) return true;
        const n = plan.asks.length;
        const codes = `${n} existing code${n === 1 ? '' : 's'}`;
        if (!ctx.io.isStdinTTY || !ctx.io.isStderrTTY)
          throw new UsageError(
            `the plan changes where ${codes} lead${n === 1 ? 's' : ''} (destination or status): refusing without a terminal to ask on; nothing was sent`,
            ['check the plan above (or --dry-run -o json), then pass --yes'],
          );
        ctx.msg.say(`these codes would lead elsewhere (destination or status changes):`);
        for (const row of plan.asks.slice(0, SHOWN)) ctx.msg.say(`  ${rowText(row)}`);
        if (n > SHOWN) ctx.msg.say(`  … and ${n - SHOWN} more`);
        return confirm(ctx, `Change where ${codes} lead${n === 1 ? 's' : ''}?`);
      },
      onSending: async () => {
        progress = await ctx.msg.progress({ label: 'apply', now: ctx.clock });
      },
      onProgress: ({ done, total, tallies }) => progress?.update(rowProgressText(done, total, tallies, 'writes')),
      onTornReport: (cut) => ctx.msg.say(tornTailNote(report, cut)),
      onSettled: (subject, done) =>
        ctx.msg.info(
          safeLine(
            `${subject}: ${done.outcome} by an earlier run whose answer was lost (the account shows it); recorded in the report`,
          ),
        ),
    },
  )
    .finally(() => progress?.stop({ keep: true }))
    .catch(ended);
  if (!('phase' in summary)) return summary;
  if (summary.phase === 'invalid') {
    const { problems } = summary.plan;
    return thenFail(planSummary({ file: opts.file, invalid: problems.length, problems }), invalidFile(opts, problems));
  }
  try {
    finish(summary, opts, ctx);
  } catch (err) {
    return ended(err);
  }
  return planned!;
}

function sayPlan(plan: ApplyPlan, ctx: Context): void {
  if (plan.notes?.length) ctx.msg.note(`${plan.file}: ${plan.notes.map(safeLine).join('; ')}`);
  const c = plan.counts;
  ctx.msg.say(
    `plan for ${plan.file}: create ${c.create}, update ${c.update}, unchanged ${c.unchanged}; ${plan.untouched} other code${plan.untouched === 1 ? '' : 's'} of the account not in the file (left as they are)`,
  );
  // The spec publishes no allowance numbers (GET /me has none): whether the creates fit cannot be known.
  if (c.create)
    ctx.msg.note(
      `creating ${c.create} code${c.create === 1 ? '' : 's'} counts against the plan's QR code allowance; the API does not say how much of it is left, so a run that reaches it stops at limit_exhausted_products, keeps what it created and says how many`,
    );
  const listed = plan.rows.filter((r) => r.action !== 'unchanged');
  for (const row of listed.slice(0, SHOWN)) ctx.msg.info(`  ${rowText(row)}`);
  if (listed.length > SHOWN) ctx.msg.info(`  … and ${listed.length - SHOWN} more (-o json lists every row)`);
}

/** The plan as data: -o json prints it (every row). */
function planData(plan: ApplyPlan) {
  return {
    file: plan.file,
    ...plan.counts,
    untouched: plan.untouched,
    rows: plan.rows.map((r) => ({
      line: r.line,
      shortCode: r.shortCode,
      action: r.action,
      qrCodeId: r.qrCodeId,
      changes: r.changes,
    })),
  };
}

const show = (v: string | null) => (v === null ? '(none)' : JSON.stringify(v));

function rowText(row: ApplyRow): string {
  const what =
    row.action === 'create'
      ? row.changes.map((ch) => `${ch.property} ${show(ch.to)}`).join(', ')
      : row.changes.map((ch: PropertyChange) => `${ch.property} ${show(ch.from)} → ${show(ch.to)}`).join(', ');
  return safeLine(`line ${row.line} ${row.shortCode}: ${row.action} ${what}`);
}

function invalidFile(opts: ApplyOptions, problems: ApplyPlan['problems']): UsageError {
  const n = problems.length;
  return new UsageError(
    `${opts.file} has ${n} problem${n === 1 ? '' : 's'}; nothing was sent`,
    problems.map((p) => safeLine(`line ${p.line}: ${p.message}`)),
  );
}

/** The words that end a run, and its failure (thrown). */
function finish(s: Exclude<RowSummary<ApplyPlan>, { phase: 'invalid' }>, opts: ApplyOptions, ctx: Context): void {
  const again = commandLine(['qr', 'apply', opts.file, ...(opts.report ? ['--report', opts.report] : [])]);
  if (s.phase === 'dry-run') return ctx.msg.info('dry run: nothing was sent');
  if (s.phase !== 'sent') throw new CliError('cancelled: nothing was sent', EXIT.usage);
  const t = s.tallies;
  const failed = t.failed ?? 0;
  const unknown = t.unknown ?? 0;
  if (s.total === 0)
    return ctx.msg.info(
      `${opts.file}: the account already matches the file; nothing to send${s.settled ? ` (${s.settled} settled; report: ${s.report})` : ''}`,
    );
  const line = `${s.sent}/${s.total} writes: ${t.created ?? 0} created, ${t.updated ?? 0} updated, ${unknown ? `${unknown} unknown, ` : ''}${failed} failed${s.settled ? `, ${s.settled} settled from an earlier run` : ''}; report: ${s.report}`;
  if (s.stopped === 'interrupted')
    throw new InterruptedError(`interrupted: ${line}`, [`run the same command again to apply the rest: ${again}`]);
  const lost = s.unknowns
    .slice(0, SHOWN)
    .map((f) => safeLine(`line ${f.line} ${f.subject}: ${f.action} may have been applied: ${f.message}`));
  if (unknown) {
    ctx.msg.say(line);
    throw new UnavailableError(
      `${unknown} write${unknown === 1 ? '' : 's'} may have been applied: the answer was lost`,
      [
        ...lost,
        ...(failed ? [`and ${failed} failed (listed in the report)`] : []),
        `run the same command again: it reads the account first and settles them, sending only what is still missing: ${again}`,
      ],
    );
  }
  if (s.fatal) {
    ctx.msg.say(line);
    const wrote = (t.created ?? 0) + (t.updated ?? 0);
    const runAgain = `once that is solved, run again (only what is still missing is sent): ${again}`;
    if (s.fatal instanceof ApiError) {
      s.fatal.lines.push(runAgain);
      throw afterWrites(s.fatal, wrote ? `${t.created ?? 0} created, ${t.updated ?? 0} updated` : undefined);
    }
    throw s.fatal instanceof CliError ? new CliError(s.fatal.message, s.fatal.exit, [runAgain]) : s.fatal;
  }
  if (failed) {
    ctx.msg.say(line);
    const first = s.failures
      .slice(0, SHOWN)
      .map((f) => safeLine(`line ${f.line} ${f.subject}: ${f.action} failed: ${f.errorCode}: ${f.message}`));
    throw new PartialError(`${failed} write${failed === 1 ? '' : 's'} failed`, [
      ...first,
      `fix them in the file (or the account) and run again; only what is still missing is sent: ${again}`,
    ]);
  }
  ctx.msg.info(line);
}
