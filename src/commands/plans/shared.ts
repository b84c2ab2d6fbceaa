// What every `cardqr plans` verb runs with: plans(deps) on this run's context (the API is asked for only
// by a plan's create or apply, which no verb here does), and a plan's refusal as an exit status.
import type { Context } from '../../context.js';
import { CliError, EXIT, UsageError } from '../../errors.js';
import type { Plans } from '../../plans/contract.js';

export async function plansOf(ctx: Context): Promise<Plans> {
  const { plans } = await import('../../plans/index.js');
  return plans({
    api: () => ctx.api(),
    baseUrl: async () => (await ctx.settings()).baseUrl,
    env: ctx.env,
    now: ctx.now,
    version: ctx.version,
  });
}

/** A plan's refusal: no such plan → exit 4; any other → exit 2 (nothing was changed). */
export function refused(e: unknown): never {
  if (e instanceof Error && e.name === 'PlanRefusal') {
    const code = (e as Error & { code: string }).code;
    if (code === 'not_found')
      throw new CliError(e.message, EXIT.notFound, ['cardqr plans list shows the plans kept here']);
    throw new UsageError(e.message);
  }
  throw e;
}

export const PLAN_ID: [string, string] = ['<plan_id>', 'the plan id an agent was given, e.g. plan_0123456789abcdef'];
