import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { call } from './_util.js';

const emu = useEmulator();

describe('templates', () => {
  it('lists the account templates newest first with their policies', async () => {
    const r = await call(emu, 'GET', '/templates?limit=100');
    expect(r.status).toBe(200);
    expect(r.body.pagination).toEqual({ total: 9, limit: 100, offset: 0, hasMore: false });
    const times = r.body.data.map((t: { createdAt: string }) => t.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const corporate = r.body.data.find((t: { id: string }) => t.id === 'tpl_corporate');
    expect(corporate).toEqual({
      object: 'card_template',
      id: 'tpl_corporate',
      name: 'Acme corporate',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      policy: expect.objectContaining({ theme: 'locked', blocks: 'reorder_only' }),
    });
    expect(corporate.policy.fields.company).toEqual({ mode: 'locked', value: 'Acme Robotics' });
    expect(corporate.policy.fields.bio).toEqual({ mode: 'hidden' });
    const page = await call(emu, 'GET', '/templates?limit=4&offset=4');
    expect(page.body.data.map((t: { id: string }) => t.id)).toEqual(
      r.body.data.slice(4, 8).map((t: { id: string }) => t.id),
    );
    expect(page.body.pagination.hasMore).toBe(true);
  });

  it('defaults to 25 per page and answers 422 on a bad query', async () => {
    expect((await call(emu, 'GET', '/templates')).body.pagination.limit).toBe(25);
    const bad = await call(emu, 'GET', '/templates?limit=101&offset=x');
    expect([bad.status, bad.body.error.code, bad.body.error.details.map((d: { path: string[] }) => d.path)]).toEqual([
      422,
      'validation_failed',
      [['limit'], ['offset']],
    ]);
  });

  it('gets one; 404 for unknown ids and other kinds', async () => {
    expect((await call(emu, 'GET', '/templates/tpl_sales')).body).toMatchObject({
      object: 'card_template',
      name: 'Sales team',
    });
    for (const id of ['tpl_nope', 'crd_amelie'])
      expect((await call(emu, 'GET', `/templates/${id}`)).body.error.code).toBe('resource_not_found');
  });

  it('needs templates:read and an account-wide key', async () => {
    expect((await call(emu, 'GET', '/templates', { key: emu.keys.qronly })).body.error.code).toBe('forbidden');
    expect((await call(emu, 'GET', '/templates', { key: emu.keys.readonly })).status).toBe(200);
    expect((await call(emu, 'GET', '/templates/tpl_sales', { key: emu.keys.campaign })).body.error.code).toBe(
      'key_scoped_to_campaign',
    );
  });
});
