import { Command } from 'commander';
import { action } from '../action.js';
import { example } from '../../help/annotations.js';
import { withFields } from '../../help/annotations.js';

export function qrGetCommand(): Command {
  const cmd = new Command('get')
    .description('Show one QR code: status, paused flag, short link, destination and scan count')
    .argument('<qr-id>', 'QR code id, e.g. qr_123 (a card id answers 404)')
    .action(
      action(async (ctx, id: string) => {
        const [{ getQrCode }, { renderRecord }, { qrView }] = await Promise.all([
          import('../../api/qr.js'),
          import('../../output/render.js'),
          import('../../output/views/qr.js'),
        ]);
        await renderRecord(await getQrCode(await ctx.api(), id), qrView, ctx.output(), ctx.io);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/qr.js').then((m) => m.QrCode));
  return example(cmd, 'cardqr qr get qr_123', 'cardqr qr get qr_123 -o json | jq -r .destinationUrl');
}
