import { InvalidArgumentError } from 'commander';
import { UsageError } from '../../errors.js';
import { deliveryTarget } from '../delivery-target.js';
import { storeFlag, storeFor, waitFlag, withStore, zoneFlag, zoneOf } from '../history-store.js';
import { defineCommand } from '../model/define.js';
import { flag, value } from '../model/fields.js';
import { stream } from '../model/result.js';

const week = (raw: string): string => {
  if (!/^\d{4}-?W\d{2}$/i.test(raw.trim()))
    throw new InvalidArgumentError(`"${raw}" is not an ISO week (e.g. 2026-W48).`);
  return raw
    .trim()
    .toUpperCase()
    .replace(/^(\d{4})W/, '$1-W');
};

export const reportWeekly = defineCommand({
  name: 'weekly',
  summary: 'Send the digest of each complete week once: scans, top codes, new leads (counts only), drift',
  flags: {
    ...storeFlag,
    ...zoneFlag,
    out: value('--out <file>', 'append the readable digest to this file (default: standard output)'),
    exec: value(
      '--exec <cmd>',
      'run `/bin/sh -c <cmd>` with the JSON digest on stdin, CARDQR_DELIVERY_ID set; exit 0 = delivered',
    ),
    forwardTo: value(
      '--forward-to <url>',
      'POST the JSON digest, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature) and with Cardqr-Delivery-Id; 2xx = delivered',
    ),
    dryRun: flag('--dry-run', 'print the digest of the due weeks (or --week) and record nothing'),
    week: value('--week <ISO week>', 'only this week, e.g. 2026-W48', week),
    resend: flag('--resend', 'with --week: send it again though it was sent (same delivery id)'),
    perCard: flag('--per-card', 'add per-card (per-person) figures'),
    wait: value(
      '--wait <duration>',
      'how long to wait for another report run (default: 10m; 0: do not wait)',
      waitFlag,
    ),
  },
  details: `A week (Monday to Sunday in --tz) is sent once the store holds a snapshot taken after it ended;
before that the run says it is waiting, records nothing and exits 0. Each week is recorded \`sending\`, then
delivered, then \`sent\`: cron may run this hourly; a week goes out once, at most once more after a crash
between delivering and recording (with the same Cardqr-Delivery-Id: <account>/<ISO week>/<zone>). Weeks
missed while cron did not run go out oldest first. Counts only: never a lead's contact.`,
  examples: [
    'cardqr report weekly --tz Europe/Paris --out weekly.txt',
    'CARDQR_FORWARD_SECRET=… cardqr report weekly --forward-to https://hooks.example.com/cardqr',
    'cardqr report weekly --week 2026-W48 --dry-run',
  ],
  check(flags) {
    const targets = [flags.out, flags.exec, flags.forwardTo].filter((t) => t !== undefined);
    if (targets.length > 1) throw new UsageError('--out, --exec and --forward-to: choose one target');
    if (flags.resend && !flags.week) throw new UsageError('--resend needs --week <ISO week>: the week to send again');
  },
  async run(ctx, flags) {
    const zone = zoneOf(ctx, flags.tz);
    if (flags.out !== undefined) {
      const { refuseOwnPaths } = await import('../own-files.js');
      refuseOwnPaths(ctx, [{ flag: '--out', path: flags.out }]);
    }
    const loc = await storeFor(ctx, flags.store, { write: true });
    const target = flags.dryRun ? undefined : await deliveryTarget(ctx, { ...flags, timeoutMs: 30_000 });
    const client = await ctx.api();
    return stream(async (out) => {
      const { weeklyText } = await import('../../jobs/history/weekly.js');
      const { safeLine } = await import('../../output/sanitize.js');
      const { runWeekly } = await import('../../jobs/history/weekly-run.js');
      const { appendLineDurably } = await import('../../fs/durable.js');
      const { write } = await import('../../io.js');
      await withStore(ctx, loc, { write: true, caFile: (await ctx.network()).caFile }, (store) =>
        runWeekly(client, store, {
          zone,
          perCard: Boolean(flags.perCard),
          week: flags.week,
          resend: Boolean(flags.resend),
          dryRun: Boolean(flags.dryRun),
          now: () => ctx.now(),
          lock: {
            waitMs: flags.wait ?? 600_000,
            wait: (ms) => ctx.sleep(ms),
            said: (h) => ctx.msg.say(`waiting: ${h}`),
          },
          target: target?.describe ?? (flags.out !== undefined && !flags.dryRun ? flags.out : 'standard output'),
          say: (line) => ctx.msg.say(line),
          send: async (digest, id) => {
            if (target) await target.send(JSON.stringify(digest), { type: 'report.weekly', deliveryId: id });
            else if (flags.out !== undefined && !flags.dryRun)
              await appendLineDurably(flags.out, weeklyText(digest, safeLine));
            else await write(out.stream, weeklyText(digest, safeLine) + '\n');
            ctx.msg.info(`${flags.dryRun ? 'dry run: ' : ''}${digest.week} ${flags.dryRun ? 'shown' : 'sent'} (${id})`);
          },
        }),
      );
    });
  },
});
