// Flags of `cardqr image` → checked options, before anything is sent (every problem is exit 2).
import { extname } from 'node:path';
import { IMAGE_FORMATS, IMAGE_SIZE, TRANSPARENT_FORMATS, type ImageFormat } from '../../api/images.js';
import { UsageError } from '../../errors.js';
import { checkOutFile } from '../out-file.js';
import type { ImageOptions } from '../../jobs/images/save.js';

export type { ImageOptions };

export interface ImageFlags {
  format?: ImageFormat;
  size?: number;
  transparent?: boolean;
  out?: string;
  dir?: string;
  force?: boolean;
  verify?: boolean;
  ledger?: boolean;
}

const EXT_FORMATS: Record<string, ImageFormat> = {
  '.png': 'png',
  '.svg': 'svg',
  '.pdf': 'pdf',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
};

export function parseImageOptions(
  ids: string[],
  flags: ImageFlags,
  env: { stdoutTTY: boolean; apiKeyStdin: boolean },
): ImageOptions {
  const fromStdin = ids.includes('-');
  const batch = ids.length > 1 || fromStdin;
  const out = flags.out;
  if (out !== undefined) {
    if (batch) throw new UsageError('-O/--out takes exactly one id; use -d <dir> to save several images');
    if (flags.dir !== undefined) throw new UsageError('use either -O/--out <file> or -d/--dir <dir>, not both');
    if (!out) throw new UsageError('-O/--out needs a file name, or - for standard output');
  }
  if (fromStdin && env.apiKeyStdin)
    throw new UsageError('- (ids on standard input) cannot be combined with --api-key-stdin');

  let format = flags.format;
  const ext = out && out !== '-' ? extname(out).toLowerCase() : '';
  const fromName = ext ? EXT_FORMATS[ext] : undefined;
  if (ext && !fromName) {
    throw new UsageError(
      `-O ${out}: the API serves png, svg, pdf, jpeg and webp, not ${ext.slice(1)}; name the file .png, .svg, .pdf, .jpg or .webp`,
    );
  }
  if (format === undefined) format = fromName ?? 'png';
  else if (fromName && fromName !== format) {
    throw new UsageError(`-O ${out} looks like ${fromName} but --format is ${format}; change one of them`);
  }
  if (!IMAGE_FORMATS.includes(format)) throw new UsageError(`unknown format ${format}`);
  const size = flags.size ?? IMAGE_SIZE.default;
  const transparent = Boolean(flags.transparent);
  if (transparent && !TRANSPARENT_FORMATS.includes(format)) {
    throw new UsageError(`--transparent works only with ${TRANSPARENT_FORMATS.join(', ')} (not ${format})`);
  }

  if (out === '-') {
    if (env.stdoutTTY)
      throw new UsageError('refusing to write image bytes to a terminal: redirect standard output or use -O <file>');
  } else if (out !== undefined) {
    checkOutFile(out, {
      replace: Boolean(flags.force),
      directoryHint: `use -d ${out} to save into it`,
      specialHint: 'name a file, or use -O - for standard output',
    });
  }
  const verify = Boolean(flags.verify);
  const ledger = Boolean(flags.ledger);
  if (verify && format === 'pdf')
    throw new UsageError(
      '--verify decodes png, svg, jpeg and webp; for pdf use cardqr print --verify (or verify the svg of the same code)',
    );
  if (ledger && out === '-') throw new UsageError('--ledger records saved files; it does not go with -O -');
  return {
    query: { format, size, transparent },
    out,
    dir: flags.dir ?? '.',
    force: Boolean(flags.force),
    batch,
    fromStdin,
    verify,
    ledger,
  };
}
