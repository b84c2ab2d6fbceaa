import { Command, Option } from 'commander';
import { printList } from '../records.js';
import { action } from '../action.js';
import { QR_TYPES, STATUSES } from '../../api/rules.js';
import { example, withFields } from '../../help/annotations.js';
import { type ListFlags, withListOptions } from '../flags.js';

export interface QrListFlags extends ListFlags {
  search?: string;
  status?: string;
  type?: string;
}

export function qrListCommand(): Command {
  const cmd = withListOptions(
    new Command('list')
      .alias('ls')
      .description('List every QR code that is not a card, newest first (archived ones only with --status archived)')
      .option('--search <text>', 'case-insensitive partial match on name, short code or destination URL')
      .addOption(new Option('--status <status>', 'only codes with this status').choices(STATUSES))
      .addOption(new Option('--type <type>', 'only codes of this type').choices(QR_TYPES)),
  ).action(
    action(async (ctx, flags: QrListFlags) => {
      const { listQrCodes } = await import('../../api/qr.js');
      const query = { search: flags.search, status: flags.status, type: flags.type };
      const list = listQrCodes(await ctx.api(), query, {
        limit: flags.limit ?? 25,
        offset: flags.offset,
        all: flags.all,
      });
      await printList(ctx, list, async () => (await import('../../output/views/qr.js')).qrView);
    }),
  );
  withFields(cmd, () => import('../../api/schemas/qr.js').then((m) => m.QrCode));
  return example(
    cmd,
    'cardqr qr list --search promo',
    'cardqr qr list --type url --all -o csv > qr-codes.csv',
    'cardqr qr list --status paused -q',
  );
}
