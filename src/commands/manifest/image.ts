// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'image',
  summary: 'Save the QR image of cards or QR codes to files (or one image to standard output)',
  examples: [
    'cardqr image qr_123 -f svg -O booth.svg',
    'cardqr image crd_1 crd_2 --size 1024 -d print/',
    'cardqr cards list --all -q | cardqr image - -f pdf -d qr/',
    'cardqr image qr_123 -O - --transparent > code.png',
  ],
  details:
    "\nOutput:\n  Each saved file's path is printed on standard output, one per line (none with -q), so the list\n  can be piped on. Progress (on a terminal), the summary and errors go to standard error. Files are\n  written to a temporary name in the same directory and renamed when complete. With several ids a\n  failed id does not stop the others; the exit status is then 7. The names saved in a directory are\n  remembered (under the config directory), so a re-run skips files still there without downloading\n  them again.\n  The format follows the -O extension; an extension the API does not serve (.gif) is refused.\n",
  args: [
    {
      key: 'ids',
      name: '<id...>',
      help: 'card or QR code ids; - reads ids from standard input, one per line',
    },
  ],
  options: [
    {
      key: 'format',
      flags: '-f, --format <format>',
      help: 'image format (default: png, or from the -O file extension)',
      choices: ['png', 'svg', 'pdf', 'jpeg', 'webp'],
    },
    {
      key: 'size',
      flags: '--size <px>',
      help: 'width in pixels, 128-4096 (default: 512); a framed design is taller than wide',
    },
    {
      key: 'transparent',
      flags: '--transparent',
      help: 'clear background (png, webp, svg only)',
    },
    {
      key: 'out',
      flags: '-O, --out <file>',
      help: 'write the one image to this file, or - for standard output (not a terminal)',
    },
    {
      key: 'dir',
      flags: '-d, --dir <dir>',
      help: 'save into this directory, created if missing, under the name the API suggests (default: current directory)',
    },
    {
      key: 'force',
      flags: '--force',
      help: 'replace files that already exist (default: never overwrite; the id is skipped)',
    },
    {
      key: 'verify',
      flags: '--verify',
      help: 'decode each image before saving it and compare it with the object url (not pdf); a mismatch is not saved (exit 7)',
    },
    {
      key: 'ledger',
      flags: '--ledger',
      help: 'record the batch (ids, urls, files, sha256) in the print ledger (see cardqr print audit)',
    },
  ],
  runs: 'image',
};

export const loaders: Loaders = {
  image: () => import('../image/index.js').then((m) => m.image),
};
