// `cardqr image <id>...`: save QR images of cards and QR codes to disk (or one to stdout).
import { Command, Option } from 'commander';
import { action } from '../action.js';
import { IMAGE_FORMATS, IMAGE_SIZE, TRANSPARENT_FORMATS } from '../../api/images.js';
import { intIn } from '../flags.js';
import { example } from '../../help/annotations.js';
import type { ImageFlags } from './options.js';

export function imageCommand(): Command {
  const cmd = new Command('image')
    .description('Save the QR image of cards or QR codes to files (or one image to standard output)')
    .argument('<id...>', 'card or QR code ids; - reads ids from standard input, one per line')
    .addOption(
      new Option('-f, --format <format>', 'image format (default: png, or from the -O file extension)').choices(
        IMAGE_FORMATS,
      ),
    )
    .option(
      '--size <px>',
      `width in pixels, ${IMAGE_SIZE.min}-${IMAGE_SIZE.max} (default: ${IMAGE_SIZE.default}); a framed design is taller than wide`,
      intIn(IMAGE_SIZE.min, IMAGE_SIZE.max),
    )
    .option('--transparent', `clear background (${TRANSPARENT_FORMATS.join(', ')} only)`)
    .option('-O, --out <file>', 'write the one image to this file, or - for standard output (not a terminal)')
    .option(
      '-d, --dir <dir>',
      'save into this directory, created if missing, under the name the API suggests (default: current directory)',
    )
    .option('--force', 'replace files that already exist (default: never overwrite; the id is skipped)')
    .option(
      '--verify',
      'decode each image before saving it and compare it with the object url (not pdf); a mismatch is not saved (exit 7)',
    )
    .option('--ledger', 'record the batch (ids, urls, files, sha256) in the print ledger (see cardqr print audit)')
    .addHelpText(
      'after',
      `
Output:
  Each saved file's path is printed on standard output, one per line (none with -q), so the list
  can be piped on. Progress (on a terminal), the summary and errors go to standard error. Files are
  written to a temporary name in the same directory and renamed when complete. With several ids a
  failed id does not stop the others; the exit status is then 7. The names saved in a directory are
  remembered (under the config directory), so a re-run skips files still there without downloading
  them again.
  The format follows the -O extension; an extension the API does not serve (.gif) is refused.
`,
    )
    .action(
      action(async (ctx, ids: string[], flags: ImageFlags) => {
        const { runImageCommand } = await import('./run.js');
        await runImageCommand(ids, flags, ctx);
      }),
    );
  return example(
    cmd,
    'cardqr image qr_123 -f svg -O booth.svg',
    'cardqr image crd_1 crd_2 --size 1024 -d print/',
    'cardqr cards list --all -q | cardqr image - -f pdf -d qr/',
    'cardqr image qr_123 -O - --transparent > code.png',
  );
}
