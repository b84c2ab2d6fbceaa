// The dashboard's local sources, built from the command's flags: the history store (PRODUCT §18) and
// the agent plans (PRODUCT §17). Each is loaded only here, when `serve` runs.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { ServeOptions } from '../../serve/server.js';

type HistoryOptions = Pick<ServeOptions, 'history' | 'historyMissing'> & { close?: () => Promise<void> };
type PlansOptions = Pick<ServeOptions, 'plans' | 'plansMissing'>;

/**
 * The store read-only, for the server's life. A store you named (--store, CARDQR_HISTORY_URL) that cannot
 * be read refuses the run before anything is sent (exit 2); the default one not there yet, or unreadable,
 * is a line in its panel.
 */
export async function historySource(ctx: Context, store: string | undefined, zone: string): Promise<HistoryOptions> {
  const { storeLocation, PASSWORD_IN_ARGV } = await import('../../history/location.js');
  if (storeLocation(store, ctx.env).passwordInArgv) ctx.msg.warn(PASSWORD_IN_ARGV);
  const named = store !== undefined || Boolean(ctx.env.CARDQR_HISTORY_URL);
  const { openHistory } = await import('../../history/index.js');
  let reader;
  try {
    reader = await openHistory(store, ctx.env);
  } catch (e) {
    if (named || !(e instanceof UsageError)) throw e;
    return { historyMissing: [e.message, ...e.lines].join('; ') };
  }
  const opened = reader;
  const account = async () => (await (await ctx.api()).me()).account.id; // GET /me, asked once per client
  return {
    history: async ({ by, since }) =>
      (await opened.series({ zone, by, since, account: await account() })).map((r) => ({
        id: r.id,
        period: r[by] ?? '',
        scans: r.scans,
      })),
    close: () => opened.close(),
  };
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
