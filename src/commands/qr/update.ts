import { checkId } from '../../api/ids.js';
import { STATUSES } from '../../api/rules.js';
import { UsageError } from '../../errors.js';
import { dryRunFlag, idempotencyKeyFlag } from '../common-flags.js';
import { parseName, parseUrl } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { argument, choice, value } from '../model/fields.js';
import { dryRun, written } from '../model/result.js';
import { qrFields, qrView } from './qr-output.js';

export const qrUpdate = defineCommand({
  name: 'update',
  summary: "Change a QR code's name, destination or status; the short code and printed code stay the same",
  args: { id: argument('<qr-id>', 'QR code id, e.g. qr_123') },
  flags: {
    name: value('--name <name>', 'new name, 1-200 characters', parseName),
    url: value('--url <url>', 'new destination, a full http(s) URL (url-type codes only)', parseUrl),
    status: choice(
      '--status <status>',
      'new status: paused stops redirecting, archived hides it, published undoes either',
      STATUSES,
    ),
    idempotencyKey: idempotencyKeyFlag,
    dryRun: dryRunFlag,
  },
  examples: [
    'cardqr qr update qr_123 --url https://bistro.example/summer-menu',
    'cardqr qr update qr_123 --status paused',
  ],
  fields: qrFields,
  view: qrView,
  check({ id, ...flags }) {
    checkId(id);
    if (flags.name === undefined && flags.url === undefined && flags.status === undefined) {
      throw new UsageError('nothing to change: give --name, --url or --status');
    }
  },
  async run(ctx, { id, ...flags }) {
    const { getQrCode, updateQrCode } = await import('../../api/qr.js');
    const body = { name: flags.name, destinationUrl: flags.url, status: flags.status };
    if (flags.dryRun) {
      // A read, so a wrong id shows now (exit 4) rather than at the real run.
      await getQrCode(await ctx.api(), id);
      return dryRun('PATCH', `/qr-codes/${id}`, body);
    }
    const qr = await updateQrCode(await ctx.api(), id, body, { idempotencyKey: flags.idempotencyKey });
    return written(qr, qr.id);
  },
});
