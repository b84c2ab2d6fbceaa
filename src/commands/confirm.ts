// The question before destructive work (deletes, moves, --update): --yes answers it in scripts.
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { safeLine } from '../output/sanitize.js';

/**
 * Asks before destructive work. --yes skips the question; without a terminal to ask on,
 * it refuses (exit 2) so scripts never delete by accident.
 */
export async function confirm(ctx: Context, question: string): Promise<boolean> {
  if (ctx.globals.yes) return true;
  if (!ctx.io.isStdinTTY || !ctx.io.isStderrTTY) {
    throw new UsageError('refusing to continue without confirmation: no terminal to ask on; pass --yes to confirm');
  }
  const answer = await ctx.prompt(`${safeLine(question)} [y/N] `);
  return /^y(es)?$/i.test(answer.trim());
}
