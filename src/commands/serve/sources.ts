// The dashboard's local sources, built from the command's flags: the history store (PRODUCT §18) and
// the agent plans (PRODUCT §17). Each is loaded only here, when `serve` runs.
import type { Context } from '../../context.js';
import type { ServeOptions } from '../../serve/server.js';

type HistoryOptions = Pick<ServeOptions, 'history' | 'historyMissing'>;
type PlansOptions = Pick<ServeOptions, 'plans' | 'plansMissing'>;

export async function historySource(_ctx: Context, _store: string | undefined): Promise<HistoryOptions> {
  return { historyMissing: 'the history store (cardqr analytics snapshot) is not in this build yet' };
}

export async function plansSource(_ctx: Context): Promise<PlansOptions> {
  return { plansMissing: 'agent plans (cardqr plans) are not in this build yet' };
}
