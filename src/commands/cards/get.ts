import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withFields } from '../../help/annotations.js';

export function cardsGetCommand(): Command {
  const cmd = new Command('get')
    .description("Show one card: status, paused flag, public URLs and the person's fields")
    .argument('<card-id>', 'card id, e.g. crd_123 (a QR code id answers 404)')
    .action(
      action(async (ctx, id: string) => {
        const [{ getCard }, { renderRecord }, { cardView }] = await Promise.all([
          import('../../api/cards.js'),
          import('../../output/render.js'),
          import('../../output/views/cards.js'),
        ]);
        await renderRecord(await getCard(await ctx.api(), id), cardView, ctx.output(), ctx.io);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/cards.js').then((m) => m.Card), { open: ['fields'] });
  return example(cmd, 'cardqr cards get crd_123', 'cardqr cards get crd_123 -o json | jq .fields');
}
