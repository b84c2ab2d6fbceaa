import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withCardFields } from './card-output.js';

export function cardsDeleteCommand(): Command {
  const cmd = new Command('delete')
    .alias('rm')
    .description('Move cards to Trash: their public URLs stop at once (restore only in the dashboard)')
    .argument('<card-id...>', 'one or more card ids, or - to read them from standard input (one per line)')
    .option('--report <file>', 'an append-only NDJSON report of every deletion')
    .action(
      action(async (ctx, ids: string[], flags: { report?: string }) => {
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
          flags,
        );
      }),
    );
  withCardFields(cmd);
  return example(cmd, 'cardqr cards delete crd_123', 'cardqr cards delete crd_123 crd_456 --yes');
}
