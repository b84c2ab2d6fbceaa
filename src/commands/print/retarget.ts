// `cardqr print retarget <run> --url <fallback>`: point every QR code a print run put on paper at one
// destination. A row job over the run's QR code ids (by-ids.ts): the engine's keys, the question once
// the plan is known, --report, the progress line and Ctrl-C.
import { updateQrCode } from '../../api/qr.js';
import type { Context } from '../../context.js';
import {
  ApiError,
  CliError,
  EXIT,
  InterruptedError,
  OutcomeUnknownError,
  PartialError,
  UnavailableError,
  UsageError,
} from '../../errors.js';
import type { View } from '../../output/render.js';
import { confirm } from '../confirm.js';
import { runByIds, type ByIdOptions } from '../by-ids.js';
import { defineCommand } from '../model/define.js';
import { required, value } from '../model/fields.js';
import { list, thenFail, type Outcome } from '../model/result.js';
import { loadRun, runArgument, uniqueCodes } from './audit.js';

interface Moved {
  id: string;
  result: 'moved' | 'deleted' | 'failed' | 'unknown';
  detail: string;
}

const movedView: View<Moved> = {
  columns: [
    { header: 'ID', value: 'id' },
    { header: 'RESULT', value: 'result', style: 'status' },
    { header: 'DETAIL', value: 'detail' },
  ],
};

const retargetFlags = {
  url: required('--url <url>', 'the new destination, a full http or https URL'),
  report: value('--report <file>', 'an append-only NDJSON report of every change'),
};

export const printRetarget = defineCommand({
  name: 'retarget',
  summary: 'Point every QR code of a print run at one destination (cards have none to move)',
  args: { run: runArgument },
  flags: retargetFlags,
  examples: ['cardqr print retarget last --url https://example.com/campaign-over --yes'],
  view: async () => movedView as View,
  run: (ctx, { run, url, report }) => runRetarget(run, url, ctx, { report }),
});

export async function runRetarget(ref: string, url: string, ctx: Context, flags: ByIdOptions = {}): Promise<Outcome> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !parsed.hostname)
    throw new UsageError(`--url ${url}: expected a full http or https URL`);
  const ledger = await loadRun(ref, ctx);
  const all = uniqueCodes(ledger.codes);
  const targets = all.filter((c) => c.kind === 'qr');
  const cards = all.length - targets.length;
  if (!targets.length)
    throw new UsageError(
      `run ${ledger.run.run} holds no QR codes (${cards} card${cards === 1 ? '' : 's'}: cards have no destination to move)`,
    );
  const question =
    `Point ${targets.length} QR code${targets.length === 1 ? '' : 's'} of run ${ledger.run.run} at ${url}?` +
    (cards
      ? ` (${cards === 1 ? '1 card in the run stays as it is' : `${cards} cards in the run stay as they are`})`
      : '');
  const printed = new Map(targets.map((c) => [c.id, c.destinationUrl]));
  const results: Moved[] = [];
  try {
    // Each code's key is the engine's: this run's nonce and the code's new destination, so its retries are
    // exactly-once and a later retarget (A → B → A) never repeats an earlier key, whose stored answer the
    // API would replay without changing anything.
    await runByIds(ctx, flags, [...printed.keys()], {
      kind: 'print-retarget',
      action: 'retarget',
      intent: { destinationUrl: url },
      outcome: 'moved',
      absent: 'deleted',
      // updateQrCode refuses an answer that does not show the new destination (ChangeNotShownError).
      send: (client, id, key) => updateQrCode(client, id, { destinationUrl: url }, { idempotencyKey: key }),
      confirm: async () => {
        if (!(await confirm(ctx, question))) throw new CliError('cancelled: nothing was changed', EXIT.usage);
        return true;
      },
      onDone: (id, _qr, outcome) =>
        results.push(
          outcome === 'deleted'
            ? { id, result: 'deleted', detail: 'no longer exists (404); nothing to move' }
            : { id, result: 'moved', detail: `was ${printed.get(id) ?? '(none)'} when printed` },
        ),
      onFailure: (id, e) =>
        results.push(
          e instanceof OutcomeUnknownError
            ? { id, result: 'unknown', detail: `may have been applied, its answer was lost (${e.message})` }
            : {
                id,
                result: 'failed',
                detail: e instanceof ApiError ? `${e.code ?? e.status}: ${e.message}` : String(e),
              },
        ),
    });
  } catch (e) {
    // Ctrl-C: the codes moved before the stop are still listed (the rest were not sent).
    if (e instanceof InterruptedError && results.length) return thenFail(list(results), e);
    throw e;
  }
  const n = (r: Moved['result']) => results.filter((m) => m.result === r).length;
  const summary =
    `${n('moved')} QR code${n('moved') === 1 ? '' : 's'} now point to ${url}; ${n('deleted')} deleted, ${n('failed')} failed` +
    (n('unknown') ? `, ${n('unknown')} may have been moved` : '') +
    (cards ? `; ${cards} card${cards === 1 ? '' : 's'} left unchanged (cards have no destination)` : '');
  if (n('unknown'))
    return thenFail(
      list(results),
      new UnavailableError(summary, [
        `may have been moved: ${results
          .filter((m) => m.result === 'unknown')
          .map((m) => m.id)
          .join(', ')}`,
        'run the same command again: a code already pointing there is simply set again',
      ]),
    );
  if (n('failed')) return thenFail(list(results), new PartialError(summary));
  ctx.msg.info(summary);
  return list(results);
}
