import type { Command } from 'commander';
import { showRecordCommand } from '../records.js';

export function cardsGetCommand(): Command {
  return showRecordCommand({
    name: 'get',
    description: "Show one card: status, paused flag, public URLs and the person's fields",
    argument: ['<card-id>', 'card id, e.g. crd_123 (a QR code id answers 404)'],
    fetch: async (client, id) => (await import('../../api/cards.js')).getCard(client, id),
    view: async () => (await import('../../output/views/cards.js')).cardView,
    fields: async () => (await import('../../api/schemas/cards.js')).Card,
    fieldsOptions: { open: ['fields'] },
    examples: ['cardqr cards get crd_123', 'cardqr cards get crd_123 -o json | jq .fields'],
  });
}
