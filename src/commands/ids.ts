// Several ids on the command line, and `-` for ids on standard input (one per line), for the commands
// that act on many records (delete, qr pause/publish/archive). Bounded: a runaway pipe is refused
// before anything is sent.
import type { Context } from '../context.js';
import { checkIds } from '../api/ids.js';
import { UsageError } from '../errors.js';

export const MAX_IDS = 10_000;

/** The ids in order, `-` replaced by the lines of standard input, duplicates dropped. */
export async function readIds(ctx: Context, args: string[]): Promise<string[]> {
  const fromStdin = args.includes('-');
  if (fromStdin && ctx.globals.apiKeyStdin)
    throw new UsageError('- (ids on standard input) cannot be combined with --api-key-stdin');
  let lines: string[] = [];
  if (fromStdin) {
    const text = await ctx.readStdin({ maxBytes: 16 * 1024 * 1024, what: '- (ids on standard input)' });
    lines = text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '');
    if (!lines.length) throw new UsageError('no ids on standard input (expected one id per line)');
  }
  const ids = args.flatMap((a) => (a === '-' ? lines : [a]));
  const unique = [...new Set(ids)];
  if (unique.length > MAX_IDS) {
    throw new UsageError(
      `${unique.length} ids: at most ${MAX_IDS} in one run; split the list (e.g. with \`split -l ${MAX_IDS}\`)`,
    );
  }
  checkIds(unique);
  return unique;
}
