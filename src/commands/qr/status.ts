// `qr pause|publish|archive <id...>`: PATCH status on one or many codes (`-` reads ids from stdin), a row
// job on the engine either way. One id behaves like `qr update --status`; several ask once naming the
// count (pause and archive stop the codes redirecting; publish only undoes that, so it never asks), go
// on past a failed id, and exit 7 when some failed or with the failures' own status (4: every id
// missing) when all did.
import type { Status } from '../../api/rules.js';
import type { QrCode } from '../../api/schemas/qr.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, EXIT } from '../../errors.js';
import { formatApiError } from '../../output/hints.js';
import { readIds } from '../ids.js';
import { confirm } from '../confirm.js';
import { manyFailure, lostAnswer } from '../delete-records.js';
import { runByIds, typedOne } from '../by-ids.js';
import { defineCommand } from '../model/define.js';
import { value, variadic } from '../model/fields.js';
import { list, type Result, thenFail, written } from '../model/result.js';
import { qrFields, qrView } from './qr-output.js';

function statusCommand(verb: string, status: Status, summary: string, done: string) {
  return defineCommand({
    name: verb,
    summary,
    args: {
      ids: variadic('<qr-id...>', 'one or more QR code ids, or - to read them from standard input (one per line)'),
    },
    flags: { report: value('--report <file>', 'an append-only NDJSON report of every change') },
    examples: [`cardqr qr ${verb} qr_123`, `cardqr qr list --search spring -q | cardqr qr ${verb} - --yes`],
    fields: qrFields,
    view: qrView,
    run: (ctx, { ids, report }) => setStatus(ctx, verb, status, done, ids, report),
  });
}

export const qrPause = statusCommand(
  'pause',
  'paused',
  'Pause QR codes: their short links stop redirecting (same as update --status paused)',
  'paused',
);
export const qrPublish = statusCommand(
  'publish',
  'published',
  'Publish QR codes, undoing a pause or an archive (same as update --status published)',
  'published',
);
export const qrArchive = statusCommand(
  'archive',
  'archived',
  'Archive QR codes: they stop redirecting and leave the default list (same as update --status archived)',
  'archived',
);

async function setStatus(
  ctx: Context,
  verb: string,
  status: Status,
  done: string,
  args: string[],
  report: string | undefined,
): Promise<Result> {
  const ids = await readIds(ctx, args);
  const single = typedOne(ids, args);
  const { updateQrCode } = await import('../../api/qr.js');
  const failures: ApiError[] = [];
  const unknown: string[] = [];
  const changed: QrCode[] = [];
  const summary = await runByIds(ctx, { report }, ids, {
    kind: `qr-${verb}`,
    action: verb,
    intent: { status },
    outcome: done,
    single,
    send: (client, id, key) => updateQrCode(client, id, { status }, { idempotencyKey: key }),
    confirm: single
      ? { noQuestion: 'one id: the same as qr update --status, which asks nothing' }
      : status === 'published'
        ? { noQuestion: 'publish only undoes a pause or an archive' }
        : async () => {
            ctx.msg.say(
              `About to ${verb} ${ids.length} QR codes: their short links stop redirecting until published again.`,
            );
            if (!(await confirm(ctx, `${verb[0].toUpperCase()}${verb.slice(1)} ${ids.length} QR codes?`)))
              throw new CliError(`cancelled: nothing was ${done}`, EXIT.usage);
            return true;
          },
    onDone: (_id, qr) => changed.push(qr as QrCode),
    onFailure: (id, e) => {
      if (lostAnswer(ctx, id, e, unknown)) return;
      if (!(e instanceof ApiError)) throw e;
      failures.push(e);
      ctx.msg.say(formatApiError(e, { subject: id, brief: true }));
    },
  });
  if (single) return written(changed[0], changed[0].id);
  const count = summary.tallies[done] ?? 0;
  const noun = verb === 'publish' ? 'publications' : verb === 'pause' ? 'pauses' : 'archivings';
  const failure = manyFailure(failures, ids.length, `${count} ${done}`, noun, unknown);
  return failure ? thenFail(list(changed), failure) : list(changed);
}
