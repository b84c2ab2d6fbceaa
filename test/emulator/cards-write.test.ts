import { describe, expect, it } from 'vitest';
import { validateCardFields } from '../../src/emulator/card-policy.js';
import { useEmulator } from '../helpers/emulator.js';
import { call } from './_util.js';

const emu = useEmulator();

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
