import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example } from '../shared.js';
import { parseStatsOptions, showStats, withStatsOptions, type StatsFlags } from './options.js';

export function analyticsOverviewCommand(deps: Deps): Command {
  const cmd = withStatsOptions(
    new Command('overview').description('Scan totals, trend, daily timeline, top codes and breakdowns for the whole account'),
  ).action(async (flags: StatsFlags) => {
    const opts = parseStatsOptions(flags);
    await showStats(deps, 'all cards and QR codes', opts, async (client) => {
      const { getOverview } = await import('../../api/analytics.js');
      return getOverview(client, opts);
    });
  });
  return example(
    cmd,
    'cardqr analytics overview',
    'cardqr analytics overview --range 90d --tz Europe/Paris',
    'cardqr analytics overview --range 12m -o csv > scans-per-day.csv',
  );
}
