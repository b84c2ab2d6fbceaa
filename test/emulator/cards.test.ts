import { describe, expect, it } from 'vitest';
import { holdShortCode } from '../../src/emulator/card-factory.js';
import { validateCardFields } from '../../src/emulator/card-fields.js';
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

describe('PATCH /cards/:id', () => {
  it('fields is the complete data: scalars left out cleared, sections left out kept, null clears', async () => {
    const r = await call(emu, 'PATCH', '/cards/crd_jose', {
      body: { fields: { firstName: 'Pepe', lastName: 'Álvarez', phones: null, nickname: 'x' } },
    });
    expect(r.status).toBe(200);
    const f = r.body.fields;
    expect(f).toMatchObject({
      firstName: 'Pepe',
      lastName: 'Álvarez',
      emails: [{ label: 'Work', value: 'jose@estudio-alvarez.example' }],
      address: { city: 'Madrid', country: 'ES' },
    });
    expect(f.links).toHaveLength(2);
    for (const gone of ['title', 'company', 'bio', 'phones', 'nickname']) expect(f).not.toHaveProperty(gone);
    expect(r.body).toMatchObject({ name: 'Pepe Álvarez', status: 'published', shortCode: 'jose-alvarez' });
    const draft = await call(emu, 'PATCH', '/cards/crd_priya', {
      body: { fields: { firstName: 'Priya', lastName: 'R', title: 'SA', emails: null } },
    });
    expect(draft.body.error.details).toEqual([{ key: 'emails', reason: 'required' }]);
  });

  it('accepts only fields and templateId; template link, unlink and rules', async () => {
    const extra = await call(emu, 'PATCH', '/cards/crd_jose', {
      body: { fields: {}, status: 'paused', shortCode: 'x' },
    });
    expect(extra.status).toBe(422);
    expect(extra.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['shortCode', 'status']);
    expect((await call(emu, 'PATCH', '/cards/crd_jose', { body: { templateId: null } })).body.error.details).toEqual([
      expect.objectContaining({ field: 'fields' }),
    ]);
    expect((await call(emu, 'PATCH', '/cards/crd_jose', { body: { fields: {}, templateId: 'tpl_nope' } })).status).toBe(
      404,
    );
    expect((await call(emu, 'PATCH', '/cards/qr_roboconf', { body: { fields: {} } })).status).toBe(404);
    const linked = await call(emu, 'PATCH', '/cards/crd_jose', {
      body: { fields: { firstName: 'José', lastName: 'Á', bio: 'x' }, templateId: 'tpl_event' },
    });
    expect(linked.body.error.details).toEqual([{ key: 'bio', reason: 'hidden' }]);
    const ok = await call(emu, 'PATCH', '/cards/crd_jose', {
      body: {
        fields: {
          firstName: 'José',
          lastName: 'Álvarez',
          title: 'Designer',
          emails: [{ label: 'Work', value: 'j@acme.example' }],
        },
        templateId: 'tpl_corporate',
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.error?.details).toBeUndefined();
    const missing = await call(emu, 'PATCH', '/cards/crd_jose', {
      body: { fields: { firstName: 'José' }, templateId: 'tpl_corporate' },
    });
    expect(missing.body.error.details).toEqual(
      expect.arrayContaining([
        { key: 'lastName', reason: 'required' },
        { key: 'title', reason: 'required' },
      ]),
    );
  });

  it('writing a locked field is refused, its own value included (api-spec); leaving it out keeps it; unlinking lifts the rules', async () => {
    const amelie = (await call(emu, 'GET', '/cards/crd_amelie')).body;
    const echo = await call(emu, 'PATCH', '/cards/crd_amelie', {
      body: { fields: { ...amelie.fields, title: 'CPO' } },
    });
    expect([echo.status, echo.body.error.details]).toEqual([
      422,
      [
        { key: 'company', reason: 'locked' },
        { key: 'companyLogoUrl', reason: 'locked' },
      ],
    ]);
    const { company: _c, companyLogoUrl: _l, ...writable } = amelie.fields;
    const kept = await call(emu, 'PATCH', '/cards/crd_amelie', { body: { fields: { ...writable, title: 'CPO' } } });
    expect([kept.status, kept.body.fields.title, kept.body.fields.company]).toEqual([200, 'CPO', 'Acme Robotics']);
    const locked = await call(emu, 'PATCH', '/cards/crd_amelie', {
      body: { fields: { ...writable, company: 'Rival' } },
    });
    expect(locked.body.error.details).toEqual([{ key: 'company', reason: 'locked' }]);
    const free = await call(emu, 'PATCH', '/cards/crd_amelie', {
      body: { fields: { firstName: 'Amélie', company: 'Rival' }, templateId: null },
    });
    expect([free.status, free.body.templateId, free.body.fields.company, free.body.name]).toEqual([
      200,
      null,
      'Rival',
      'Amélie',
    ]);
  });

  it('the name follows the person; status, short code and url stay', async () => {
    const before = (await call(emu, 'GET', '/cards/crd_kenji')).body;
    // tpl_sales hides address, set before the rule: echoing it back is writing it; leaving it out keeps it.
    expect(
      (await call(emu, 'PATCH', '/cards/crd_kenji', { body: { fields: before.fields } })).body.error.details,
    ).toEqual(expect.arrayContaining([{ key: 'address', reason: 'hidden' }]));
    const { address, company: _locked, ...rest } = before.fields;
    const r = await call(emu, 'PATCH', '/cards/crd_kenji', { body: { fields: { ...rest, firstName: '健' } } });
    expect(r.body.fields.address).toEqual(address);
    expect(r.body).toMatchObject({
      name: '健 渡辺',
      shortCode: before.shortCode,
      url: before.url,
      status: before.status,
    });
    expect(r.body.updatedAt > before.updatedAt).toBe(true);
  });
});

describe('DELETE /cards/:id and wallet', () => {
  it('moves the card to Trash: 404 afterwards, public URL gone at once, short code still taken', async () => {
    expect((await call(emu, 'GET', '/c/ngozi-okafor', { key: null })).status).toBe(200);
    const r = await call(emu, 'DELETE', '/cards/crd_ngozi');
    expect([r.status, r.text]).toEqual([204, '']);
    expect((await call(emu, 'GET', '/cards/crd_ngozi')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/cards/crd_ngozi')).status).toBe(404);
    expect((await call(emu, 'GET', '/c/ngozi-okafor', { key: null })).status).toBe(410);
    expect((await call(emu, 'POST', '/cards', { body: { shortCode: 'ngozi-okafor' } })).body.error.code).toBe(
      'invalid_request',
    );
    expect(
      (
        await call(emu, 'POST', '/qr-codes', {
          body: { name: 'n', destinationUrl: 'https://x.example', shortCode: 'ngozi-okafor' },
        })
      ).status,
    ).toBe(400);
    expect((await call(emu, 'DELETE', '/cards/qr_roboconf')).status).toBe(404);
  });

  it('GET /cards/:id/wallet gives wallet_links', async () => {
    const r = await call(emu, 'GET', '/cards/crd_amelie/wallet');
    expect(r.body).toMatchObject({
      object: 'wallet_links',
      cardId: 'crd_amelie',
      enabled: true,
      apple: `${emu.publicBaseUrl}/c/amelie-laurent/wallet/apple`,
      google: `${emu.publicBaseUrl}/c/amelie-laurent/wallet/google`,
      installs: {
        apple: { issued: expect.any(Number), installed: expect.any(Number) },
        google: { issued: expect.any(Number), installed: expect.any(Number) },
      },
    });
    expect((await call(emu, 'GET', '/cards/crd_liam/wallet')).body).toMatchObject({
      enabled: false,
      apple: null,
      google: null,
    });
    expect((await call(emu, 'GET', '/cards/qr_roboconf/wallet')).status).toBe(404);
  });
});

describe('validateCardFields (for campaign dry runs)', () => {
  it('reports shape and rule problems without creating anything', () => {
    const tpl = emu.store.templates.find((t) => t.id === 'tpl_corporate')!;
    const before = emu.store.cards.length;
    const r = validateCardFields({ firstName: 'A', unknown: 1, phones: [{ label: 'M' }] }, tpl);
    expect(r.problems).toEqual(
      expect.arrayContaining([
        { field: 'fields.phones.0.value', message: 'Required', code: 'invalid_type' },
        { key: 'lastName', reason: 'required' },
      ]),
    );
    expect(r.fields).toMatchObject({ company: 'Acme Robotics', address: { city: 'Lyon', country: 'FR' } });
    expect(r.fields).not.toHaveProperty('unknown');
    expect(emu.store.cards.length).toBe(before);
  });
});
