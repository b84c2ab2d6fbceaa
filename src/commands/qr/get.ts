import type { Command } from 'commander';
import { showRecordCommand } from '../records.js';

export function qrGetCommand(): Command {
  return showRecordCommand({
    name: 'get',
    description: 'Show one QR code: status, paused flag, short link, destination and scan count',
    argument: ['<qr-id>', 'QR code id, e.g. qr_123 (a card id answers 404)'],
    fetch: async (client, id) => (await import('../../api/qr.js')).getQrCode(client, id),
    view: async () => (await import('../../output/views/qr.js')).qrView,
    fields: async () => (await import('../../api/schemas/qr.js')).QrCode,
    examples: ['cardqr qr get qr_123', 'cardqr qr get qr_123 -o json | jq -r .destinationUrl'],
  });
}
