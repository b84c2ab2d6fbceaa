import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withFields } from '../../help/annotations.js';

export function campaignsGetCommand(): Command {
  const cmd = new Command('get')
    .description('Show one campaign: status and API switch (both must be on for API requests)')
    .argument('<campaign-id>', 'campaign id, e.g. cmp_123')
    .action(
      action(async (ctx, id: string) => {
        const [{ getCampaign }, { renderRecord }, { campaignView }] = await Promise.all([
          import('../../api/campaigns.js'),
          import('../../output/render.js'),
          import('../../output/views/campaigns.js'),
        ]);
        const campaign = await getCampaign(await ctx.api(), id);
        await renderRecord(campaign, campaignView, ctx.output(), ctx.io);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/campaigns.js').then((m) => m.Campaign));
  return example(cmd, 'cardqr campaigns get cmp_123', 'cardqr campaigns get cmp_123 -o json | jq .status');
}
