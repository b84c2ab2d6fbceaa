import { checkId } from '../../api/ids.js';
import { Command } from 'commander';
import { action } from '../action.js';
import { campaignBodyProblem } from '../../api/rules.js';
import { UsageError } from '../../errors.js';
import { withIdempotencyKey } from '../flags.js';
import { example, withFields } from '../../help/annotations.js';
import { printWritten } from '../written.js';
import { readJsonObject } from '../json-data.js';

export function campaignsCreateCardCommand(): Command {
  const cmd = withIdempotencyKey(
    new Command('create-card')
      .description("Create one card from a record through the campaign's template and mapping")
      .argument('<campaign-id>', 'campaign id, e.g. cmp_123')
      .requiredOption('--data <json>', 'the record: @file.json, - for standard input, or inline JSON'),
  ).action(
    action(async (ctx, id: string, flags: { data: string; idempotencyKey?: string }) => {
      checkId(id);
      const body = await readJsonObject(flags.data, ctx);
      const problem = campaignBodyProblem(body);
      if (problem) throw new UsageError(`--data: ${problem}`);
      const [{ createCampaignCard }, { campaignCardView }] = await Promise.all([
        import('../../api/campaigns.js'),
        import('../../output/views/campaigns.js'),
      ]);
      const { card } = await createCampaignCard(await ctx.api(), id, body, { idempotencyKey: flags.idempotencyKey });
      if (card.paused) {
        ctx.msg.warn(
          `card ${card.id} exists but is paused: the plan no longer covers it, so its public URL does not open`,
        );
      }
      await printWritten(ctx, card, campaignCardView, card.id);
    }),
  );
  withFields(cmd, () => import('../../api/schemas/cards.js').then((m) => m.Card), { open: ['fields'] });
  return example(
    cmd,
    'cardqr campaigns create-card cmp_123 --data @record.json',
    'cardqr campaigns create-card cmp_123 --data @record.json --idempotency-key hris-EMP-1001',
  );
}
