import { defineCommand } from '../model/define.js';
import { value, variadic } from '../model/fields.js';
import { cardFields } from './card-output.js';

export const cardsDelete = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Move cards to Trash: their public URLs stop at once (restore only in the dashboard)',
  args: { ids: variadic('<card-id...>', 'one or more card ids, or - to read them from standard input (one per line)') },
  flags: { report: value('--report <file>', 'an append-only NDJSON report of every deletion') },
  examples: ['cardqr cards delete crd_123', 'cardqr cards delete crd_123 crd_456 --yes'],
  fields: cardFields,
  async run(ctx, { ids, report }) {
    const [{ deleteCard, getCard }, { deleteRecords }] = await Promise.all([
      import('../../api/cards.js'),
      import('../delete-records.js'),
    ]);
    await deleteRecords(
      ctx,
      ids,
      {
        group: 'cards',
        noun: 'card',
        fetch: (client, id) => getCard(client, id),
        describe: (c) => `${c.name}  ${c.url}`,
        remove: (client, id, key) => deleteCard(client, id, { idempotencyKey: key }),
        consequence: (n) =>
          n === 1
            ? 'Its public URL stops working at once and printed QR codes lead to an unavailable page; the short code stays taken; only the dashboard can restore it.'
            : 'Their public URLs stop working at once and printed QR codes lead to an unavailable page; the short codes stay taken; only the dashboard can restore them.',
      },
      { report },
    );
  },
});
