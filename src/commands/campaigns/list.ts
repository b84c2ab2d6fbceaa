import type { Command } from 'commander';
import { listRecordsCommand } from '../records.js';

export function campaignsListCommand(): Command {
  return listRecordsCommand({
    description: 'List campaigns (a campaign-scoped key sees only its own)',
    defaultLimit: 20,
    list: async (client, page) => (await import('../../api/campaigns.js')).listCampaigns(client, page),
    view: async () => (await import('../../output/views/campaigns.js')).campaignView,
    fields: async () => (await import('../../api/schemas/campaigns.js')).Campaign,
    examples: ['cardqr campaigns list', 'cardqr campaigns list --all -o csv > campaigns.csv'],
  });
}
