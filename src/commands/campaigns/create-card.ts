import { checkId } from '../../api/ids.js';
import { campaignBodyProblem } from '../../api/rules.js';
import { UsageError } from '../../errors.js';
import { idempotencyKeyFlag } from '../common-flags.js';
import { readJsonObject } from '../json-data.js';
import { defineCommand } from '../model/define.js';
import { argument, required } from '../model/fields.js';
import { written } from '../model/result.js';

export const campaignsCreateCard = defineCommand({
  name: 'create-card',
  summary: "Create one card from a record through the campaign's template and mapping",
  args: { id: argument('<campaign-id>', 'campaign id, e.g. cmp_123') },
  flags: {
    data: required('--data <json>', 'the record: @file.json, - for standard input, or inline JSON'),
    idempotencyKey: idempotencyKeyFlag,
  },
  fields: { schema: () => import('../../api/schemas/cards.js').then((m) => m.Card), open: ['fields'] },
  view: async () => (await import('../../output/views/campaigns.js')).campaignCardView,
  examples: [
    'cardqr campaigns create-card cmp_123 --data @record.json',
    'cardqr campaigns create-card cmp_123 --data @record.json --idempotency-key hris-EMP-1001',
  ],
  async run(ctx, { id, data, idempotencyKey }) {
    checkId(id);
    const body = await readJsonObject(data, ctx);
    const problem = campaignBodyProblem(body);
    if (problem) throw new UsageError(`--data: ${problem}`);
    const { createCampaignCard } = await import('../../api/campaigns.js');
    const { card } = await createCampaignCard(await ctx.api(), id, body, { idempotencyKey });
    if (card.paused) {
      ctx.msg.warn(
        `card ${card.id} exists but is paused: the plan no longer covers it, so its public URL does not open`,
      );
    }
    return written(card, card.id);
  },
});
