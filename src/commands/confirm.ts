// The question before destructive work (deletes, moves, --update): --yes answers it in scripts.
import type { Context } from '../context.js';
import { QuestionCancelled, UsageError } from '../errors.js';
import { safeLine } from '../output/sanitize.js';

/**
 * Asks before destructive work (PRODUCT §15). --yes skips the question; without a terminal to ask on
 * (stdin and stderr both terminals) it refuses (exit 2) so scripts never delete by accident. On a
 * terminal only `y` or `yes` (any case, spaces ignored) is yes; anything else, Enter, end of input
 * (Ctrl-D) and Ctrl-C are no, and every caller turns no into exit 2 with nothing sent.
 */
export async function confirm(ctx: Context, question: string): Promise<boolean> {
  if (ctx.globals.yes) return true;
  if (!ctx.io.isStdinTTY || !ctx.io.isStderrTTY) {
    throw new UsageError('refusing to continue without confirmation: no terminal to ask on; pass --yes to confirm');
  }
  try {
    return isYes(await ctx.prompt(`${safeLine(question)} [y/N] `));
  } catch (e) {
    if (e instanceof QuestionCancelled) return false;
    throw e;
  }
}

export function isYes(answer: string): boolean {
  return /^y(es)?$/i.test(answer.replace(/\s+/g, ''));
}
