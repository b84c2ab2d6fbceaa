import { showRecord } from '../model/records.js';
import { cardFields, cardView } from './card-output.js';

export const cardsGet = showRecord({
  name: 'get',
  summary: "Show one card: status, paused flag, public URLs and the person's fields",
  argument: ['<card-id>', 'card id, e.g. crd_123 (a QR code id answers 404)'],
  fetch: async (client, id) => (await import('../../api/cards.js')).getCard(client, id),
  view: cardView,
  fields: cardFields,
  examples: ['cardqr cards get crd_123', 'cardqr cards get crd_123 -o json | jq .fields'],
});
