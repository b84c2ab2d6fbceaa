// Agent plans (PRODUCT §17): `plans(deps)` is what the MCP tools and `cardqr plans` call. A plan is made
// by reading the account only (GET /me, the objects it changes), kept as a file in the state folder
// (file.ts), approved by a person when it is destructive, and applied once on the row engine (apply.ts).
import { plansDir } from '../config/paths.js';
import { applyPlan, checkStartable } from './apply.js';
import {
  PlanRefusal,
  type ApplyHooks,
  type ApplyStatus,
  type PlanDeps,
  type PlanInput,
  type PlanView,
  type Plans,
} from './contract.js';
import { contentHash, newPlanId, PlanStore, type PlanContent, type PlanFile } from './file.js';
import { newNonce } from '../jobs/rows/keys.js';
import { STOPS } from './apply.js';
import { effective, LIVE, ownerElsewhere, viewOf } from './view.js';

export { PlanRefusal } from './contract.js';
export type * from './contract.js';

/** How long a plan may wait to be started (PRODUCT §17). */
export const PLAN_TTL_MS = 15 * 60 * 1000;

const RETURN_AFTER_MS = 30_000;

export function plans(deps: PlanDeps): Plans {
  const store = new PlanStore(plansDir(deps.env));

  async function create(input: PlanInput): Promise<PlanView> {
    if (!input || typeof input !== 'object') throw new PlanRefusal('invalid', 'no plan input; nothing was planned');
    const client = await deps.api();
    const signal = new AbortController().signal;
    const me = await client.me();
    let planned;
    let campaignId: string | undefined;
    switch (input.kind) {
      case 'qr_apply':
        planned = await (await import('./plan-qr.js')).planQrApply(client, input.rows, signal);
        break;
      case 'qr_status':
        planned = await (await import('./plan-qr.js')).planQrStatus(client, input.ids, input.status, signal);
        break;
      case 'trash':
        planned = await (await import('./plan-cards.js')).planTrash(client, input.ids, signal);
        break;
      case 'roster_sync': {
        const r = await (await import('./plan-cards.js')).planRoster(client, input, signal);
        campaignId = r.campaignId;
        planned = r;
        break;
      }
      default:
        throw new PlanRefusal('invalid', `unknown plan kind ${JSON.stringify((input as { kind?: unknown }).kind)}`);
    }
    const now = deps.now();
    const content: PlanContent = {
      version: 1,
      plan_id: newPlanId(),
      kind: input.kind,
      account: me.account.id,
      base_url: await deps.baseUrl(),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + (deps.ttlMs ?? PLAN_TTL_MS)).toISOString(),
      summary: planned.summary,
      destructive: planned.rows.some((r) => STOPS[r.change.action] !== undefined),
      nonce: newNonce(),
      ...(campaignId === undefined ? {} : { campaign_id: campaignId }),
      counts: planned.counts,
      rows: planned.rows,
    };
    const plan: PlanFile = {
      ...content,
      sha256: contentHash(content),
      state: 'planned',
      approved: false,
      done: 0,
    };
    await store.write(plan);
    return viewOf(store, plan);
  }

  async function get(planId: string): Promise<PlanView> {
    return viewOf(store, await store.read(planId));
  }

  async function list(): Promise<PlanView[]> {
    const out: PlanView[] = [];
    for (const id of await store.ids()) {
      try {
        out.push(await get(id));
      } catch (e) {
        if (!(e instanceof PlanRefusal)) throw e; // a file that is not a plan is left out
      }
    }
    return out.sort((a, b) => (a.expires_at < b.expires_at ? 1 : a.expires_at > b.expires_at ? -1 : 0));
  }

  async function cancel(planId: string): Promise<PlanView> {
    const plan = await store.read(planId);
    const live = LIVE.get(store.path(planId));
    if (live) {
      live.controller.abort();
      await live.finished;
    } else if (plan.state === 'applying' && ownerElsewhere(store.lock(planId))) {
      throw new PlanRefusal('invalid', `plan ${planId} is being applied by another process: stop that process first`);
    }
    const now = await effective(store, await store.read(planId));
    if (now.state === 'applied')
      throw new PlanRefusal('invalid', `plan ${planId} was applied already; nothing to cancel`);
    if (now.state === 'cancelled') return viewOf(store, plan);
    return viewOf(
      store,
      await store.update(planId, (p) => {
        p.state = 'cancelled';
        p.done = now.done;
        p.cancelled_at = deps.now().toISOString();
      }),
    );
  }

  async function approve(planId: string, sha256: string): Promise<PlanView> {
    const plan = await store.read(planId);
    if (typeof sha256 !== 'string' || sha256.toLowerCase() !== plan.sha256 || contentHash(plan) !== plan.sha256)
      throw new PlanRefusal('hash_mismatch', `the sha256 given is not plan ${planId}'s; nothing was approved`);
    const now = await effective(store, plan);
    if (now.state === 'applied' || now.state === 'applying' || plan.approved) return viewOf(store, plan);
    checkStartable(plan, deps.now(), 'nothing was approved');
    return viewOf(
      store,
      await store.update(planId, (p) => {
        p.approved = true;
        p.approved_at = deps.now().toISOString();
        if (p.state === 'planned') p.state = 'approved';
      }),
    );
  }

  function apply(
    planId: string,
    sha256: string,
    hooks: ApplyHooks,
    returnAfterMs = RETURN_AFTER_MS,
  ): Promise<ApplyStatus> {
    return applyPlan(store, deps, planId, sha256, hooks, returnAfterMs);
  }

  return { create, get, list, cancel, approve, apply };
}
