import { Command } from 'commander';
import { action } from '../action.js';
import { example, withFields } from '../../help/annotations.js';
import { type ListFlags, withListOptions } from '../flags.js';

export function campaignsListCommand(): Command {
  const cmd = withListOptions(
    new Command('list').alias('ls').description('List campaigns (a campaign-scoped key sees only its own)'),
    20,
  ).action(
    action(async (ctx, flags: ListFlags) => {
      const [{ listCampaigns }, { renderList }, { campaignView }] = await Promise.all([
        import('../../api/campaigns.js'),
        import('../../output/render.js'),
        import('../../output/views/campaigns.js'),
      ]);
      const list = listCampaigns(await ctx.api(), { limit: flags.limit ?? 20, offset: flags.offset, all: flags.all });
      await renderList(list, campaignView, ctx.output(), ctx.io, () => list.hint());
    }),
  );
  withFields(cmd, () => import('../../api/schemas/campaigns.js').then((m) => m.Campaign));
  return example(cmd, 'cardqr campaigns list', 'cardqr campaigns list --all -o csv > campaigns.csv');
}
