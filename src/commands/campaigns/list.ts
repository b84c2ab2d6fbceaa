import { listRecords } from '../model/records.js';

export const campaignsList = listRecords({
  summary: 'List campaigns (a campaign-scoped key sees only its own)',
  defaultLimit: 20,
  list: async (client, page) => (await import('../../api/campaigns.js')).listCampaigns(client, page),
  view: async () => (await import('../../output/views/campaigns.js')).campaignView,
  fields: async () => (await import('../../api/schemas/campaigns.js')).Campaign,
  examples: ['cardqr campaigns list', 'cardqr campaigns list --all -o csv > campaigns.csv'],
});
