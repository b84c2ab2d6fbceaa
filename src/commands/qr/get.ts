import { Command } from 'commander';
import type { Deps } from '../../deps.js';
import { example, outputSettings } from '../shared.js';

export function qrGetCommand(deps: Deps): Command {
  const cmd = new Command('get')
    .description('Show one QR code: status, paused flag, short link, destination and scan count')
    .argument('<qr-id>', 'QR code id, e.g. qr_123 (a card id answers 404)')
    .action(async (id: string) => {
      const [{ getQrCode }, { renderRecord }, { qrView }] = await Promise.all([
        import('../../api/qr.js'),
        import('../../output/render.js'),
        import('../../output/views/qr.js'),
      ]);
      await renderRecord(await getQrCode(await deps.api(), id), qrView, outputSettings(deps), deps.io);
    });
  return example(cmd, 'cardqr qr get qr_123', 'cardqr qr get qr_123 -o json | jq -r .destinationUrl');
}
