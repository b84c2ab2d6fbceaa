// `cardqr image <id>...`: save QR images of cards and QR codes to disk (or one to stdout).
import { defineCommand } from '../model/define.js';
import { variadic } from '../model/fields.js';
import { imageFlags } from './options.js';

export const image = defineCommand({
  name: 'image',
  summary: 'Save the QR image of cards or QR codes to files (or one image to standard output)',
  args: { ids: variadic('<id...>', 'card or QR code ids; - reads ids from standard input, one per line') },
  flags: imageFlags,
  details: `
Output:
  Each saved file's path is printed on standard output, one per line (none with -q), so the list
  can be piped on. Progress (on a terminal), the summary and errors go to standard error. Files are
  written to a temporary name in the same directory and renamed when complete. With several ids a
  failed id does not stop the others; the exit status is then 7. The names saved in a directory are
  remembered (under the config directory), so a re-run skips files still there without downloading
  them again.
  The format follows the -O extension; an extension the API does not serve (.gif) is refused.
`,
  examples: [
    'cardqr image qr_123 -f svg -O booth.svg',
    'cardqr image crd_1 crd_2 --size 1024 -d print/',
    'cardqr cards list --all -q | cardqr image - -f pdf -d qr/',
    'cardqr image qr_123 -O - --transparent > code.png',
  ],
  async run(ctx, { ids, ...flags }) {
    const { runImageCommand } = await import('./run.js');
    return runImageCommand(ids, flags, ctx);
  },
});
