// The terminal side of the jobs over ids (deletes, qr pause|publish|archive, print retarget): runs the
// row engine with a jobs/by-id job, shows the one progress line of every row job, and turns an
// interruption or a stop into the command's error. The caller prints each outcome and ends with
// manyFailure. One id typed on the command line is a batch of one that users know as a single write (see
// `single`).
import type { Context } from '../context.js';
import { CliError, EXIT, InterruptedError } from '../errors.js';
import type { ApiClient } from '../api/client.js';
import type { ByIdPlan, ByIdSpec } from '../jobs/by-id/job.js';
import type { RowDeps, RowSummary } from '../jobs/rows/types.js';
import type { Progress } from '../output/progress.js';
import { rowProgressText } from './row-progress.js';
import { tornTailNote } from './torn-tail.js';

/** More ids than this show the progress line. */
const PROGRESS_FROM = 20;

export interface ByIdOptions {
  /** An append-only NDJSON report of every request, as qr apply writes. */
  report?: string;
}

/** Until print retarget is a definition (it imports this name). */

export interface ByIdRun extends Omit<ByIdSpec, 'send'> {
  /** The one request for an id, with the engine's key (none for a `single` id: the client's own). */
  send: (client: ApiClient, id: string, key: string | undefined) => Promise<unknown>;
  /**
   * One id typed on the command line: the single write users know. Its key is the client's own, so a
   * delete whose answer was lost is journaled and the same command run again reuses it (PRODUCT §16);
   * its error (an unreadable id included) is the command's, with its own words and exit status, and
   * `onFailure` is not called.
   */
  single?: boolean;
  /** The question (or a refusal by throwing), or why none is needed; every unreadable id is known by then. */
  confirm: RowDeps<ByIdPlan>['confirm'];
  /** An id done: what its request answered, and its outcome (`spec.outcome`, or `absent`). */
  onDone: (id: string, value: unknown, outcome: string) => void;
  onFailure: (id: string, error: unknown) => void;
}

/** One id typed on the command line (`-` reads a batch from standard input, even of one): `single`. */
export const typedOne = (ids: readonly string[], args: readonly string[]): boolean =>
  ids.length === 1 && !args.includes('-');

export type ByIdSummary = Extract<RowSummary<ByIdPlan>, { phase: 'sent' }>;

export async function runByIds(
  ctx: Context,
  flags: ByIdOptions,
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
  const single = run.single === true;
  let progress: Progress | undefined;
  const summary = await runRowJob(
    byIdJob(ids, { ...run, send: (client, id, key) => run.send(client, id, single ? undefined : key) }),
    { file: '-', report: flags.report, dryRun: false },
    {
      api: ctx.api,
      baseUrl: async () => (await ctx.settings()).baseUrl,
      now: ctx.now,
      version: ctx.version,
      signal: ctx.interruptible(),
      confirm: single ? singleConfirm(run.confirm) : run.confirm,
      // A handful of ids needs no progress line (it would only flash by); a batch gets the one of every row job.
      onSending: async (total) => {
        if (total > PROGRESS_FROM) progress = await ctx.msg.progress({ label: run.action, now: ctx.clock });
      },
      onStep: (done, change) => run.onDone(change.subject, done.value, done.outcome),
      onTornReport: (cut) => ctx.msg.say(tornTailNote(flags.report!, cut)),
      onFailure: (f) => (single ? undefined : run.onFailure(f.subject, f.error)),
      onProgress: ({ done, total, tallies }) => progress?.update(rowProgressText(done, total, tallies, 'ids')),
    },
  ).finally(() => progress?.stop());
  if (summary.phase !== 'sent') throw new CliError('cancelled: nothing was sent', EXIT.usage);
  if (summary.stopped === 'interrupted')
    throw new InterruptedError(
      `interrupted: ${summary.sent} of ${summary.total} ids done; the rest were not sent${summary.report ? ` (report: ${summary.report})` : ''}`,
    );
  if (summary.fatal) throw summary.fatal;
  const lost = single ? (summary.unknowns[0] ?? summary.failures[0]) : undefined;
  if (lost) throw lost.error;
  return summary;
}

/** A single id that could not be read for the question is the command's error, before anything is sent. */
function singleConfirm(confirm: ByIdRun['confirm']): (plan: ByIdPlan) => Promise<boolean> {
  return async (plan) => {
    if (plan.unreadable.length) throw plan.unreadable[0].error;
    return typeof confirm === 'function' ? confirm(plan) : true;
  };
}
