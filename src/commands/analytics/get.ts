import { checkId } from '../../api/ids.js';
import { defineCommand } from '../model/define.js';
import { argument } from '../model/fields.js';
import { parseStatsOptions, stats, statsFields, statsFlags } from './options.js';

export const analyticsGet = defineCommand({
  name: 'get',
  summary: 'Scan totals, trend, daily timeline and breakdowns of one card or QR code',
  args: { id: argument('<id>', 'card id or QR code id') },
  flags: statsFlags,
  fields: statsFields,
  examples: [
    'cardqr analytics get qr_123 --range 7d',
    'cardqr analytics get crd_123 --tz America/Los_Angeles -o json | jq .trend',
  ],
  async run(ctx, { id, ...flags }) {
    checkId(id);
    const opts = parseStatsOptions(flags, ctx.env);
    return stats(ctx, id, opts, async (client) => {
      const { getScanStats } = await import('../../api/analytics.js');
      return getScanStats(client, id, opts);
    });
  },
});
