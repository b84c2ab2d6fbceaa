import { QR_TYPES, STATUSES } from '../../api/rules.js';
import { listFlags } from '../common-flags.js';
import { defineCommand } from '../model/define.js';
import { choice, value } from '../model/fields.js';
import { list } from '../model/result.js';
import { qrFields, qrView } from './qr-output.js';

export const qrList = defineCommand({
  name: 'list',
  aliases: ['ls'],
  summary: 'List every QR code that is not a card, newest first (archived ones only with --status archived)',
  flags: {
    search: value('--search <text>', 'case-insensitive partial match on name, short code or destination URL'),
    status: choice('--status <status>', 'only codes with this status', STATUSES),
    type: choice('--type <type>', 'only codes of this type', QR_TYPES),
    ...listFlags(),
  },
  examples: [
    'cardqr qr list --search promo',
    'cardqr qr list --type url --all -o csv > qr-codes.csv',
    'cardqr qr list --status paused -q',
  ],
  fields: qrFields,
  view: qrView,
  async run(ctx, flags) {
    const { listQrCodes } = await import('../../api/qr.js');
    const query = { search: flags.search, status: flags.status, type: flags.type };
    return list(
      listQrCodes(await ctx.api(), query, { limit: flags.limit ?? 25, offset: flags.offset, all: flags.all }),
    );
  },
});
