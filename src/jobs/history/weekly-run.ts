// One run of `report weekly`: GET /me (the account), the report lock, the due weeks (or --week), the
// leads since the oldest, then per week oldest first: `sending` recorded, delivered, `sent` recorded.
// --dry-run delivers to the terminal only and records nothing.
import type { ApiClient } from '../../api/client.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import { weekDays } from '../../history/days.js';
import type { LockWait } from '../../history/sql.js';
import type { HistoryStore } from '../../history/store.js';
import { DeliveryFailure } from '../leads/deliver.js';
import { deliveryId, dueWeeks, leadsSince, weeklyDigest, type WeeklyDigest } from './weekly.js';

export interface WeeklyRunOptions {
  zone: string;
  perCard: boolean;
  week?: string;
  resend: boolean;
  dryRun: boolean;
  now: () => Date;
  lock: Omit<LockWait, 'now'>;
  /** Where a week goes: resolves once delivered; a DeliveryFailure leaves it `sending` (sent again next run). */
  send(d: WeeklyDigest, id: string): Promise<void>;
  target: string;
  say(line: string): void;
}

export interface WeeklyRunSummary {
  account: string;
  zone: string;
  sent: string[];
  waiting: boolean;
}

export async function runWeekly(
  client: ApiClient,
  store: HistoryStore,
  o: WeeklyRunOptions,
): Promise<WeeklyRunSummary> {
  const me = await client.me();
  const account = me.account.id;
  const lock = await store.sql.lock(`cardqr-report:${account}`, { ...o.lock, now: o.now });
  try {
    const version = await store.version();
    const span =
      version === 0 ? undefined : (await store.prepare({ migrate: false }), await store.snapshotSpan(account, o.zone));
    const done = span ? await store.reports(account, o.zone) : new Map();
    const due = dueWeeks(span);
    let weeks: string[];
    if (o.week) {
      if (!due.includes(o.week)) {
        o.say(
          span && weekDays(o.week).last < span.first
            ? `waiting: ${o.week} ended before the first snapshot in ${o.zone}; nothing to send`
            : `waiting: the store holds no snapshot in ${o.zone} taken after ${o.week} ended; nothing recorded`,
        );
        return { account, zone: o.zone, sent: [], waiting: true };
      }
      if (done.get(o.week)?.state === 'sent' && !o.resend && !o.dryRun) {
        o.say(`${o.week} was sent already (${done.get(o.week)!.updatedAt}); --resend sends it again`);
        return { account, zone: o.zone, sent: [], waiting: false };
      }
      weeks = [o.week];
    } else {
      weeks = due.filter((w) => done.get(w)?.state !== 'sent');
      if (!span) {
        o.say(`waiting: no snapshot in ${o.zone} yet; nothing recorded (take one with \`cardqr analytics snapshot\`)`);
        return { account, zone: o.zone, sent: [], waiting: true };
      }
      if (!weeks.length) {
        o.say(
          due.length
            ? 'nothing left to send: every complete week went out'
            : `waiting: no week in ${o.zone} has ended since the first snapshot`,
        );
        return { account, zone: o.zone, sent: [], waiting: !due.length };
      }
    }
    const leads = await leadsSince(client, weekDays(weeks[0]).first);
    const sent: string[] = [];
    for (const week of weeks) {
      const digest = await weeklyDigest(store, { account, week, zone: o.zone, perCard: o.perCard, leads });
      const id = deliveryId(account, week, o.zone);
      const row = { week, deliveryId: id, target: o.target, updatedAt: o.now().toISOString() };
      if (!o.dryRun) await store.markReport(account, o.zone, { ...row, state: 'sending' });
      try {
        await o.send(digest, id);
      } catch (e) {
        if (!(e instanceof DeliveryFailure)) throw e;
        throw new CliError(
          `report ${week} not delivered to ${o.target}: ${e.message}`,
          e.kind === 'down' ? EXIT.unavailable : EXIT.failed,
          [`recorded as sending: the next run sends it again with Cardqr-Delivery-Id ${id}`],
        );
      }
      if (!o.dryRun)
        await store.markReport(account, o.zone, { ...row, state: 'sent', updatedAt: o.now().toISOString() });
      sent.push(week);
    }
    return { account, zone: o.zone, sent, waiting: false };
  } finally {
    await lock.release();
  }
}

/** --week: an ISO week, `2026-W48`. */
export function parseWeek(raw: string): string {
  const m = /^(\d{4})-?W(\d{2})$/i.exec(raw.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 53)
    throw new UsageError(`--week: "${raw}" is not an ISO week (e.g. 2026-W48)`);
  return `${m[1]}-W${m[2]}`;
}
