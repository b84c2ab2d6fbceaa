import { showRecord } from '../model/records.js';

export const campaignsGet = showRecord({
  name: 'get',
  summary: 'Show one campaign: status and API switch (both must be on for API requests)',
  argument: ['<campaign-id>', 'campaign id, e.g. cmp_123'],
  fetch: async (client, id) => (await import('../../api/campaigns.js')).getCampaign(client, id),
  view: async () => (await import('../../output/views/campaigns.js')).campaignView,
  fields: { schema: async () => (await import('../../api/schemas/campaigns.js')).Campaign },
  examples: ['cardqr campaigns get cmp_123', 'cardqr campaigns get cmp_123 -o json | jq .status'],
});
