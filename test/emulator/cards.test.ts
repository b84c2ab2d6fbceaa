import { describe, expect, it } from 'vitest';
import { holdShortCode } from '../../src/emulator/card-factory.js';
import { useEmulator } from '../helpers/emulator.js';
import { call } from './_util.js';

const emu = useEmulator();
const acmeCards = () => emu.store.cards.filter((c) => c.accountId === 'acc_acme');

const corporate = {
  firstName: 'Ines',
  lastName: 'Duarte',
  title: 'Engineer',
  emails: [{ label: 'Work', value: 'ines@acme-robotics.example' }],
};

describe('POST /cards', () => {
  it('creates a published card with defaults and drops unknown keys silently', async () => {
    const r = await call(emu, 'POST', '/cards', {
      body: {
        fields: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          fristName: 'typo',
          emails: [{ label: 'Work', value: 'ada@x.example', extra: 1 }],
        },
        colour: 'red',
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: 'card',
      name: 'Ada Lovelace',
      status: 'published',
      templateId: null,
      externalId: null,
      paused: false,
      fields: { firstName: 'Ada', lastName: 'Lovelace', emails: [{ label: 'Work', value: 'ada@x.example' }] },
    });
    expect(r.body.shortCode).toMatch(/^[a-z0-9]{8}$/);
    expect(r.body.url).toBe(`${emu.publicBaseUrl}/c/${r.body.shortCode}`);
    expect(r.body.vcardUrl).toBe(`${r.body.url}/vcard`);
    expect(r.body.fields).not.toHaveProperty('fristName');
    expect(r.body).not.toHaveProperty('colour');
    expect(r.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const empty = await call(emu, 'POST', '/cards', { body: {} });
    expect([empty.status, empty.body.name, empty.body.fields]).toEqual([201, 'Untitled card', {}]);
    const draft = await call(emu, 'POST', '/cards', { body: { name: 'Booth', status: 'draft', shortCode: 'Booth-7' } });
    expect(draft.body).toMatchObject({ name: 'Booth', status: 'draft', shortCode: 'Booth-7' });
  });

  it('applies template rules and reports every problem at once', async () => {
    const bad = await call(emu, 'POST', '/cards', {
      body: {
        templateId: 'tpl_corporate',
        fields: { firstName: 'Ines', company: 'Other Inc', bio: 'secret', lastName: '' },
      },
    });
    expect([bad.status, bad.body.error.code]).toEqual([422, 'validation_failed']);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { key: 'company', reason: 'locked' },
        { key: 'bio', reason: 'hidden' },
        { key: 'lastName', reason: 'required' },
        { key: 'title', reason: 'required' },
        { key: 'emails', reason: 'required' },
      ]),
    );
    expect(bad.body.error.details).toHaveLength(5);
    // api-spec: "writing to a locked ... field answers 422", its own locked value included.
    const echo = await call(emu, 'POST', '/cards', {
      body: { templateId: 'tpl_corporate', fields: { ...corporate, company: 'Acme Robotics' } },
    });
    expect([echo.status, echo.body.error.details]).toEqual([422, [{ key: 'company', reason: 'locked' }]]);
    const good = await call(emu, 'POST', '/cards', { body: { templateId: 'tpl_corporate', fields: corporate } });
    expect(good.status).toBe(201);
    expect(good.body.templateId).toBe('tpl_corporate');
    expect(good.body.fields).toMatchObject({
      company: 'Acme Robotics',
      companyLogoUrl: 'https://cdn.acme-robotics.example/brand/logo-dark.png',
      links: [{ type: 'website', url: 'https://acme-robotics.example' }],
      address: { city: 'Lyon', country: 'FR' },
    });
    const own = await call(emu, 'POST', '/cards', {
      body: {
        templateId: 'tpl_corporate',
        fields: { ...corporate, links: [{ type: 'linkedin', url: 'linkedin.com/in/ines' }] },
      },
    });
    expect(own.body.fields.links).toEqual([{ type: 'linkedin', url: 'linkedin.com/in/ines' }]); // prefilled is only a default
  });

  it('validates body and field types (422) and answers 404 for an unknown template', async () => {
    const r = await call(emu, 'POST', '/cards', {
      body: { name: 5, status: 'paused', fields: { emails: 'x', links: [{ type: 'myspace', url: 'u' }] } },
    });
    expect(r.status).toBe(422);
    expect(r.body.error.details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['name', 'status', 'fields.emails', 'fields.links.0.type']),
    );
    const long = await call(emu, 'POST', '/cards', { body: { name: 'x'.repeat(201) } });
    expect(long.body.error.details).toEqual([expect.objectContaining({ field: 'name' })]);
    const bad = await call(emu, 'POST', '/cards', { body: { shortCode: 'no spaces!' } });
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: 'shortCode', code: 'invalid_string' })]);
    const tpl = await call(emu, 'POST', '/cards', { body: { templateId: 'tpl_nope', fields: corporate } });
    expect([tpl.status, tpl.body.error.code]).toEqual([404, 'resource_not_found']);
    const odd = await call(emu, 'POST', '/cards', { raw: '{"fields": ' });
    expect([odd.status, odd.body]).toEqual([500, { success: false, message: expect.any(String) }]);
  });

  it('short codes: reserved 400, taken 400 (live, Trash, other customers, any case), racing 409; nothing created', async () => {
    const before = acmeCards().length;
    const post = (shortCode: string) =>
      call(emu, 'POST', '/cards', { body: { shortCode, fields: { firstName: 'X' } } });
    expect((await post('login')).body.error).toMatchObject({ code: 'reserved_short_link' });
    expect((await post('Dashboard')).status).toBe(400);
    for (const code of [
      'amelie-laurent',
      'AMELIE-LAURENT',
      'sven-lindqvist',
      'acme',
      'roboconf26',
      'flyer-2024',
      'camille-roux',
    ]) {
      const r = await post(code);
      expect([code, r.status, r.body.error.code]).toEqual([code, 400, 'invalid_request']);
    }
    const release = holdShortCode(emu.store, 'in-flight');
    expect((await post('in-flight')).body.error).toMatchObject({ code: 'already_exists', type: 'conflict' });
    release();
    expect((await post('in-flight')).status).toBe(201);
    expect(acmeCards().length).toBe(before + 1);
  });

  it('card allowance: 403 limit_exhausted_cards, nothing created; Trash does not count', async () => {
    const account = emu.store.account('acc_acme')!;
    account.cardAllowance = acmeCards().length + 1;
    expect((await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Last' } } })).status).toBe(201);
    const r = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Over' } } });
    expect([r.status, r.body.error.code, r.body.error.type]).toEqual([
      403,
      'limit_exhausted_cards',
      'permission_error',
    ]);
    expect(acmeCards().some((c) => c.fields.firstName === 'Over')).toBe(false);
    expect((await call(emu, 'DELETE', '/cards/crd_jose')).status).toBe(204);
    expect((await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Over' } } })).status).toBe(201);
  });

  it('idempotency: a replay answers the same card; another body with the key is 409; over 255 characters is 400', async () => {
    const headers = { 'Idempotency-Key': 'card-1' };
    const a = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Once' } }, headers });
    const b = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Once' } }, headers });
    expect([b.status, b.body.id, b.headers.get('request-id')]).toEqual([201, a.body.id, a.headers.get('request-id')]);
    expect(acmeCards().filter((c) => c.fields.firstName === 'Once')).toHaveLength(1);
    expect(
      (await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Twice' } }, headers })).body.error.code,
    ).toBe('idempotency_key_reused');
    const patch = await call(emu, 'PATCH', '/cards/crd_jose', {
      body: { fields: {} },
      headers: { 'Idempotency-Key': 'k'.repeat(256) },
    });
    expect([patch.status, patch.body.error.code]).toEqual([400, 'invalid_idempotency_key']);
  });

  it('scopes and campaign keys', async () => {
    expect((await call(emu, 'POST', '/cards', { key: emu.keys.readonly, body: {} })).body.error.code).toBe('forbidden');
    expect((await call(emu, 'GET', '/cards', { key: emu.keys.qronly })).body.error.code).toBe('forbidden');
    for (const [m, p] of [
      ['GET', '/cards'],
      ['GET', '/cards/crd_fatima'],
      ['POST', '/cards'],
      ['PATCH', '/cards/crd_fatima'],
      ['DELETE', '/cards/crd_fatima'],
      ['GET', '/cards/crd_fatima/wallet'],
    ]) {
      const r = await call(emu, m, p, {
        key: emu.keys.campaign,
        body: m === 'GET' || m === 'DELETE' ? undefined : { fields: {} },
      });
      expect([p, r.status, r.body.error.code]).toEqual([p, 403, 'key_scoped_to_campaign']);
    }
  });
});

describe('GET /cards', () => {
  it('newest first, archived left out unless asked, filters and pagination', async () => {
    const all = await call(emu, 'GET', '/cards?limit=100');
    const ids = all.body.data.map((c: { id: string }) => c.id);
    expect(ids).not.toContain('crd_mateus');
    expect(ids).not.toContain('crd_sven');
    expect(ids).not.toContain('crd_camille');
    const times = all.body.data.map((c: { createdAt: string }) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.pagination).toEqual({ total: ids.length, limit: 100, offset: 0, hasMore: false });
    expect((await call(emu, 'GET', '/cards?status=archived')).body.data.map((c: { id: string }) => c.id)).toEqual([
      'crd_mateus',
    ]);
    expect((await call(emu, 'GET', '/cards?status=draft')).body.data.map((c: { id: string }) => c.id).sort()).toEqual([
      'crd_oguz',
      'crd_priya',
    ]);
    expect((await call(emu, 'GET', '/cards?search=LAUR')).body.data.map((c: { id: string }) => c.id)).toEqual([
      'crd_amelie',
    ]);
    expect((await call(emu, 'GET', '/cards?templateId=tpl_sales')).body.pagination.total).toBe(2);
    const page = await call(emu, 'GET', '/cards?limit=2&offset=2');
    expect(page.body.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(2, 4));
    expect(page.body.pagination).toMatchObject({ limit: 2, offset: 2, hasMore: true });
    const created = await call(emu, 'POST', '/cards', { body: { fields: { firstName: 'Newest' } } });
    expect((await call(emu, 'GET', '/cards?limit=1')).body.data[0].id).toBe(created.body.id);
  });

  it('query problems are 422 with path arrays, all at once', async () => {
    const r = await call(emu, 'GET', `/cards?limit=0&status=gone&search=${'a'.repeat(201)}`);
    expect([r.status, r.body.error.code]).toEqual([422, 'validation_failed']);
    expect(r.body.error.details.map((d: { path: string[] }) => d.path)).toEqual([['limit'], ['status'], ['search']]);
    expect((await call(emu, 'GET', `/cards?search=${'a'.repeat(200)}`)).status).toBe(200);
  });

  it('GET /cards/:id answers 404 for a QR id, another account, or Trash', async () => {
    expect((await call(emu, 'GET', '/cards/crd_amelie')).body).toMatchObject({
      object: 'card',
      id: 'crd_amelie',
      name: 'Amélie Laurent',
    });
    for (const id of ['qr_roboconf', 'crd_camille', 'crd_sven', 'crd_nope']) {
      const r = await call(emu, 'GET', `/cards/${id}`);
      expect([id, r.status, r.body.error.code]).toEqual([id, 404, 'resource_not_found']);
    }
  });
});
