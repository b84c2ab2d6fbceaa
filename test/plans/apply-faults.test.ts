// An apply exactly once (PRODUCT §17): under injected drops, 500s and 429s each object is written once; a
// stop (the hooks' signal) leaves the plan `interrupted`, and apply again resumes it without a new hash,
// past its expiry, skipping rows done or whose object already equals the plan's "after"; the call
// returns after `returnAfterMs` while the apply goes on.
import { afterEach, describe, expect, it } from 'vitest';
import type { PlanView } from '../../src/plans/contract.js';
import { useEmulator } from '../helpers/emulator.js';
import { applied, hooks, setup, writes, type Setup } from './_plans.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let s: Setup;
afterEach(async () => s?.close());

const N = 8;
const rows = (tag: string) => [
  ...Array.from({ length: N }, (_, i) => ({
    shortCode: `${tag}-${i}`,
    name: `Code ${i}`,
    destinationUrl: `https://x.example/${tag}/${i}`,
    ...(i % 3 === 0 ? { status: 'draft' } : {}),
  })),
  { shortCode: 'acme-support', name: `Support ${tag}` },
  { shortCode: 'roboconf26', name: `RoboConf ${tag}` },
];

async function planned(tag: string): Promise<PlanView> {
  emu.store.account('acc_acme')!.qrAllowance = 10_000;
  const plan = await s.plans.create({ kind: 'qr_apply', rows: rows(tag) });
  expect(plan.total).toBe(N + 2);
  return plan;
}

/** Every code of the rows held once, as the row says. */
function expectAccountAsPlanned(tag: string): void {
  for (const r of rows(tag)) {
    const held = emu.store.qrCodes.filter((q) => q.shortCode === r.shortCode);
    expect(held, r.shortCode).toHaveLength(1);
    expect(held[0].name).toBe(r.name);
  }
  expect(applied(emu, 'PATCH', '/qr-codes/qr_support')).toBe(1);
  expect(applied(emu, 'PATCH', '/qr-codes/qr_roboconf')).toBe(1);
}

describe('apply exactly once', () => {
  it('under drops (before and after the answer), 500s and 429s: each object written once', async () => {
    s = setup(emu);
    const plan = await planned('faults');
    emu.injectFaults([
      { method: 'POST', path: '/qr-codes', kind: 'drop_after', times: 2 },
      { method: 'POST', path: '/qr-codes', kind: '500' },
      { method: 'POST', path: '/qr-codes', kind: '429', resetSeconds: 1 },
      { method: 'POST', path: '/qr-codes', kind: 'drop_before' },
      { method: 'PATCH', kind: 'drop_after' },
      { method: 'PATCH', kind: '500' },
      { method: 'PATCH', kind: '429' },
    ]);
    let r = await s.plans.apply(plan.plan_id, plan.sha256, hooks());
    // An answer lost on every attempt leaves the plan interrupted; apply again settles it with the same keys.
    for (let i = 0; i < 3 && r.state !== 'applied'; i++) r = await s.plans.apply(plan.plan_id, plan.sha256, hooks());
    expect(r).toMatchObject({ state: 'applied', done: N + 2, total: N + 2 });
    expect(emu.pendingFaults()).toBe(0);
    expectAccountAsPlanned('faults');
  });

  it('a stop leaves it interrupted; apply again (past its expiry) resumes with the same keys, skipping what is done', async () => {
    s = setup(emu);
    const plan = await planned('stop');
    const stop = new AbortController();
    const first = await s.plans.apply(
      plan.plan_id,
      plan.sha256,
      hooks({ signal: stop.signal, onProgress: (done) => done >= 3 && stop.abort() }),
    );
    expect(first).toMatchObject({ state: 'interrupted', done: 3 });
    expect(await s.plans.get(plan.plan_id)).toMatchObject({ state: 'interrupted', done: 3 });
    const sentFirst = writes(emu).map((r) => r.headers['idempotency-key']);
    expect(sentFirst).toHaveLength(3);
    // Someone made one remaining row's change already: the resume skips it (its object equals the "after").
    const last = emu.store.qrCodes.find((q) => q.id === 'qr_roboconf')!;
    last.name = 'RoboConf stop';
    emu.advanceTime(20 * 60 * 1000); // expiry limits starting, not resuming
    const second = await s.plans.apply(plan.plan_id, plan.sha256, hooks());
    expect(second).toMatchObject({ state: 'applied', done: N + 2 });
    const sentSecond = writes(emu)
      .slice(3)
      .map((r) => r.headers['idempotency-key']);
    expect(sentSecond).toHaveLength(N + 2 - 3 - 1);
    expect(sentSecond.filter((k) => sentFirst.includes(k))).toEqual([]);
    expect(writes(emu).some((r) => r.path === '/qr-codes/qr_roboconf')).toBe(false);
    for (const r of rows('stop')) expect(emu.store.qrCodes.filter((q) => q.shortCode === r.shortCode)).toHaveLength(1);
  });

  it('returns after returnAfterMs with the state while the apply goes on; get follows it to the end', async () => {
    s = setup(emu);
    const plan = await planned('slow');
    emu.injectFaults([{ method: 'POST', path: '/qr-codes', kind: 'slow', delayMs: 400 }]);
    const progress: number[] = [];
    const r = await s.plans.apply(plan.plan_id, plan.sha256, hooks({ onProgress: (d) => progress.push(d) }), 50);
    expect(r).toMatchObject({ state: 'applying', total: N + 2 });
    expect(r.done).toBeLessThan(N + 2);
    // Called again while it runs: its state, nothing sent twice.
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks(), 10)).toMatchObject({ state: 'applying' });
    let view = await s.plans.get(plan.plan_id);
    for (let i = 0; i < 200 && view.state === 'applying'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      view = await s.plans.get(plan.plan_id);
    }
    expect(view).toMatchObject({ state: 'applied', done: N + 2 });
    expect(progress.at(-1)).toBe(N + 2);
    expectAccountAsPlanned('slow');
  });

  it('cancel stops a running apply (the request in flight finishes) and the plan stays cancelled', async () => {
    s = setup(emu);
    const plan = await planned('cancel');
    emu.injectFaults([{ method: 'POST', path: '/qr-codes', kind: 'slow', delayMs: 300 }]);
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks(), 20)).toMatchObject({ state: 'applying' });
    const view = await s.plans.cancel(plan.plan_id);
    expect(view.state).toBe('cancelled');
    // The request in flight finished and was recorded: done is what the account holds.
    expect(view.done).toBe(emu.store.qrCodes.filter((q) => q.shortCode.startsWith('cancel-')).length);
    expect(view.done).toBeLessThan(N + 2);
    const sent = writes(emu).length;
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks()).catch((e: unknown) => e)).toMatchObject({
      code: 'cancelled',
    });
    expect(writes(emu).length).toBe(sent);
  });

  it('a key refused mid-apply stops it (interrupted, the reason given); with the key back, apply again finishes it', async () => {
    s = setup(emu);
    const plan = await planned('revoked');
    const key = emu.store.apiKeys.find((k) => k.name === 'full')!;
    const r = await s.plans.apply(
      plan.plan_id,
      plan.sha256,
      hooks({ onProgress: (done) => done >= 2 && (key.revoked = true) }),
    );
    expect(r).toMatchObject({ state: 'interrupted', done: 2, error: expect.stringMatching(/invalid|revoked|key/i) });
    key.revoked = false;
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks())).toMatchObject({ state: 'applied', done: N + 2 });
    expectAccountAsPlanned('revoked');
  });
});
