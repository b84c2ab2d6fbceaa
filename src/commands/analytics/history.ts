import { UsageError } from '../../errors.js';
import { defineCommand } from '../model/define.js';
import { choice, value, variadic } from '../model/fields.js';
import { record } from '../model/result.js';
import { storeFlag, storeFor, withStore, zoneFlag, zoneOf } from '../history-store.js';

const BY = ['day', 'week', 'month'] as const;
const GROUPS = ['template', 'campaign', 'print-run'] as const;

export const analyticsHistory = defineCommand({
  name: 'history',
  summary: 'Scans per day, week or month from the history store (no request), by code or by group',
  args: { ids: variadic('[id...]', 'card or QR code ids (default: every one in the store)') },
  flags: {
    ...storeFlag,
    ...zoneFlag,
    since: value('--since <date>', 'first day to show, YYYY-MM-DD (default: the first stored day)'),
    by: choice('--by <period>', 'period of each row', BY, { default: 'day' }),
    group: choice('--group <group>', "sum the codes by card template, campaign, or this machine's print run", GROUPS),
  },
  examples: [
    'cardqr analytics history --by month',
    'cardqr analytics history qr_123 --since 2026-01-01 --by week -o csv',
    'cardqr analytics history --group print-run --by month',
  ],
  async run(ctx, { ids, ...flags }) {
    const zone = zoneOf(ctx, flags.tz);
    if (flags.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(flags.since))
      throw new UsageError(`--since: "${flags.since}" is not a date (YYYY-MM-DD)`);
    ctx.output();
    const loc = await storeFor(ctx, flags.store, { write: false });
    const by = flags.by ?? 'day';
    const group = flags.group ?? null;
    const value = await withStore(ctx, loc, { write: false }, async (store) => {
      const { readSeries, groupRows } = await import('../../history/series.js');
      const rows = await readSeries(store, { zone, by, ids: ids.length ? ids : undefined, since: flags.since });
      if (!group) return { store: store.where, rows };
      const { groupsOf } = await import('../../jobs/history/groups.js');
      return {
        store: store.where,
        rows: groupRows(
          rows,
          by,
          await groupsOf(group, store, (await import('../../config/paths.js')).configDir(ctx.env)),
        ),
      };
    });
    const { historyView } = await import('../../output/views/history.js');
    const h = {
      object: 'scan_history' as const,
      store: value.store,
      zone,
      by,
      group,
      rows: value.rows as Array<Record<string, string | number>>,
    };
    return record(h, historyView(h));
  },
});
