// A plan as its callers see it (PlanView), with the state a file alone cannot tell: an apply live in this
// process (its progress in memory), or a plan left `applying` by a process that is gone (kill -9), which
// is `interrupted`: its lock names a pid that no longer runs.
import { hostname } from 'node:os';
import { processAlive, procStart } from '../lock-file.js';
import type { PlanState, PlanView } from './contract.js';
import type { PlanFile, PlanStore } from './file.js';
import { doneSteps, readRecords } from './remaining.js';
const { readFileSync } = process.getBuiltinModule('node:fs');

/** Applies running in this process, by plan file. */
export interface Live {
  controller: AbortController;
  done: number;
  total: number;
  finished: Promise<void>;
}
export const LIVE = new Map<string, Live>();

export const totalSteps = (plan: PlanFile): number => plan.rows.reduce((n, r) => n + r.steps.length, 0);

/** Whether another live process holds the plan's apply lock. */
export function ownerElsewhere(lockPath: string): boolean {
  let info: { pid?: unknown; host?: unknown; procStart?: unknown };
  try {
    info = JSON.parse(readFileSync(lockPath, 'utf8')) as typeof info;
  } catch {
    return false;
  }
  if (typeof info.pid !== 'number' || info.pid === process.pid) return false;
  if (info.host !== hostname()) return true; // cannot tell: taken as alive
  if (!processAlive(info.pid)) return false;
  const now = procStart(info.pid);
  return !(typeof info.procStart === 'string' && now !== undefined && now !== info.procStart);
}

export interface Effective {
  state: PlanState;
  done: number;
  live?: Live;
}

export async function effective(store: PlanStore, plan: PlanFile): Promise<Effective> {
  const live = LIVE.get(store.path(plan.plan_id));
  if (live) return { state: 'applying', done: live.done, live };
  if (plan.state !== 'applying') return { state: plan.state, done: plan.done };
  if (ownerElsewhere(store.lock(plan.plan_id))) {
    return { state: 'applying', done: doneSteps(plan, await readRecords(store.report(plan.plan_id))) };
  }
  return { state: 'interrupted', done: doneSteps(plan, await readRecords(store.report(plan.plan_id))) };
}

export async function viewOf(store: PlanStore, plan: PlanFile): Promise<PlanView> {
  const e = await effective(store, plan);
  return {
    plan_id: plan.plan_id,
    sha256: plan.sha256,
    account: plan.account,
    kind: plan.kind,
    summary: plan.summary,
    changes: plan.rows.map((r) => r.change),
    destructive: plan.destructive,
    expires_at: plan.expires_at,
    state: e.state,
    approved: plan.approved,
    done: e.done,
    total: totalSteps(plan),
  };
}
