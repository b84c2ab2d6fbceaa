// `cards delete` and `qr delete`: several ids, a confirmation naming each record on a terminal (--yes
// otherwise), one report line per id, and going on past a failed id.
import type { ApiClient } from '../../api/client.js';
import type { Deps } from '../../deps.js';
import { ApiError, CliError, EXIT, PartialError } from '../../errors.js';
import { confirm } from '../shared.js';

export interface DeleteSpec<T> {
  /** "card" / "QR code" */
  noun: string;
  fetch: (client: ApiClient, id: string) => Promise<T>;
  describe: (record: T) => string;
  remove: (client: ApiClient, id: string) => Promise<void>;
  /** What stops when `count` records are deleted, for the question. */
  consequence: (count: number) => string;
}

const errorLine = (id: string, e: ApiError) => `error: ${id}: ${e.code ?? 'http_error'} (${e.status}): ${e.message}\n`;

export async function deleteRecords<T>(deps: Deps, ids: string[], spec: DeleteSpec<T>): Promise<void> {
  const unique = [...new Set(ids)];
  const single = unique.length === 1;
  const yes = Boolean(deps.globals.yes);
  // Without a terminal and without --yes, refuse before sending anything.
  if (!yes && !(deps.io.isStdinTTY && deps.io.isStderrTTY)) await confirm(deps, '');
  const client = await deps.api();
  const failed: string[] = [];
  let missing = 0;
  // One id: its error is the command's error (its own exit status). Several: report, go on, exit 7
  // (exit 4 when every id failed as not found: nothing partial happened).
  const fail = (id: string, e: unknown) => {
    if (single || !(e instanceof ApiError)) throw e;
    failed.push(id);
    if (e.status === 404) missing++;
    deps.io.stderr.write(errorLine(id, e));
  };

  let targets = unique;
  if (!yes) {
    const lines: string[] = [];
    targets = [];
    for (const id of unique) {
      try {
        lines.push(`  ${id}  ${spec.describe(await spec.fetch(client, id))}`);
        targets.push(id);
      } catch (e) {
        fail(id, e);
      }
    }
    if (targets.length) {
      const what = targets.length === 1 ? `this ${spec.noun}` : `these ${targets.length} ${spec.noun}s`;
      deps.io.stderr.write(`About to delete ${what}:\n${lines.join('\n')}\n${spec.consequence(targets.length)}\n`);
      if (!(await confirm(deps, `Delete ${what}?`))) throw new CliError('cancelled: nothing was deleted', EXIT.usage);
    }
  }
  let deleted = 0;
  for (const id of targets) {
    try {
      await spec.remove(client, id);
      deleted++;
      if (!deps.globals.quiet) deps.io.stderr.write(`deleted ${spec.noun} ${id}\n`);
    } catch (e) {
      fail(id, e);
    }
  }
  if (failed.length && missing === unique.length) {
    throw new CliError(`none of the ${unique.length} ${spec.noun}s exist: nothing was deleted (${failed.join(', ')})`, EXIT.notFound);
  }
  if (failed.length) {
    throw new PartialError(`${failed.length} of ${unique.length} deletions failed (${deleted} deleted): ${failed.join(', ')}`);
  }
}
