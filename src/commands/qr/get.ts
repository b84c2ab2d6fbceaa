import { showRecord } from '../model/records.js';
import { qrFields, qrView } from './qr-output.js';

export const qrGet = showRecord({
  name: 'get',
  summary: 'Show one QR code: status, paused flag, short link, destination and scan count',
  argument: ['<qr-id>', 'QR code id, e.g. qr_123 (a card id answers 404)'],
  fetch: async (client, id) => (await import('../../api/qr.js')).getQrCode(client, id),
  view: qrView,
  fields: qrFields,
  examples: ['cardqr qr get qr_123', 'cardqr qr get qr_123 -o json | jq -r .destinationUrl'],
});
