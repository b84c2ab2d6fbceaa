import { Command, Option } from 'commander';
import { action } from '../action.js';
import { CREATE_STATUSES } from '../../api/rules.js';
import { parseName, parseShortCode, parseUrl, withIdempotencyKey } from '../flags.js';
import { example, withFields } from '../../help/annotations.js';
import { printDryRun, printWritten } from '../written.js';

export interface QrCreateFlags {
  name: string;
  url: string;
  shortCode?: string;
  status?: 'draft' | 'published';
  idempotencyKey?: string;
  dryRun?: boolean;
}

export function qrCreateCommand(): Command {
  const cmd = withIdempotencyKey(
    new Command('create')
      .description("Create a dynamic QR code that redirects to a URL (counts against the plan's QR code allowance)")
      .requiredOption('--name <name>', 'name, 1-200 characters', parseName)
      .requiredOption('--url <url>', 'destination: a full http(s) URL (changeable later)', parseUrl)
      .option(
        '--short-code <code>',
        'slug of the short link: letters, digits, hyphens, up to 100 (default: random 8 characters)',
        parseShortCode,
      )
      .addOption(new Option('--status <status>', 'initial status (default: published)').choices(CREATE_STATUSES)),
  )
    .option('--dry-run', 'print the request body that would be sent and send nothing')
    .action(
      action(async (ctx, flags: QrCreateFlags) => {
        const { createQrCode } = await import('../../api/qr.js');
        const body = { name: flags.name, destinationUrl: flags.url, shortCode: flags.shortCode, status: flags.status };
        if (flags.dryRun) return printDryRun(ctx, 'POST', '/qr-codes', body);
        const qr = await createQrCode(await ctx.api(), body, { idempotencyKey: flags.idempotencyKey });
        const [{ sameUrl }, { createdNotShown, unshownValues }] = await Promise.all([
          import('../../api/qr.js'),
          import('../created.js'),
        ]);
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
        const { qrView } = await import('../../output/views/qr.js');
        await printWritten(ctx, qr, qrView, qr.id);
        if (differences.length)
          throw createdNotShown('QR code', qr.id, differences, `cardqr qr update ${qr.id} --name … --url …`);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/qr.js').then((m) => m.QrCode));
  return example(
    cmd,
    'cardqr qr create --name "Spring menu" --url https://bistro.example/menu',
    'cardqr qr create --name Booth --url https://example.com/booth --short-code booth-2026 --status draft',
  );
}
