// apply(plan_id, sha256) (PRODUCT §17). Every refusal comes before the first write: the hash, the
// cancel, the expiry (of a plan never started), the account and API of the current key, the drift of a
// row not yet sent, the approval of a destructive plan (a person asked through `hooks.ask`), the
// session's caps. Then the row engine sends what remains (paced by the caller's client, one key per
// step from the plan's nonce, a report beside the plan) in the background; the call resolves once it
// ends or after `returnAfterMs`, whichever comes first. A plan applied, or being applied by a live
// process, is answered with its state: nothing is sent.
import { UsageError } from '../errors.js';
import { acquireLock, busyMessage, type HeldLock } from '../lock-file.js';
import { runRowJob } from '../jobs/rows/engine.js';
import type { RowSummary, RowPlan } from '../jobs/rows/types.js';
import { PlanRefusal, type ApplyHooks, type ApplyStatus, type PlanDeps, type PlanState } from './contract.js';
import { contentHash, type PlanFile, type PlanStore } from './file.js';
import { planJob } from './job.js';
import { DONE, readRecords, remaining } from './remaining.js';
import { effective, LIVE, totalSteps, viewOf, type Live } from './view.js';

export const STOPS: Record<string, string> = {
  trash: 'moved to Trash: their links stop opening (restorable only in the dashboard)',
  pause: 'paused: their short links stop redirecting',
  archive: 'archived: their short links stop redirecting and they leave the default list',
  retarget: 'pointed elsewhere: printed codes lead to the new destination',
};

/** The question for a person: the count, the account and what stops working. */
export function askMessage(plan: PlanFile): string {
  const by = new Map<string, number>();
  for (const r of plan.rows) if (STOPS[r.change.action]) by.set(r.change.action, (by.get(r.change.action) ?? 0) + 1);
  const parts = [...by].map(([action, n]) => `${n} ${n === 1 ? 'object' : 'objects'} ${STOPS[action]}`);
  return `Plan ${plan.plan_id} on account ${plan.account}: ${plan.summary}. ${parts.join('; ')}. Approve it?`;
}

function checkHash(plan: PlanFile, sha256: string): void {
  if (typeof sha256 !== 'string' || sha256.toLowerCase() !== plan.sha256 || contentHash(plan) !== plan.sha256)
    throw new PlanRefusal('hash_mismatch', `the sha256 given is not plan ${plan.plan_id}'s; nothing was sent`);
}

function status(plan: PlanFile, state: PlanState, done: number): ApplyStatus {
  return {
    plan_id: plan.plan_id,
    state,
    done,
    total: totalSteps(plan),
    summary: plan.summary,
    ...(plan.tallies && state !== 'applying' ? { tallies: plan.tallies } : {}),
    ...(plan.last_error && state !== 'applying' ? { error: plan.last_error } : {}),
  };
}

/** Steps that succeeded, of an engine's tallies (a failed or unknown step is not done). */
const succeeded = (tallies: Readonly<Record<string, number>>) =>
  Object.entries(tallies).reduce((n, [outcome, k]) => (DONE.has(outcome) ? n + k : n), 0);

export function checkStartable(plan: PlanFile, now: Date, nothing = 'nothing was sent'): void {
  if (plan.state === 'cancelled') throw new PlanRefusal('cancelled', `plan ${plan.plan_id} was cancelled; ${nothing}`);
  const started = plan.started_at !== undefined;
  if (!started && now.getTime() > Date.parse(plan.expires_at))
    throw new PlanRefusal('expired', `plan ${plan.plan_id} expired at ${plan.expires_at}; ${nothing}: make a new plan`);
}

export async function applyPlan(
  store: PlanStore,
  deps: PlanDeps,
  planId: string,
  sha256: string,
  hooks: ApplyHooks,
  returnAfterMs: number,
): Promise<ApplyStatus> {
  let plan = await store.read(planId);
  checkHash(plan, sha256);
  const now = await effective(store, plan);
  if (now.state === 'applied' || now.state === 'applying') return status(plan, now.state, now.done);
  checkStartable(plan, deps.now());
  const client = await deps.api();
  const [me, baseUrl] = await Promise.all([client.me(hooks.signal), deps.baseUrl()]);
  if (me.account.id !== plan.account)
    throw new PlanRefusal(
      'other_account',
      `plan ${plan.plan_id} is for account ${plan.account}, the key is ${me.account.id}'s; nothing was sent`,
    );
  if (baseUrl !== plan.base_url)
    throw new PlanRefusal(
      'other_account',
      `plan ${plan.plan_id} was made against ${plan.base_url}, not ${baseUrl}; nothing was sent`,
    );

  let lock: HeldLock;
  try {
    lock = await acquireLock(store.lock(planId), deps.now(), busyMessage(`plan ${planId}`, 'another apply'));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const again = await effective(store, await store.read(planId));
    return status(plan, again.state === 'interrupted' ? 'applying' : again.state, again.done);
  }
  try {
    plan = await store.read(planId); // as it is now the lock is ours
    checkHash(plan, sha256);
    checkStartable(plan, deps.now());
    if (plan.state === 'applied') return status(plan, 'applied', plan.done);
    const rest = await remaining(plan, client, await readRecords(store.report(planId)), hooks.signal);
    if (plan.destructive && !plan.approved) {
      const accepted = hooks.ask ? await hooks.ask(await viewOf(store, plan), askMessage(plan)) : false;
      if (!accepted)
        throw new PlanRefusal(
          'not_approved',
          hooks.ask
            ? `the person declined plan ${planId}; nothing was sent`
            : `plan ${planId} is destructive and not approved: the person runs \`cardqr plans approve ${planId}\` in their terminal; nothing was sent`,
        );
      plan = await store.update(planId, (p) => {
        p.approved = true;
        p.approved_at = deps.now().toISOString();
      });
    }
    const writes = rest.changes.reduce((n, c) => n + c.steps.length, 0);
    const trashes = rest.changes.reduce((n, c) => n + c.steps.filter((s) => s.action === 'trash').length, 0);
    const cap = hooks.budget;
    if (cap?.writes !== undefined && writes > cap.writes)
      throw new PlanRefusal(
        'cap_reached',
        `plan ${planId} needs ${writes} writes, this session allows ${cap.writes} more (--max-writes); nothing was sent`,
      );
    if (cap?.trash !== undefined && trashes > cap.trash)
      throw new PlanRefusal(
        'cap_reached',
        `plan ${planId} moves ${trashes} objects to Trash, this session allows ${cap.trash} more (--max-trash); nothing was sent`,
      );
    plan = await store.update(planId, (p) => {
      p.state = 'applying';
      p.started_at ??= deps.now().toISOString();
    });
    return await start(store, deps, plan, rest, hooks, lock, returnAfterMs);
  } catch (e) {
    await lock.release();
    throw e;
  }
}

async function start(
  store: PlanStore,
  deps: PlanDeps,
  plan: PlanFile,
  rest: Awaited<ReturnType<typeof remaining>>,
  hooks: ApplyHooks,
  lock: HeldLock,
  returnAfterMs: number,
): Promise<ApplyStatus> {
  const path = store.path(plan.plan_id);
  const total = totalSteps(plan);
  const controller = new AbortController();
  const signal = AbortSignal.any([hooks.signal, controller.signal]);
  const live: Live = { controller, done: rest.skipped, total, finished: Promise.resolve() };
  const client = await deps.api();
  const account = plan.account;
  const run = async (): Promise<void> => {
    let state: PlanState = 'interrupted';
    let tallies: Record<string, number> | undefined;
    let error: string | undefined;
    try {
      const summary: RowSummary<RowPlan> = await runRowJob(
        planJob(plan, rest),
        { report: store.report(plan.plan_id), file: path, dryRun: false, nonce: plan.nonce, accountId: account },
        {
          api: async () => client,
          baseUrl: deps.baseUrl,
          now: deps.now,
          signal,
          version: deps.version,
          confirm: { noQuestion: 'the plan was approved or needs no approval' },
          onProgress: ({ tallies }) => {
            live.done = rest.skipped + succeeded(tallies);
            hooks.onProgress?.(live.done, total);
          },
        },
      );
      if (summary.phase === 'sent') {
        tallies = { ...summary.tallies, ...(rest.skipped ? { already: rest.skipped } : {}) };
        const clean = summary.stopped === 'done' && summary.unknowns.length === 0;
        state = !clean ? 'interrupted' : summary.failures.length ? 'failed' : 'applied';
        if (summary.fatal) error = summary.fatal.message;
      }
    } catch (e) {
      error = (e as Error)?.message ?? String(e);
    }
    try {
      const done = state === 'applied' ? total : live.done;
      await store.update(plan.plan_id, (p) => {
        p.state = state;
        p.done = done;
        p.ended_at = deps.now().toISOString();
        if (tallies) p.tallies = tallies;
        if (error) p.last_error = error;
        else delete p.last_error;
      });
    } finally {
      LIVE.delete(path);
      await lock.release();
    }
  };
  LIVE.set(path, live);
  live.finished = run().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([live.finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, returnAfterMs)))]);
  clearTimeout(timer);
  const after = await store.read(plan.plan_id);
  const e = await effective(store, after);
  return status(after, e.state, e.done);
}
