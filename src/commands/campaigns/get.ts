import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings } from '../shared.js';

export function campaignsGetCommand(deps: Deps): Command {
  const cmd = new Command('get')
    .description('Show one campaign: status and API switch (both must be on for API requests)')
    .argument('<campaign-id>', 'campaign id, e.g. cmp_123')
    .action(async (id: string) => {
      const [{ getCampaign }, { renderRecord }, { campaignView }] = await Promise.all([
        import('../../api/campaigns.js'),
        import('../../output/render.js'),
        import('../../output/views/campaigns.js'),
      ]);
      const campaign = await getCampaign(await deps.api(), id);
      await renderRecord(campaign, campaignView, outputSettings(deps), deps.io);
    });
  return example(cmd, 'cardqr campaigns get cmp_123', 'cardqr campaigns get cmp_123 -o json | jq .status');
}
