// Flags of `cardqr image` → checked options, before anything is sent (every problem is exit 2).
import { extname } from 'node:path';
import { IMAGE_FORMATS, IMAGE_SIZE, TRANSPARENT_FORMATS, type ImageFormat } from '../../api/images.js';
import { UsageError } from '../../errors.js';
import { checkOutFile } from '../out-file.js';
import { intIn } from '../flags.js';
import type { Input } from '../model/define.js';
import { choice, flag, value } from '../model/fields.js';
import type { ImageOptions } from '../../jobs/images/save.js';

export type { ImageOptions };

export const imageFlags = {
  format: choice('-f, --format <format>', 'image format (default: png, or from the -O file extension)', IMAGE_FORMATS),
  size: value(
    '--size <px>',
    `width in pixels, ${IMAGE_SIZE.min}-${IMAGE_SIZE.max} (default: ${IMAGE_SIZE.default}); a framed design is taller than wide`,
    intIn(IMAGE_SIZE.min, IMAGE_SIZE.max),
  ),
  transparent: flag('--transparent', `clear background (${TRANSPARENT_FORMATS.join(', ')} only)`),
  out: value('-O, --out <file>', 'write the one image to this file, or - for standard output (not a terminal)'),
  dir: value(
    '-d, --dir <dir>',
    'save into this directory, created if missing, under the name the API suggests (default: current directory)',
  ),
  force: flag('--force', 'replace files that already exist (default: never overwrite; the id is skipped)'),
  verify: flag(
    '--verify',
    'decode each image before saving it and compare it with the object url (not pdf); a mismatch is not saved (exit 7)',
  ),
  ledger: flag('--ledger', 'record the batch (ids, urls, files, sha256) in the print ledger (see cardqr print audit)'),
};

/** The flags as parsed (derived from imageFlags). */
export type ImageInput = Input<Record<never, never>, typeof imageFlags>;

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
  flags: ImageInput,
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

  let format: ImageFormat | undefined = flags.format;
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
