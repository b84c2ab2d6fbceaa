import { defineCommand } from '../model/define.js';
import { value, variadic } from '../model/fields.js';
import { qrFields } from './qr-output.js';

export const qrDelete = defineCommand({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Move QR codes to Trash: their short links stop redirecting at once (restore only in the dashboard)',
  args: {
    ids: variadic(
      '<qr-id...>',
      'one or more QR code ids (any non-card code, dashboard-made ones too), or - to read them from standard input',
    ),
  },
  flags: { report: value('--report <file>', 'an append-only NDJSON report of every deletion') },
  examples: ['cardqr qr delete qr_123', 'cardqr qr list --status archived -q | xargs cardqr qr delete --yes'],
  fields: qrFields,
  async run(ctx, { ids, report }) {
    const [{ deleteQrCode, getQrCode }, { deleteRecords }, { openText }] = await Promise.all([
      import('../../api/qr.js'),
      import('../delete-records.js'),
      import('../../api/schemas/open.js'),
    ]);
    await deleteRecords(
      ctx,
      ids,
      {
        group: 'qr',
        noun: 'QR code',
        fetch: (client, id) => getQrCode(client, id),
        describe: (q) => `${q.name}  ${q.url} -> ${openText(q.destinationUrl) || '(no destination)'}`,
        remove: (client, id, key) => deleteQrCode(client, id, { idempotencyKey: key }),
        consequence: (n) =>
          n === 1
            ? 'Its short link stops redirecting at once (printed codes lead to an unavailable page); the short code stays taken; only the dashboard can restore it.'
            : 'Their short links stop redirecting at once (printed codes lead to an unavailable page); the short codes stay taken; only the dashboard can restore them.',
      },
      { report },
    );
  },
});
