// plans(deps) against the real emulator (PRODUCT §17): each kind planned by reads only, the plan file
// (0600 in a 0700 folder), and an apply on the row engine once approved; applied again, nothing is sent.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanRefusal } from '../../src/plans/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { applied, hooks, setup, writes, type Setup } from './_plans.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
let s: Setup;
afterEach(async () => s?.close());

const code = (shortCode: string) => emu.store.qrCodes.find((q) => q.shortCode === shortCode);

describe('create', () => {
  it('qr_apply: creates and updates with old → new, by reads only; the file is 0600 in a 0700 folder', async () => {
    s = setup(emu);
    const view = await s.plans.create({
      kind: 'qr_apply',
      rows: [
        { shortCode: 'agent-new', name: 'New one', destinationUrl: 'https://a.example/new' },
        { shortCode: 'acme-support', name: 'Support (renamed)' },
        { shortCode: 'roboconf26', name: 'RoboConf 2026 booth' },
      ],
    });
    expect(writes(emu)).toEqual([]);
    expect(view).toMatchObject({
      kind: 'qr_apply',
      account: 'acc_acme',
      state: 'planned',
      approved: false,
      destructive: false,
      done: 0,
      total: 2,
    });
    expect(view.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(view.changes).toEqual([
      {
        object: 'qr',
        subject: 'agent-new',
        action: 'create',
        fields: {
          name: { old: null, new: 'New one' },
          destinationUrl: { old: null, new: 'https://a.example/new' },
          status: { old: null, new: 'published' },
        },
      },
      {
        id: 'qr_support',
        object: 'qr',
        subject: 'acme-support',
        action: 'update',
        fields: { name: { old: 'Support portal', new: 'Support (renamed)' } },
      },
    ]);
    expect(Date.parse(view.expires_at) - emu.now()).toBeGreaterThan(15 * 60 * 1000 - 5000);
    expect(Date.parse(view.expires_at) - emu.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    const dir = join(s.state, 'plans');
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, `${view.plan_id}.json`)).mode & 0o777).toBe(0o600);
    const file = JSON.parse(readFileSync(join(dir, `${view.plan_id}.json`), 'utf8'));
    expect(file.rows[1].before).toMatchObject({
      status: 'published',
      paused: false,
      fields: { name: 'Support portal' },
    });
    expect(file.rows[1].before.updatedAt).toEqual(code('acme-support')!.updatedAt);
    expect(await s.plans.get(view.plan_id)).toEqual(view);
    expect((await s.plans.list()).map((p) => p.plan_id)).toEqual([view.plan_id]);
  });

  it('refuses invalid input as one line and writes no plan', async () => {
    s = setup(emu);
    const bad = [
      { kind: 'qr_apply', rows: [{ shortCode: 'x y', name: 'n', destinationUrl: 'https://a.example' }] },
      { kind: 'qr_apply', rows: [{ shortCode: 'ok', colour: 'red' }] },
      { kind: 'qr_apply', rows: [] },
      { kind: 'qr_status', ids: ['qr_support'], status: 'gone' },
      { kind: 'qr_status', ids: ['qr_nope'], status: 'paused' },
      { kind: 'trash', ids: ['qr_support', 'qr_support'] },
      { kind: 'roster_sync', campaign_id: 'cmp_mapped', rows: [{ externalId: 'a' }], trash_missing: false },
      { kind: 'nope' },
    ];
    for (const input of bad) {
      const e = await s.plans.create(input as never).catch((x: unknown) => x);
      expect(e, JSON.stringify(input)).toBeInstanceOf(PlanRefusal);
      expect((e as PlanRefusal).code).toBe('invalid');
      expect((e as PlanRefusal).message).not.toContain('\n');
    }
    expect(await s.plans.list()).toEqual([]);
    expect(writes(emu)).toEqual([]);
  });

  it('qr_status, trash and roster_sync plans say what they change; pause and trash are destructive', async () => {
    s = setup(emu);
    const status = await s.plans.create({ kind: 'qr_status', ids: ['qr_support', 'qr_promo'], status: 'paused' });
    expect(status).toMatchObject({ destructive: true, total: 1 });
    expect(status.changes).toEqual([
      {
        id: 'qr_support',
        object: 'qr',
        subject: 'qr_support',
        action: 'pause',
        fields: { status: { old: 'published', new: 'paused' } },
      },
    ]);
    const draft = await s.plans.create({ kind: 'qr_apply', rows: [{ shortCode: 'acme-support', status: 'draft' }] });
    expect([draft.destructive, draft.changes[0].action]).toEqual([true, 'pause']); // a published code unpublished stops opening
    const trash = await s.plans.create({ kind: 'trash', ids: ['crd_amelie', 'qr_support'] });
    expect(trash).toMatchObject({ destructive: true, total: 2 });
    expect(trash.changes.map((c) => [c.object, c.action, c.id])).toEqual([
      ['card', 'trash', 'crd_amelie'],
      ['qr', 'trash', 'qr_support'],
    ]);
    const partners = emu.store.cards.filter((c) => c.templateId === 'tpl_cmp_partners' && c.externalId);
    const roster = await s.plans.create({
      kind: 'roster_sync',
      campaign_id: 'cmp_native',
      rows: [
        { externalId: partners[0].externalId, title: 'Chief Partner' },
        {
          externalId: 'P-NEW-1',
          firstName: 'Nia',
          lastName: 'New',
          company: 'Newco',
          emails: [{ label: 'Work', value: 'nia@new.example' }],
        },
      ],
      trash_missing: true,
      max_trash: 50,
    });
    expect(roster.changes.map((c) => [c.action, c.subject])).toEqual([
      ['update', partners[0].externalId],
      ['create', 'P-NEW-1'],
      ...partners.slice(1).map((c) => ['trash', c.externalId]),
    ]);
    expect(roster.destructive).toBe(partners.length > 1);
    expect(roster.changes[0].fields.title.new).toBe('Chief Partner');
    expect(writes(emu).filter((r) => !r.path.endsWith('/cards/test'))).toEqual([]);
  });
});

describe('apply', () => {
  it('applies an approved plan once; applied again it returns its state and sends nothing', async () => {
    s = setup(emu);
    emu.store.account('acc_acme')!.qrAllowance = 1000;
    const view = await s.plans.create({
      kind: 'qr_apply',
      rows: [
        { shortCode: 'agent-a', name: 'A', destinationUrl: 'https://a.example/a', status: 'paused' },
        { shortCode: 'agent-b', name: 'B', destinationUrl: 'https://a.example/b' },
        { shortCode: 'acme-support', destinationUrl: 'https://support.example/new' },
      ],
    });
    expect(view.destructive).toBe(true); // it retargets acme-support
    const refused = await s.plans.apply(view.plan_id, view.sha256, hooks()).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'not_approved' });
    expect(writes(emu)).toEqual([]);
    await s.plans.approve(view.plan_id, view.sha256);
    const progress: string[] = [];
    const done = await s.plans.apply(
      view.plan_id,
      view.sha256,
      hooks({ onProgress: (d, t) => progress.push(`${d}/${t}`) }),
    );
    expect(done).toMatchObject({ state: 'applied', done: 4, total: 4, tallies: { created: 2, updated: 2 } });
    expect(progress.at(-1)).toBe('4/4');
    expect(code('agent-a')).toMatchObject({ status: 'paused', name: 'A' });
    expect(code('agent-b')).toMatchObject({ status: 'published' });
    expect(code('acme-support')!.destinationUrl).toBe('https://support.example/new');
    // Each change once, under its own key; the report beside the plan names every step.
    const keys = writes(emu).map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(4);
    expect(applied(emu, 'PATCH', '/qr-codes/qr_support')).toBe(1);
    const report = readFileSync(join(s.state, 'plans', `${view.plan_id}.report.ndjson`), 'utf8');
    expect(
      report
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).outcome)
        .filter((o) => o && o !== 'sending'),
    ).toEqual(['created', 'updated', 'created', 'updated']);
    const before = writes(emu).length;
    expect(await s.plans.apply(view.plan_id, view.sha256, hooks())).toMatchObject({ state: 'applied', done: 4 });
    expect(writes(emu).length).toBe(before);
    expect(await s.plans.get(view.plan_id)).toMatchObject({ state: 'applied', done: 4, approved: true });
  });

  it('an elicitation accepted approves and goes on; declined, nothing is sent', async () => {
    s = setup(emu);
    const view = await s.plans.create({ kind: 'trash', ids: ['qr_support'] });
    const asked: string[] = [];
    const no = await s.plans
      .apply(view.plan_id, view.sha256, hooks({ ask: async (_p, m) => (asked.push(m), false) }))
      .catch((e: unknown) => e);
    expect(no).toMatchObject({ code: 'not_approved' });
    expect(asked[0]).toMatch(/acc_acme.*1 object moved to Trash/);
    expect(writes(emu)).toEqual([]);
    const yes = await s.plans.apply(view.plan_id, view.sha256, hooks({ ask: async () => true }));
    expect(yes).toMatchObject({ state: 'applied', done: 1 });
    expect(emu.store.trash.map((t) => t.record.id)).toContain('qr_support');
    expect(await s.plans.get(view.plan_id)).toMatchObject({ approved: true });
  });

  it('roster_sync: updates, creates and trashes the campaign cards once', async () => {
    s = setup(emu);
    const partners = emu.store.cards.filter((c) => c.templateId === 'tpl_cmp_partners' && c.externalId);
    const view = await s.plans.create({
      kind: 'roster_sync',
      campaign_id: 'cmp_native',
      rows: [
        { externalId: partners[0].externalId, title: 'Chief Partner' },
        {
          externalId: 'P-NEW-1',
          firstName: 'Nia',
          lastName: 'New',
          company: 'Newco',
          emails: [{ label: 'Work', value: 'nia@new.example' }],
        },
      ],
      trash_missing: true,
      max_trash: 50,
    });
    await s.plans.approve(view.plan_id, view.sha256);
    const r = await s.plans.apply(view.plan_id, view.sha256, hooks());
    expect(r).toMatchObject({ state: 'applied', done: view.total });
    const live = emu.store.cards.filter((c) => c.templateId === 'tpl_cmp_partners' && c.externalId);
    expect(live.map((c) => c.externalId).sort()).toEqual([partners[0].externalId, 'P-NEW-1'].sort());
    expect(live.find((c) => c.externalId === partners[0].externalId)!.fields.title).toBe('Chief Partner');
  });
});
