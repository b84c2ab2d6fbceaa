// The analytics tool's days from the history store (PRODUCT §17 and §18): the days `cardqr analytics
// snapshot` kept, including those the plan's window no longer shows. A store named with --store or
// CARDQR_HISTORY_URL must open when the server starts (exit 2 otherwise); the default file is read on
// each call, so a first snapshot taken while the server runs is used.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { RANGES } from './catalogue.js';

export type HistoryRange = (typeof RANGES)[number] | 'all';

export type HistoryDays = (
  id: string,
  range: HistoryRange,
  zone: string,
) => Promise<Record<string, unknown> | undefined>;

const RANGE_DAYS: Record<Exclude<HistoryRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 };

export async function historyDays(
  ctx: Pick<Context, 'env' | 'msg' | 'now'>,
  store: string | undefined,
  account: () => Promise<string>,
): Promise<HistoryDays> {
  const { storeLocation, PASSWORD_IN_ARGV } = await import('../history/location.js');
  if (storeLocation(store, ctx.env).passwordInArgv) ctx.msg.warn(PASSWORD_IN_ARGV);
  const named = store !== undefined || Boolean(ctx.env.CARDQR_HISTORY_URL);
  const { openHistory } = await import('../history/index.js');
  const { addDays, dayIn } = await import('../history/days.js');
  if (named) await (await openHistory(store, ctx.env)).close();
  return async (id, range, zone) => {
    let reader;
    try {
      reader = await openHistory(store, ctx.env);
    } catch (e) {
      if (!named && e instanceof UsageError) return undefined; // no default store yet, or no snapshot in it
      throw e;
    }
    try {
      const mine = await account(); // a store may hold several accounts: only the key's
      if (!(await reader.hasDays(id, zone, mine))) return undefined;
      const since = range === 'all' ? undefined : addDays(dayIn(ctx.now(), zone), 1 - RANGE_DAYS[range]);
      const rows = await reader.series({ zone, by: 'day', ids: [id], since, account: mine });
      const days = rows.map((r) => ({ day: r.day ?? '', scans: r.scans })).sort((a, b) => a.day.localeCompare(b.day));
      return { id, timeZone: zone, range, totalScans: days.reduce((n, d) => n + d.scans, 0), days };
    } finally {
      await reader.close();
    }
  };
}
