import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withFields } from '../../help/annotations.js';

export function cardsWalletCommand(): Command {
  const cmd = new Command('wallet')
    .description("Show a card's Apple and Google wallet pass links and install counts")
    .argument('<card-id>', 'card id, e.g. crd_123')
    .action(
      action(async (ctx, id: string) => {
        const [{ getWalletLinks }, { renderRecord }, { walletView }] = await Promise.all([
          import('../../api/cards.js'),
          import('../../output/render.js'),
          import('../../output/views/cards.js'),
        ]);
        await renderRecord(await getWalletLinks(await ctx.api(), id), walletView, ctx.output(), ctx.io);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/cards.js').then((m) => m.WalletLinks));
  return example(cmd, 'cardqr cards wallet crd_123', 'cardqr cards wallet crd_123 -o json | jq -r .apple');
}
