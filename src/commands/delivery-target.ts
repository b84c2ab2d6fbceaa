// The delivery target of --exec or --forward-to (`leads follow`, `report weekly`): one way to build it,
// checked before anything is sent (an empty command, a refused URL, a missing secret: exit 2).
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import type { Target } from '../jobs/leads/deliver.js';
import { forwardUrl } from './forward-url.js';

export async function deliveryTarget(
  ctx: Context,
  flags: { exec?: string; forwardTo?: string; timeoutMs: number },
): Promise<Target | undefined> {
  if (flags.exec !== undefined) {
    if (!flags.exec.trim()) throw new UsageError('--exec needs a command');
    const { execTarget } = await import('../jobs/leads/exec-target.js');
    return execTarget({
      command: flags.exec,
      env: ctx.env,
      timeoutMs: flags.timeoutMs,
      onOutput: (text) => ctx.msg.say(text.replace(/\n$/, '')),
    });
  }
  if (flags.forwardTo === undefined) return undefined;
  const url = forwardUrl(flags.forwardTo);
  const secret = ctx.env.CARDQR_FORWARD_SECRET;
  if (!secret)
    throw new UsageError('--forward-to needs the signing secret in the environment variable CARDQR_FORWARD_SECRET');
  const { forwardTarget } = await import('../jobs/leads/forward-target.js');
  return forwardTarget({
    url,
    secret,
    timeoutMs: flags.timeoutMs,
    now: ctx.now,
    userAgent: `cardqr/${ctx.version}`,
    network: await ctx.network(),
  });
}
