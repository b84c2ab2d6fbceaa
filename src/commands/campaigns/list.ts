import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, type ListFlags, outputSettings, withListOptions } from '../shared.js';

export function campaignsListCommand(deps: Deps): Command {
  const cmd = withListOptions(
    new Command('list').alias('ls').description('List campaigns (a campaign-scoped key sees only its own)'),
    20,
  ).action(async (flags: ListFlags) => {
    const [{ listCampaigns }, { renderList }, { campaignView }] = await Promise.all([
      import('../../api/campaigns.js'),
      import('../../output/render.js'),
      import('../../output/views/campaigns.js'),
    ]);
    const list = listCampaigns(await deps.api(), { limit: flags.limit ?? 20, offset: flags.offset, all: flags.all });
    await renderList(list, campaignView, outputSettings(deps), deps.io, () => list.hint());
  });
  return example(cmd, 'cardqr campaigns list', 'cardqr campaigns list --all -o csv > campaigns.csv');
}
