// `cards delete` and `qr delete`: several ids (or `-`: one per line on stdin), a confirmation naming
// each record on a terminal (--yes otherwise; past DESCRIBE_MAX ids it names the count instead of
// fetching each), one line per id, and going on past a failed id. Every run is a row job on the engine
// (jobs/by-id/); one id typed on the command line is a batch of one whose error is the command's.
// manyFailure also ends `qr pause/publish/archive`.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { ApiError, CliError, EXIT, OutcomeUnknownError, PartialError, UnavailableError } from '../errors.js';
import { formatApiError } from '../output/hints.js';
import type { ByIdPlan } from '../jobs/by-id/job.js';
import { readIds } from './ids.js';
import { safeLine } from '../output/sanitize.js';
import { confirm } from './confirm.js';
import { runByIds, typedOne, type ByIdOptions } from './by-ids.js';

export interface DeleteSpec<T> {
  /** "card" / "QR code" */
  noun: string;
  /** `cards`, `qr`: the job's name in keys and a report's header. */
  group: string;
  fetch: (client: ApiClient, id: string) => Promise<T>;
  describe: (record: T) => string;
  remove: (client: ApiClient, id: string, key?: string) => Promise<void>;
  /** What stops when `count` records are deleted, for the question. */
  consequence: (count: number) => string;
}

/** Above this many ids the question names the count rather than fetching every record to describe it. */
export const DESCRIBE_MAX = 20;

/**
 * The end of a many-id command: an answer lost → 6 (PRODUCT §16: may have been applied, never failed);
 * else nothing failed → undefined; all failed for the same reason → that reason's status (4 when every
 * id was missing); some failed → 7.
 */
export function manyFailure(
  failures: ApiError[],
  total: number,
  doneText: string,
  noun: string,
  unknown: readonly string[] = [],
): CliError | undefined {
  if (unknown.length)
    return new UnavailableError(
      `${unknown.length} of ${total} ${noun} may have been applied: the answer was lost (${doneText}${failures.length ? `, ${failures.length} failed` : ''})`,
      [`may have been applied: ${unknown.join(', ')}`, 'run the same command again for those ids: it cannot act twice'],
    );
  if (!failures.length) return undefined;
  const summary = `${failures.length} of ${total} ${noun} failed (${doneText})`;
  if (failures.length === total) {
    const exits = new Set(failures.map((f) => f.exit));
    if (exits.size === 1) return new CliError(summary, failures[0].exit);
  }
  return new PartialError(summary);
}

export async function deleteRecords<T>(
  ctx: Context,
  args: string[],
  spec: DeleteSpec<T>,
  flags: ByIdOptions = {},
): Promise<void> {
  const unique = await readIds(ctx, args);
  const yes = Boolean(ctx.globals.yes);
  // Without a terminal and without --yes, refuse before sending anything.
  if (!yes && !(ctx.io.isStdinTTY && ctx.io.isStderrTTY)) await confirm(ctx, '');
  const single = typedOne(unique, args);

  const describe = !yes && unique.length <= DESCRIBE_MAX;
  const failures: ApiError[] = [];
  const failed: string[] = [];
  const unknown: string[] = [];
  const fail = (id: string, e: unknown) => {
    if (lostAnswer(ctx, id, e, unknown)) return;
    if (!(e instanceof ApiError)) throw e;
    failed.push(id);
    failures.push(e);
    ctx.msg.say(formatApiError(e, { subject: id, brief: true }));
  };
  const summary = await runByIds(ctx, flags, unique, {
    kind: `${spec.group}-delete`,
    action: 'delete',
    intent: {},
    outcome: 'deleted',
    single,
    send: (client, id, key) => spec.remove(client, id, key),
    // Names come from the server: escaped, so one cannot rewrite the line naming another record.
    ...(describe
      ? { describe: async (client: ApiClient, id: string) => safeLine(spec.describe(await spec.fetch(client, id))) }
      : {}),
    confirm: yes
      ? { noQuestion: '--yes' }
      : async (plan: ByIdPlan) => {
          for (const u of plan.unreadable) fail(u.id, u.error);
          if (!plan.changes.length) return true;
          const n = plan.changes.length;
          const lines = describe
            ? plan.described.map((d) => `  ${d.id}  ${d.text}`)
            : [...unique.slice(0, 5).map((id) => `  ${id}`), `  … and ${unique.length - 5} more`];
          const what = n === 1 ? `this ${spec.noun}` : `these ${n} ${spec.noun}s`;
          ctx.msg.say(`About to delete ${what}:\n${lines.join('\n')}\n${spec.consequence(n)}`);
          if (!(await confirm(ctx, `Delete ${what}?`)))
            throw new CliError('cancelled: nothing was deleted', EXIT.usage);
          return true;
        },
    onDone: (id) => ctx.msg.info(`deleted ${spec.noun} ${id}`),
    onFailure: fail,
  });
  if (single) return;
  if (failed.length) ctx.msg.say(`not deleted: ${failed.join(', ')}`);
  const failure = manyFailure(failures, unique.length, `${summary.tallies.deleted ?? 0} deleted`, 'deletions', unknown);
  if (failure) throw failure;
}

/** A many-id job's item whose answer was lost: said on its own line and kept for manyFailure. */
export function lostAnswer(ctx: Context, id: string, e: unknown, unknown: string[]): boolean {
  if (!(e instanceof OutcomeUnknownError)) return false;
  unknown.push(id);
  ctx.msg.say(`${id}: may have been applied, its answer was lost (${e.message})`);
  return true;
}
