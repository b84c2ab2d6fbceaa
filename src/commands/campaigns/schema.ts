import { showRecord } from '../model/records.js';

export const campaignsSchema = showRecord({
  name: 'schema',
  summary: "Show what a campaign's create-card body looks like: fields, sections, blocks and a ready sample",
  argument: ['<campaign-id>', 'campaign id, e.g. cmp_123'],
  fetch: async (client, id) => (await import('../../api/campaigns.js')).getCampaignSchema(client, id),
  view: async () => (await import('../../output/views/campaigns.js')).campaignSchemaView,
  notice: (ctx, schema) => {
    if (schema.stale)
      ctx.msg.warn(
        `the template changed after the campaign's API configuration was activated (stale); requests still work, but check the fields below`,
      );
  },
  fields: { schema: async () => (await import('../../api/schemas/campaigns.js')).CampaignSchema },
  examples: ['cardqr campaigns schema cmp_123', 'cardqr campaigns schema cmp_123 -o json | jq .sample > record.json'],
});
