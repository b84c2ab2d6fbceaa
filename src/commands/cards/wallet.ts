import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings } from '../shared.js';

export function cardsWalletCommand(deps: Deps): Command {
  const cmd = new Command('wallet')
    .description('Show a card\'s Apple and Google wallet pass links and install counts')
    .argument('<card-id>', 'card id, e.g. crd_123')
    .action(async (id: string) => {
      const [{ getWalletLinks }, { renderRecord }, { walletView }] = await Promise.all([
        import('../../api/cards.js'),
        import('../../output/render.js'),
        import('../../output/views/cards.js'),
      ]);
      await renderRecord(await getWalletLinks(await deps.api(), id), walletView, outputSettings(deps), deps.io);
    });
  return example(cmd, 'cardqr cards wallet crd_123', 'cardqr cards wallet crd_123 -o json | jq -r .apple');
}
