import { showRecord } from '../model/records.js';

export const cardsWallet = showRecord({
  name: 'wallet',
  summary: "Show a card's Apple and Google wallet pass links and install counts",
  argument: ['<card-id>', 'card id, e.g. crd_123'],
  fetch: async (client, id) => (await import('../../api/cards.js')).getWalletLinks(client, id),
  view: async () => (await import('../../output/views/cards.js')).walletView,
  fields: { schema: async () => (await import('../../api/schemas/cards.js')).WalletLinks },
  examples: ['cardqr cards wallet crd_123', 'cardqr cards wallet crd_123 -o json | jq -r .apple'],
});
