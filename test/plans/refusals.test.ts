// Every refusal of apply (PRODUCT §17) sends no write: the emulator's requests are counted. Reads (GET /me,
// the drift check's reads) are allowed; a refusal comes before the first POST, PATCH or DELETE.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplyHooks, PlanRefusalCode, PlanView } from '../../src/plans/contract.js';
import { useEmulator } from '../helpers/emulator.js';
import { hooks, setup, writes, type Setup } from './_plans.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let s: Setup;
afterEach(async () => s?.close());

async function refused(
  plan: PlanView,
  code: PlanRefusalCode,
  more: Partial<ApplyHooks> = {},
  sha = plan.sha256,
  on = s,
) {
  const before = writes(emu).length;
  const e = await on.plans.apply(plan.plan_id, sha, hooks(more)).catch((x: unknown) => x);
  expect(e).toMatchObject({ name: 'PlanRefusal', code });
  expect((e as Error).message).not.toContain('\n');
  expect(writes(emu).length).toBe(before);
  return e as Error;
}

const rename = () =>
  s.plans.create({ kind: 'qr_apply', rows: [{ shortCode: 'acme-support', name: 'Support (agent)' }] });

describe('apply refuses and sends nothing', () => {
  it('a wrong or short sha256, and an unknown plan id', async () => {
    s = setup(emu);
    const plan = await rename();
    await refused(
      plan,
      'hash_mismatch',
      {},
      plan.sha256.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    );
    await refused(plan, 'hash_mismatch', {}, plan.sha256.slice(0, 6));
    await refused({ ...plan, plan_id: 'plan_0000000000000000' }, 'not_found');
    await refused({ ...plan, plan_id: '../../etc/passwd' }, 'not_found');
  });

  it('a plan expired before it started (15 minutes)', async () => {
    s = setup(emu);
    const plan = await rename();
    emu.advanceTime(15 * 60 * 1000 + 1000);
    await refused(plan, 'expired');
    expect(await s.plans.approve(plan.plan_id, plan.sha256).catch((e: unknown) => e)).toMatchObject({
      code: 'expired',
    });
  });

  it('a cancelled plan', async () => {
    s = setup(emu);
    const plan = await rename();
    expect(await s.plans.cancel(plan.plan_id)).toMatchObject({ state: 'cancelled' });
    await refused(plan, 'cancelled');
  });

  it("another account's key", async () => {
    s = setup(emu);
    const plan = await rename();
    emu.store.account('acc_bistro')!.plan = 'pro';
    const other = setup(emu, { key: emu.keys.noapi, state: s.state });
    try {
      await refused(plan, 'other_account', {}, plan.sha256, other);
    } finally {
      await other.close();
    }
  });

  it('drift: the code changed since the plan (updatedAt, status, paused); a create whose short code is now held', async () => {
    s = setup(emu);
    const plan = await rename();
    await s.client.request('PATCH', '/qr-codes/qr_support', { body: { destinationUrl: 'https://elsewhere.example/' } });
    const e = await refused(plan, 'drifted');
    expect(e.message).toMatch(/acme-support was changed/);

    const create = await s.plans.create({
      kind: 'qr_apply',
      rows: [{ shortCode: 'taken-later', name: 'T', destinationUrl: 'https://t.example/' }],
    });
    await s.client.request('POST', '/qr-codes', {
      body: { shortCode: 'taken-later', name: 'Someone else', destinationUrl: 'https://o.example/' },
    });
    await refused(create, 'drifted');

    const pause = await s.plans.create({ kind: 'qr_status', ids: ['qr_roboconf'], status: 'paused' });
    await s.plans.approve(pause.plan_id, pause.sha256);
    emu.store.qrCodes.find((q) => q.id === 'qr_roboconf')!.paused = true;
    await refused(pause, 'drifted');
  });

  it('a destructive plan not approved (no person to ask, or the person declines)', async () => {
    s = setup(emu);
    const plan = await s.plans.create({ kind: 'qr_status', ids: ['qr_support'], status: 'archived' });
    const e = await refused(plan, 'not_approved');
    expect(e.message).toContain(`cardqr plans approve ${plan.plan_id}`);
    await refused(plan, 'not_approved', { ask: async () => false });
  });

  it("the session's caps: writes and trash", async () => {
    s = setup(emu);
    const plan = await s.plans.create({ kind: 'trash', ids: ['qr_support', 'qr_promo'] });
    await s.plans.approve(plan.plan_id, plan.sha256);
    await refused(plan, 'cap_reached', { budget: { writes: 1 } });
    await refused(plan, 'cap_reached', { budget: { trash: 1 } });
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks({ budget: { writes: 2, trash: 2 } }))).toMatchObject({
      state: 'applied',
    });
  });

  it('reuse: a plan applied is answered with its state, nothing sent; approve and cancel refuse or keep it', async () => {
    s = setup(emu);
    const plan = await rename();
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks())).toMatchObject({ state: 'applied', done: 1 });
    const before = writes(emu).length;
    expect(await s.plans.apply(plan.plan_id, plan.sha256, hooks())).toMatchObject({ state: 'applied' });
    expect(await s.plans.cancel(plan.plan_id).catch((e: unknown) => e)).toMatchObject({ code: 'invalid' });
    expect(await s.plans.approve(plan.plan_id, plan.sha256)).toMatchObject({ state: 'applied' });
    expect(writes(emu).length).toBe(before);
  });

  it('drift of a roster: a card edited since the plan; an identifier the plan creates now has a card', async () => {
    s = setup(emu);
    const partners = emu.store.cards.filter((c) => c.templateId === 'tpl_cmp_partners' && c.externalId);
    const update = await s.plans.create({
      kind: 'roster_sync',
      campaign_id: 'cmp_native',
      rows: [{ externalId: partners[0].externalId, title: 'Chief Partner' }],
      trash_missing: false,
    });
    await s.client.request('PATCH', `/cards/${partners[0].id}`, {
      body: { fields: { ...partners[0].fields, bio: 'edited' } },
    });
    await refused(update, 'drifted');

    const create = await s.plans.create({
      kind: 'roster_sync',
      campaign_id: 'cmp_native',
      rows: [
        {
          externalId: 'P-LATE',
          firstName: 'Lia',
          lastName: 'Late',
          company: 'Lateco',
          emails: [{ label: 'Work', value: 'lia@late.example' }],
        },
      ],
      trash_missing: false,
    });
    await s.client.request('POST', '/campaigns/cmp_native/cards', {
      body: {
        externalId: 'P-LATE',
        fields: {
          firstName: 'Someone',
          lastName: 'Else',
          company: 'Elseco',
          emails: [{ label: 'Work', value: 'else@late.example' }],
        },
      },
    });
    await refused(create, 'drifted');
  });

  it('a plan file cut short is no plan: not_found, and list leaves it out', async () => {
    s = setup(emu);
    const plan = await rename();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${s.state}/plans/${plan.plan_id}.json`, '{"version":1,"plan_id"');
    await refused(plan, 'not_found');
    expect(await s.plans.list()).toEqual([]);
  });
});
