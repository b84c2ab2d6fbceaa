import { Command } from 'commander';
import { action } from '../action.js';
import { example, withFields } from '../../help/annotations.js';
import { parseStatsOptions, showStats, withStatsOptions, type StatsFlags } from './options.js';

export function analyticsOverviewCommand(): Command {
  const cmd = withStatsOptions(
    new Command('overview').description(
      'Scan totals, trend, daily timeline, top codes and breakdowns for the whole account',
    ),
  ).action(
    action(async (ctx, flags: StatsFlags) => {
      const opts = parseStatsOptions(flags, ctx.env);
      await showStats(ctx, 'all cards and QR codes', opts, async (client) => {
        const { getOverview } = await import('../../api/analytics.js');
        return getOverview(client, opts);
      });
    }),
  );
  withFields(cmd, () => import('../../api/schemas/analytics.js').then((m) => m.ScanStats), { csvRows: 'timeline' });
  return example(
    cmd,
    'cardqr analytics overview',
    'cardqr analytics overview --range 90d --tz Europe/Paris',
    'cardqr analytics overview --range 12m -o csv > scans-per-day.csv',
  );
}
