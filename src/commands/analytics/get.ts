import { checkId } from '../../api/ids.js';
import { Command } from 'commander';
import { action } from '../action.js';
import { example, withFields } from '../../help/annotations.js';
import { parseStatsOptions, showStats, withStatsOptions, type StatsFlags } from './options.js';

export function analyticsGetCommand(): Command {
  const cmd = withStatsOptions(
    new Command('get')
      .description('Scan totals, trend, daily timeline and breakdowns of one card or QR code')
      .argument('<id>', 'card id or QR code id'),
  ).action(
    action(async (ctx, id: string, flags: StatsFlags) => {
      checkId(id);
      const opts = parseStatsOptions(flags, ctx.env);
      await showStats(ctx, id, opts, async (client) => {
        const { getScanStats } = await import('../../api/analytics.js');
        return getScanStats(client, id, opts);
      });
    }),
  );
  withFields(cmd, () => import('../../api/schemas/analytics.js').then((m) => m.ScanStats), { csvRows: 'timeline' });
  return example(
    cmd,
    'cardqr analytics get qr_123 --range 7d',
    'cardqr analytics get crd_123 --tz America/Los_Angeles -o json | jq .trend',
  );
}
