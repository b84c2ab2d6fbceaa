// `cards delete` and `qr delete`: several ids (or `-`: one per line on stdin), a confirmation naming
// each record on a terminal (--yes otherwise; past DESCRIBE_MAX ids it names the count instead of
// fetching each), one report line per id, and going on past a failed id. finishMany also ends
// `qr pause/publish/archive`.
import type { ApiClient } from '../api/client.js';
import type { Context } from '../context.js';
import { ApiError, CliError, EXIT, PartialError } from '../errors.js';
import { formatApiError } from '../hints.js';
import { readIds } from './ids.js';
import { safeLine } from '../output/sanitize.js';
import { confirm } from './shared.js';

export interface DeleteSpec<T> {
  /** "card" / "QR code" */
  noun: string;
  fetch: (client: ApiClient, id: string) => Promise<T>;
  describe: (record: T) => string;
  remove: (client: ApiClient, id: string) => Promise<void>;
  /** What stops when `count` records are deleted, for the question. */
  consequence: (count: number) => string;
}

/** Above this many ids the question names the count rather than fetching every record to describe it. */
export const DESCRIBE_MAX = 20;

/**
 * The end of a many-id command: nothing failed → return; all failed for the same reason → that
 * reason's status (4 when every id was missing); some failed → 7.
 */
export function finishMany(failures: ApiError[], total: number, doneText: string, noun: string): void {
  if (!failures.length) return;
  const summary = `${failures.length} of ${total} ${noun} failed (${doneText})`;
  if (failures.length === total) {
    const exits = new Set(failures.map((f) => f.exit));
    if (exits.size === 1) throw new CliError(summary, failures[0].exit);
  }
  throw new PartialError(summary);
}

export async function deleteRecords<T>(ctx: Context, args: string[], spec: DeleteSpec<T>): Promise<void> {
  const unique = await readIds(ctx, args);
  const single = unique.length === 1 && !args.includes('-');
  const yes = Boolean(ctx.globals.yes);
  // Without a terminal and without --yes, refuse before sending anything.
  if (!yes && !(ctx.io.isStdinTTY && ctx.io.isStderrTTY)) await confirm(ctx, '');
  const client = await ctx.api();
  const failures: ApiError[] = [];
  const failed: string[] = [];
  // One id: its error is the command's error (its own exit status). Several: report, go on, exit 7.
  const fail = (id: string, e: unknown) => {
    if (single || !(e instanceof ApiError)) throw e;
    failed.push(id);
    failures.push(e);
    ctx.msg.say(formatApiError(e, { subject: id, brief: true }));
  };

  let targets = unique;
  if (!yes) {
    let lines: string[] = [];
    if (unique.length <= DESCRIBE_MAX) {
      targets = [];
      for (const id of unique) {
        try {
          // Names come from the server: escaped, so one cannot rewrite the line naming another record.
          lines.push(`  ${id}  ${safeLine(spec.describe(await spec.fetch(client, id)))}`);
          targets.push(id);
        } catch (e) {
          fail(id, e);
        }
      }
    } else {
      lines = [...unique.slice(0, 5).map((id) => `  ${id}`), `  … and ${unique.length - 5} more`];
    }
    if (targets.length) {
      const what = targets.length === 1 ? `this ${spec.noun}` : `these ${targets.length} ${spec.noun}s`;
      ctx.msg.say(`About to delete ${what}:\n${lines.join('\n')}\n${spec.consequence(targets.length)}`);
      if (!(await confirm(ctx, `Delete ${what}?`))) throw new CliError('cancelled: nothing was deleted', EXIT.usage);
    }
  }
  let deleted = 0;
  for (const id of targets) {
    try {
      await spec.remove(client, id);
      deleted++;
      ctx.msg.info(`deleted ${spec.noun} ${id}`);
    } catch (e) {
      fail(id, e);
    }
  }
  if (failed.length) {
    ctx.msg.say(`not deleted: ${failed.join(', ')}`);
    finishMany(failures, unique.length, `${deleted} deleted`, 'deletions');
  }
}
