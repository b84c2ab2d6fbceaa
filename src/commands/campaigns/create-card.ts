import { Command } from 'commander';
import { action } from '../action.js';
import { check } from '../../api/rules.js';
import { example, printWritten, readJsonObject } from '../shared.js';

export function campaignsCreateCardCommand(): Command {
  const cmd = new Command('create-card')
    .description("Create one card from a record through the campaign's template and mapping")
    .argument('<campaign-id>', 'campaign id, e.g. cmp_123')
    .requiredOption('--data <json>', 'the record: @file.json, - for standard input, or inline JSON')
    .option('--idempotency-key <key>', 'up to 255 characters; reuse it to retry safely (default: a random key)')
    .action(action(async (ctx, id: string, flags: { data: string; idempotencyKey?: string }) => {
      const key = check.idempotencyKey('--idempotency-key', flags.idempotencyKey);
      const body = await readJsonObject(flags.data, ctx);
      check.campaignBody('--data', body);
      const [{ createCampaignCard }, { campaignCardView }] = await Promise.all([
        import('../../api/campaigns.js'),
        import('../../output/views/campaigns.js'),
      ]);
      const { card } = await createCampaignCard(await ctx.api(), id, body, { idempotencyKey: key });
      if (card.paused) {
        ctx.msg.warn(`card ${card.id} exists but is paused: the plan no longer covers it, so its public URL does not open`);
      }
      await printWritten(ctx, card, campaignCardView, card.id);
    }));
  return example(
    cmd,
    'cardqr campaigns create-card cmp_123 --data @record.json',
    'cardqr campaigns create-card cmp_123 --data @record.json --idempotency-key hris-EMP-1001',
  );
}
