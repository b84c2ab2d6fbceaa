// The terminal side of the jobs over many ids (deletes, qr pause|publish|archive): runs the row engine
// with a jobs/by-id job, shows the one progress line of every row job, and turns an interruption or a
// stop into the command's error. The caller prints each outcome and ends with finishMany.
import type { Context } from '../context.js';
import { CliError, EXIT, InterruptedError } from '../errors.js';
import type { ByIdPlan, ByIdSpec } from '../jobs/by-id/job.js';
import type { RowSummary } from '../jobs/rows/types.js';
import type { Progress } from '../output/progress.js';
import { rowProgressText } from './row-progress.js';
import { tornTailNote } from './torn-tail.js';

/** More ids than this show the progress line. */
const PROGRESS_FROM = 20;

export interface ByIdFlags {
  /** An append-only NDJSON report of every request, as qr apply writes. */
  report?: string;
}

export interface ByIdRun extends ByIdSpec {
  /** The question (or a refusal by throwing); every unreadable id is known by then. */
  confirm: (plan: ByIdPlan) => Promise<boolean>;
  onDone: (id: string, value: unknown) => void;
  onFailure: (id: string, error: unknown) => void;
}

export type ByIdSummary = Extract<RowSummary<ByIdPlan>, { phase: 'sent' }>;

export async function runByIds(
  ctx: Context,
  flags: ByIdFlags,
  ids: readonly string[],
  run: ByIdRun,
): Promise<ByIdSummary> {
  const [{ runRowJob }, { byIdJob }] = await Promise.all([
    import('../jobs/rows/engine.js'),
    import('../jobs/by-id/job.js'),
  ]);
  if (flags.report !== undefined) {
    const [{ refuseOverlaps }, { refuseOwnPaths }] = await Promise.all([
      import('../fs/own-files.js'),
      import('./own-files.js'),
    ]);
    refuseOwnPaths(ctx, [{ flag: '--report', path: flags.report }]);
    refuseOverlaps([{ flag: '--report', path: flags.report, suffixes: ['.lock'] }]);
  }
  let progress: Progress | undefined;
  const summary = await runRowJob(
    byIdJob(ids, run),
    { file: '-', report: flags.report, dryRun: false },
    {
      api: ctx.api,
      baseUrl: async () => (await ctx.settings()).baseUrl,
      now: ctx.now,
      version: ctx.version,
      signal: ctx.interruptible(),
      confirm: run.confirm,
      // A handful of ids needs no progress line (it would only flash by); a batch gets the one of every row job.
      onSending: async (total) => {
        if (total > PROGRESS_FROM) progress = await ctx.msg.progress({ label: run.action, now: ctx.clock });
      },
      onStep: (done, change) => run.onDone(change.subject, done.value),
      onTornReport: (cut) => ctx.msg.say(tornTailNote(flags.report!, cut)),
      onFailure: (f) => run.onFailure(f.subject, f.error),
      onProgress: ({ done, total, tallies }) => progress?.update(rowProgressText(done, total, tallies, 'ids')),
    },
  ).finally(() => progress?.stop());
  if (summary.phase !== 'sent') throw new CliError('cancelled: nothing was sent', EXIT.usage);
  if (summary.stopped === 'interrupted')
    throw new InterruptedError(
      `interrupted: ${summary.sent} of ${summary.total} ids done; the rest were not sent${summary.report ? ` (report: ${summary.report})` : ''}`,
    );
  if (summary.fatal) throw summary.fatal;
  return summary;
}
