// `qr pause|publish|archive <id...>`: PATCH status on one or many codes (`-` reads ids from stdin), a row
// job on the engine either way. One id behaves like `qr update --status`; several ask once naming the
// count (pause and archive stop the codes redirecting; publish only undoes that, so it never asks), go
// on past a failed id, and exit 7 when some failed or with the failures' own status (4: every id
// missing) when all did.
import { Command } from 'commander';
import { action } from '../action.js';
import type { Status } from '../../api/rules.js';
import type { QrCode } from '../../api/schemas/qr.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, EXIT } from '../../errors.js';
import { formatApiError } from '../../output/hints.js';
import { readIds } from '../ids.js';
import { confirm } from '../confirm.js';
import { example, withFields } from '../../help/annotations.js';
import { printWritten } from '../written.js';
import { finishMany, lostAnswer } from '../delete-records.js';
import { runByIds, typedOne, type ByIdFlags } from '../by-ids.js';

const SHORTCUTS: Array<[string, Status, string, string]> = [
  ['pause', 'paused', 'Pause QR codes: their short links stop redirecting (same as update --status paused)', 'paused'],
  [
    'publish',
    'published',
    'Publish QR codes, undoing a pause or an archive (same as update --status published)',
    'published',
  ],
  [
    'archive',
    'archived',
    'Archive QR codes: they stop redirecting and leave the default list (same as update --status archived)',
    'archived',
  ],
];

export function qrStatusCommands(): Command[] {
  return SHORTCUTS.map(([verb, status, description, done]) => {
    const cmd = new Command(verb)
      .description(description)
      .argument('<qr-id...>', 'one or more QR code ids, or - to read them from standard input (one per line)')
      .option('--report <file>', 'an append-only NDJSON report of every change')
      .action(action(async (ctx, args: string[], flags: ByIdFlags) => setStatus(ctx, verb, status, done, args, flags)));
    withFields(cmd, () => import('../../api/schemas/qr.js').then((m) => m.QrCode));
    return example(cmd, `cardqr qr ${verb} qr_123`, `cardqr qr list --search spring -q | cardqr qr ${verb} - --yes`);
  });
}

async function setStatus(
  ctx: Context,
  verb: string,
  status: Status,
  done: string,
  args: string[],
  flags: ByIdFlags,
): Promise<void> {
  const ids = await readIds(ctx, args);
  const single = typedOne(ids, args);
  const { updateQrCode } = await import('../../api/qr.js');
  const { qrView } = await import('../../output/views/qr.js');
  const s = ctx.output(); // bad output flags fail before anything is sent
  const failures: ApiError[] = [];
  const unknown: string[] = [];
  const written: QrCode[] = [];
  const summary = await runByIds(ctx, flags, ids, {
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
    onDone: (_id, qr) => written.push(qr as QrCode),
    onFailure: (id, e) => {
      if (lostAnswer(ctx, id, e, unknown)) return;
      if (!(e instanceof ApiError)) throw e;
      failures.push(e);
      ctx.msg.say(formatApiError(e, { subject: id, brief: true }));
    },
  });
  if (single) return printWritten(ctx, written[0], qrView, written[0].id);
  const { renderList } = await import('../../output/render.js');
  const changed = summary.tallies[done] ?? 0;
  await renderList(written, qrView, s, ctx);
  finishMany(
    failures,
    ids.length,
    `${changed} ${done}`,
    verb === 'publish' ? 'publications' : `${verb === 'pause' ? 'pauses' : 'archivings'}`,
    unknown,
  );
}
