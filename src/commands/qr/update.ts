import { checkId } from '../../api/ids.js';
import { Command, Option } from 'commander';
import { action } from '../action.js';
import { STATUSES, type Status } from '../../api/rules.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseName, parseUrl, withIdempotencyKey } from '../flags.js';
import { example, withFields } from '../../help/annotations.js';
import { printDryRun, printWritten } from '../written.js';

export interface QrUpdateFlags {
  name?: string;
  url?: string;
  status?: Status;
  idempotencyKey?: string;
  dryRun?: boolean;
}

async function patchQr(ctx: Context, id: string, flags: QrUpdateFlags): Promise<void> {
  const { updateQrCode } = await import('../../api/qr.js');
  const body = { name: flags.name, destinationUrl: flags.url, status: flags.status };
  if (flags.dryRun) {
    // A read, so a wrong id shows now (exit 4) rather than at the real run.
    const { getQrCode } = await import('../../api/qr.js');
    await getQrCode(await ctx.api(), id);
    return printDryRun(ctx, 'PATCH', `/qr-codes/${id}`, body);
  }
  const qr = await updateQrCode(await ctx.api(), id, body, { idempotencyKey: flags.idempotencyKey });
  const { qrView } = await import('../../output/views/qr.js');
  await printWritten(ctx, qr, qrView, qr.id);
}

export function qrUpdateCommand(): Command {
  const cmd = withIdempotencyKey(
    new Command('update')
      .description("Change a QR code's name, destination or status; the short code and printed code stay the same")
      .argument('<qr-id>', 'QR code id, e.g. qr_123')
      .option('--name <name>', 'new name, 1-200 characters', parseName)
      .option('--url <url>', 'new destination, a full http(s) URL (url-type codes only)', parseUrl)
      .addOption(
        new Option(
          '--status <status>',
          'new status: paused stops redirecting, archived hides it, published undoes either',
        ).choices(STATUSES),
      ),
  )
    .option('--dry-run', 'print the request body that would be sent and send nothing')
    .action(
      action(async (ctx, id: string, flags: QrUpdateFlags) => {
        checkId(id);
        if (flags.name === undefined && flags.url === undefined && flags.status === undefined) {
          throw new UsageError('nothing to change: give --name, --url or --status');
        }
        await patchQr(ctx, id, flags);
      }),
    );
  withFields(cmd, () => import('../../api/schemas/qr.js').then((m) => m.QrCode));
  return example(
    cmd,
    'cardqr qr update qr_123 --url https://bistro.example/summer-menu',
    'cardqr qr update qr_123 --status paused',
  );
}
