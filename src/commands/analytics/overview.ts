import { defineCommand } from '../model/define.js';
import { parseStatsOptions, stats, statsFields, statsFlags } from './options.js';

export const analyticsOverview = defineCommand({
  name: 'overview',
  summary: 'Scan totals, trend, daily timeline, top codes and breakdowns for the whole account',
  flags: statsFlags,
  fields: statsFields,
  examples: [
    'cardqr analytics overview',
    'cardqr analytics overview --range 90d --tz Europe/Paris',
    'cardqr analytics overview --range 12m -o csv > scans-per-day.csv',
  ],
  async run(ctx, flags) {
    const opts = parseStatsOptions(flags, ctx.env);
    return stats(ctx, 'all cards and QR codes', opts, async (client) => {
      const { getOverview } = await import('../../api/analytics.js');
      return getOverview(client, opts);
    });
  },
});
