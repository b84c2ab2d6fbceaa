// The plan tools (present only with --allow-writes), through the contract of src/plans/contract.ts:
// a plan_* tool makes a plan file and returns it; apply_plan applies it once, asking a person through
// elicitation when the client can, sending progress when the request asked for it, stopping on a
// cancel or a lost session, within what --max-writes/--max-trash leave; a PlanRefusal is a tool error.
import type { ApplyHooks, PlanInput, Plans, PlanView } from '../plans/contract.js';
import type { ToolOutput } from './reads.js';
import type { CallHandles, PlanToolRunner } from './server.js';

/** How long apply_plan waits before it returns `{state, done, total}` (plan_status follows it). */
export const RETURN_AFTER_MS = 30_000;
/** How long a person has to answer the elicitation. */
const ASK_TIMEOUT_MS = 10 * 60_000;

/** What --max-writes and --max-trash leave for this server's session (undefined: no cap). */
export class Budget {
  constructor(
    private writes?: number,
    private trash?: number,
  ) {}

  left(): ApplyHooks['budget'] {
    if (this.writes === undefined && this.trash === undefined) return undefined;
    return { writes: this.writes, trash: this.trash };
  }

  /** Reserves what an apply that started will send at most. */
  spend(writes: number, trash: number): void {
    if (this.writes !== undefined) this.writes = Math.max(0, this.writes - writes);
    if (this.trash !== undefined) this.trash = Math.max(0, this.trash - trash);
  }
}

const STARTABLE = new Set(['planned', 'approved', 'interrupted']);

export interface PlanToolsState {
  /** Plans this process is applying, each with what stops it (cancel_plan, shutdown). */
  applying: Map<string, AbortController>;
}

/**
 * Once the session is lost or the process stops, the plans it was applying stop with the row in flight
 * (the plans module marks them `interrupted`): waits for that, at most `polls` × 100 ms.
 */
export async function settle(
  load: () => Promise<Plans>,
  state: PlanToolsState,
  sleep: (ms: number) => Promise<void>,
  polls = 600,
): Promise<void> {
  if (!state.applying.size) return;
  const plans = await load();
  for (const [id, stop] of state.applying) {
    stop.abort();
    for (let i = 0; i < polls; i++) {
      const view = await plans.get(id).catch(() => undefined);
      if (!view || view.state !== 'applying') break;
      await sleep(100);
    }
  }
}

export function planTools(load: () => Promise<Plans>, budget: Budget, state: PlanToolsState): PlanToolRunner {
  const viewOut = (v: PlanView): ToolOutput => ({
    data: { ...v },
    ids: [v.plan_id, ...v.changes.flatMap((c) => (c.id ? [c.id] : []))],
  });
  const create = async (input: PlanInput) => viewOut(await (await load()).create(input));

  return async (tool, a, h) => {
    switch (tool) {
      case 'plan_qr_apply':
        return create({ kind: 'qr_apply', rows: a.rows });
      case 'plan_roster_sync':
        return create({
          kind: 'roster_sync',
          campaign_id: a.campaign_id,
          rows: a.rows,
          trash_missing: a.trash_missing,
          max_trash: a.max_trash,
        });
      case 'plan_qr_status':
        return create({ kind: 'qr_status', ids: a.ids, status: a.status });
      case 'plan_trash':
        return create({ kind: 'trash', ids: a.ids });
      case 'plan_status':
        return viewOut(await (await load()).get(a.plan_id));
      case 'cancel_plan': {
        state.applying.get(a.plan_id)?.abort();
        return viewOut(await (await load()).cancel(a.plan_id));
      }
      case 'apply_plan':
        return apply(await load(), a.plan_id, a.sha256, h, budget, state);
      default:
        throw new Error(`unknown plan tool ${tool}`);
    }
  };
}

async function apply(
  plans: Plans,
  planId: string,
  sha256: string,
  h: CallHandles,
  budget: Budget,
  state: PlanToolsState,
): Promise<ToolOutput> {
  const before = await plans.get(planId);
  const stop = state.applying.get(planId) ?? new AbortController();
  let open = true;
  const hooks: ApplyHooks = {
    signal: AbortSignal.any([h.lost, stop.signal]),
    // Progress only while the request is open (after the 30-second return, plan_status follows it).
    onProgress: (done, total) => {
      if (open) h.sendProgress(done, total).catch(() => undefined);
    },
    ask: canElicit(h) ? (plan, message) => askPerson(h, plan, message) : undefined,
    budget: budget.left(),
  };
  const startable = STARTABLE.has(before.state);
  if (startable) state.applying.set(planId, stop);
  try {
    const status = await plans.apply(planId, sha256, hooks, RETURN_AFTER_MS);
    if (startable) {
      const left = before.total > 0 ? before.total - before.done : before.changes.length;
      const trash = before.done === 0 ? before.changes.filter((c) => c.action === 'trash').length : 0;
      budget.spend(left, trash);
    }
    if (status.state !== 'applying') state.applying.delete(planId);
    return { data: { ...status }, ids: [planId] };
  } catch (e) {
    if (startable) state.applying.delete(planId);
    throw e;
  } finally {
    open = false;
  }
}

function canElicit(h: CallHandles): boolean {
  return Boolean(h.server.getClientCapabilities()?.elicitation);
}

/** Asks the person at the client (MCP elicitation): only an explicit accept with `approve: true` approves. */
async function askPerson(h: CallHandles, plan: PlanView, message: string): Promise<boolean> {
  const answer = await h.server.elicitInput(
    {
      message,
      requestedSchema: {
        type: 'object',
        properties: {
          approve: {
            type: 'boolean',
            title: `Apply plan ${plan.plan_id}`,
            description: `${plan.summary} (account ${plan.account})`,
          },
        },
        required: ['approve'],
      },
    },
    { relatedRequestId: h.requestId, signal: h.lost, timeout: ASK_TIMEOUT_MS },
  );
  return answer.action === 'accept' && answer.content?.approve === true;
}
