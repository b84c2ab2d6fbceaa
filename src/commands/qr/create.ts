import { CREATE_STATUSES } from '../../api/rules.js';
import { dryRunFlag, idempotencyKeyFlag } from '../common-flags.js';
import { parseName, parseShortCode, parseUrl } from '../flags.js';
import { defineCommand } from '../model/define.js';
import { choice, required, value } from '../model/fields.js';
import { dryRun, thenFail, written } from '../model/result.js';
import { qrFields, qrView } from './qr-output.js';

export const qrCreate = defineCommand({
  name: 'create',
  summary: "Create a dynamic QR code that redirects to a URL (counts against the plan's QR code allowance)",
  flags: {
    name: required('--name <name>', 'name, 1-200 characters', parseName),
    url: required('--url <url>', 'destination: a full http(s) URL (changeable later)', parseUrl),
    shortCode: value(
      '--short-code <code>',
      'slug of the short link: letters, digits, hyphens, up to 100 (default: random 8 characters)',
      parseShortCode,
    ),
    status: choice('--status <status>', 'initial status (default: published)', CREATE_STATUSES),
    idempotencyKey: idempotencyKeyFlag,
    dryRun: dryRunFlag,
  },
  examples: [
    'cardqr qr create --name "Spring menu" --url https://bistro.example/menu',
    'cardqr qr create --name Booth --url https://example.com/booth --short-code booth-2026 --status draft',
  ],
  fields: qrFields,
  view: qrView,
  async run(ctx, flags) {
    const { createQrCode, sameUrl } = await import('../../api/qr.js');
    const body = { name: flags.name, destinationUrl: flags.url, shortCode: flags.shortCode, status: flags.status };
    if (flags.dryRun) return dryRun('POST', '/qr-codes', body);
    const qr = await createQrCode(await ctx.api(), body, { idempotencyKey: flags.idempotencyKey });
    const { createdNotShown, unshownValues } = await import('../created.js');
    const differences = unshownValues(body, qr, (key, answered, wanted) =>
      key === 'destinationUrl'
        ? sameUrl(answered, String(wanted))
        : key === 'shortCode'
          ? String(answered).toLowerCase() === String(wanted).toLowerCase()
          : answered === wanted,
    );
    if (qr.paused) {
      ctx.msg.warn(
        `QR code ${qr.id} was created but is paused (paused: true): the plan does not cover it, so ${qr.url} does not redirect`,
      );
    }
    const done = written(qr, qr.id);
    if (!differences.length) return done;
    return thenFail(done, createdNotShown('QR code', qr.id, differences, `cardqr qr update ${qr.id} --name … --url …`));
  },
});
