import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withFields } from '../../help/annotations.js';

export function campaignsSchemaCommand(): Command {
  const cmd = new Command('schema')
    .description("Show what a campaign's create-card body looks like: fields, sections, blocks and a ready sample")
    .argument('<campaign-id>', 'campaign id, e.g. cmp_123')
    .action(
      action(async (ctx, id: string) => {
        const [{ getCampaignSchema }, { renderRecord }, { campaignSchemaView }] = await Promise.all([
          import('../../api/campaigns.js'),
          import('../../output/render.js'),
          import('../../output/views/campaigns.js'),
        ]);
        const schema = await getCampaignSchema(await ctx.api(), id);
        if (schema.stale) {
          ctx.msg.warn(
            `the template changed after the campaign's API configuration was activated (stale); requests still work, but check the fields below`,
          );
        }
        await renderRecord(schema, campaignSchemaView, ctx.output(), ctx.io);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/campaigns.js').then((m) => m.CampaignSchema));
  return example(
    cmd,
    'cardqr campaigns schema cmp_123',
    'cardqr campaigns schema cmp_123 -o json | jq .sample > record.json',
  );
}
