// The dashboard's local sources, built from the command's flags: the history store (PRODUCT §18) and
// the agent plans (PRODUCT §17). Each is loaded only here, when `serve` runs.
import type { Context } from '../../context.js';
import type { ServeOptions } from '../../serve/server.js';

type HistoryOptions = Pick<ServeOptions, 'history' | 'historyMissing'>;
type PlansOptions = Pick<ServeOptions, 'plans' | 'plansMissing'>;

export async function historySource(_ctx: Context, _store: string | undefined): Promise<HistoryOptions> {
  return { historyMissing: 'the history store (cardqr analytics snapshot) is not in this build yet' };
}

/** This account's plans that still wait: not started yet and not expired, or interrupted (it resumes). */
export async function plansSource(ctx: Context): Promise<PlansOptions> {
  const { plans } = await import('../../plans/index.js');
  const store = plans({
    api: () => ctx.api(),
    baseUrl: async () => (await ctx.settings()).baseUrl,
    env: ctx.env,
    now: ctx.now,
    version: ctx.version,
  });
  return {
    plans: async () => {
      const account = (await (await ctx.api()).me()).account.id;
      const now = ctx.now().toISOString();
      return (await store.list()).filter(
        (p) =>
          p.account === account &&
          (p.state === 'interrupted' || ((p.state === 'planned' || p.state === 'approved') && p.expires_at > now)),
      );
    },
  };
}
