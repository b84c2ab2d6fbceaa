import { describe, expect, it } from 'vitest';
import { call, useTestEmulator } from './_util.js';

const t = useTestEmulator();

const grace = (id = 'EMP-2001', extra: Record<string, unknown> = {}) => ({
  employee: { id, givenName: 'Grace', familyName: 'Hopper', jobTitle: 'Rear Admiral' },
  contact: { workEmail: 'grace@acme.example', mobile: '+1 555 0100' },
  office: { city: 'Arlington', country: 'US' },
  ...extra,
});
const partner = (extra: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) => ({
  externalId: 'P-3001',
  fields: {
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Navy',
    emails: [{ label: 'Work', value: 'g@navy.example' }],
    ...fields,
  },
  ...extra,
});
const post = (
  campaign: string,
  body: unknown,
  opts: { key?: string; headers?: Record<string, string>; test?: boolean } = {},
) =>
  call(t.emu, 'POST', `/campaigns/${campaign}/cards${opts.test ? '/test' : ''}`, {
    body,
    key: opts.key,
    headers: opts.headers,
  });
const code = (r: { status: number; body: any }) => [r.status, r.body?.error?.code];

describe('campaign reads', () => {
  it('GET /campaigns lists newest first (limit 20 default); a campaign-scoped key sees only its own', async () => {
    const all = await call(t.emu, 'GET', '/campaigns');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toMatchObject({ total: 6, limit: 20, offset: 0, hasMore: false });
    expect(all.body.data[0]).toEqual({
      object: 'campaign',
      id: 'cmp_unconfigured',
      name: 'Board members',
      status: 'active',
      apiEnabled: true,
      templateId: 'tpl_cmp_board',
      createdAt: expect.any(String),
    });
    const page = await call(t.emu, 'GET', '/campaigns?limit=2&offset=1');
    expect([page.body.data.length, page.body.pagination.hasMore]).toEqual([2, true]);
    const own = await call(t.emu, 'GET', '/campaigns', { key: t.emu.keys.campaign });
    expect(own.body.data.map((c: { id: string }) => c.id)).toEqual(['cmp_mapped']);
    expect(code(await call(t.emu, 'GET', '/campaigns?limit=0'))).toEqual([422, 'validation_failed']);
  });

  it('GET /campaigns/:id: 200, 404, and key_scoped_to_campaign for another campaign', async () => {
    expect((await call(t.emu, 'GET', '/campaigns/cmp_draft')).body).toMatchObject({ id: 'cmp_draft', status: 'draft' });
    expect(code(await call(t.emu, 'GET', '/campaigns/cmp_nope'))).toEqual([404, 'resource_not_found']);
    expect((await call(t.emu, 'GET', '/campaigns/cmp_mapped', { key: t.emu.keys.campaign })).status).toBe(200);
    expect(code(await call(t.emu, 'GET', '/campaigns/cmp_native', { key: t.emu.keys.campaign }))).toEqual([
      403,
      'key_scoped_to_campaign',
    ]);
  });

  it('native schema: sendable fields, sections, blocks, and a sample that posts as is', async () => {
    const s = (await call(t.emu, 'GET', '/campaigns/cmp_native/schema')).body;
    expect(s).toMatchObject({
      object: 'campaign_schema',
      campaignId: 'cmp_native',
      templateId: 'tpl_cmp_partners',
      payloadMode: 'native',
      stale: false,
    });
    expect(s.fingerprint).toBe(s.activatedFingerprint);
    expect(s.fields).toContainEqual({ key: 'company', label: 'Company', required: true });
    expect(s.fields).toContainEqual({ key: 'bio', label: 'Bio', required: false });
    expect(s.sections.map((x: { key: string }) => x.key)).toEqual(['emails', 'phones', 'links', 'address']);
    expect(s.blocks[0]).toEqual({ id: 'blk_header', type: 'header', props: [{ prop: 'layout', value: 'centered' }] });
    expect(s.sample.externalId).toBe('ext-0001');
    const made = await post('cmp_native', s.sample);
    expect(made.status).toBe(201);
    expect(made.body.externalId).toBe('ext-0001');
  });

  it('mapped schema: record paths with the identifier path; the sample posts; stale and unconfigured', async () => {
    const s = (await call(t.emu, 'GET', '/campaigns/cmp_mapped/schema')).body;
    expect(s).toMatchObject({ payloadMode: 'mapped' });
    for (const undocumented of ['externalIdPath', 'strictKeys']) expect(s).not.toHaveProperty(undocumented);
    for (const sec of s.sections) expect(sec).not.toHaveProperty('required');
    expect(s.fields[0]).toEqual({ key: 'employee.id', label: 'Identifier (externalId)', required: true });
    expect(s.fields).toContainEqual({ key: 'employee.givenName', label: 'First name → firstName', required: true });
    expect(s.fields).toContainEqual({
      key: 'contact.mobile',
      label: 'Phone numbers (Mobile) → phones',
      required: false,
    });
    expect(s.sample.employee.id).toBe('ID-0001');
    expect((await post('cmp_mapped', s.sample)).status).toBe(201);
    const stale = (await call(t.emu, 'GET', '/campaigns/cmp_stale/schema')).body;
    expect([stale.stale, stale.activatedFingerprint]).toEqual([true, 'fp_0000000000000000']);
    // The spec lists 200, 404 and 403 for the schema, no 409.
    expect(code(await call(t.emu, 'GET', '/campaigns/cmp_unconfigured/schema'))).toEqual([
      403,
      'campaign_api_disabled',
    ]);
  });
});

describe('POST /campaigns/:id/cards/test (dry run)', () => {
  it('ok: resolved fields with template values, the short link, unmapped paths; creates nothing', async () => {
    const before = t.emu.store.cards.length;
    const r = await post('cmp_mapped', grace('EMP-2001', { hr: { costCenter: 'R&D' } }), { test: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'dry_run',
      ok: true,
      externalId: 'EMP-2001',
      shortCode: 'grace-hopper',
      unmappedPaths: ['hr.costCenter'],
      errors: [],
    });
    expect(r.body.resolvedFields).toMatchObject({
      firstName: 'Grace',
      company: 'Acme Robotics',
      'emails.0.label': 'Work',
      'emails.0.value': 'grace@acme.example',
      'phones.0.value': '+1 555 0100',
      'address.city': 'Arlington',
    });
    expect(r.body.warnings[0].code).toBe('unmapped_paths');
    expect(t.emu.store.cards.length).toBe(before);
  });

  it('not ok: still 200, every problem listed at once', async () => {
    const r = await post(
      'cmp_native',
      { externalId: 'P-2001', shortCode: 'admin', fields: { firstName: 'X', nickname: 'x' } },
      { test: true },
    );
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(false);
    const codes = r.body.errors.map((e: { code: string }) => e.code);
    expect(codes).toEqual(
      expect.arrayContaining(['duplicate_external_id', 'invalid_payload', 'validation_failed', 'invalid_short_link']),
    );
    expect(r.body.errors).toContainEqual(
      expect.objectContaining({ code: 'validation_failed', key: 'lastName', reason: 'required' }),
    );
    expect(r.body.errors).toContainEqual(
      expect.objectContaining({ code: 'invalid_payload', field: 'fields.nickname' }),
    );
  });

  it('refusals before the dry run: disabled, not configured, not an object, scoped key, 404', async () => {
    expect(code(await post('cmp_draft', partner(), { test: true }))).toEqual([403, 'campaign_api_disabled']);
    expect(code(await post('cmp_unconfigured', partner(), { test: true }))).toEqual([409, 'api_not_configured']);
    expect(code(await post('cmp_native', [partner()], { test: true }))).toEqual([400, 'invalid_json_structure']);
    expect(code(await post('cmp_native', partner(), { test: true, key: t.emu.keys.campaign }))).toEqual([
      403,
      'key_scoped_to_campaign',
    ]);
    expect(code(await post('cmp_nope', partner(), { test: true }))).toEqual([404, 'resource_not_found']);
  });
});

describe('POST /campaigns/:id/cards', () => {
  it('mapped: 201 card through the rules, externalId and Request-Id set, short link from the pattern', async () => {
    const r = await post('cmp_mapped', grace(), { key: t.emu.keys.campaign });
    expect(r.status).toBe(201);
    expect(r.headers.get('request-id')).toMatch(/^req_/);
    expect(r.body).toMatchObject({
      object: 'card',
      externalId: 'EMP-2001',
      templateId: 'tpl_cmp_onboarding',
      shortCode: 'grace-hopper',
      name: 'Grace Hopper',
      status: 'published',
      paused: false,
    });
    expect(r.body.fields).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      title: 'Rear Admiral',
      company: 'Acme Robotics',
      emails: [{ label: 'Work', value: 'grace@acme.example' }],
      phones: [{ label: 'Mobile', value: '+1 555 0100' }],
      address: { city: 'Arlington', country: 'US' },
    });
    expect(t.emu.store.cards.find((c) => c.id === r.body.id)?.campaignId).toBe('cmp_mapped');
  });

  it('native: the card document with a custom short code; a numeric identifier becomes a string', async () => {
    const r = await post('cmp_native', partner({ shortCode: 'grace-navy', externalId: 42 }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ externalId: '42', shortCode: 'grace-navy', templateId: 'tpl_cmp_partners' });
    expect(r.body.url).toBe(`${t.emu.publicBaseUrl}/c/grace-navy`);
  });

  it('409 duplicate_external_id and duplicate_in_trash', async () => {
    expect(code(await post('cmp_mapped', grace('EMP-1001')))).toEqual([409, 'duplicate_external_id']);
    expect(code(await post('cmp_mapped', grace('EMP-0999')))).toEqual([409, 'duplicate_in_trash']);
  });

  it('409 short_link_already_exists (the resolved short link is taken, Trash included)', async () => {
    const fatima = grace('EMP-2002');
    fatima.employee.givenName = 'Fatima';
    fatima.employee.familyName = 'Al-Sayed';
    expect(code(await post('cmp_mapped', fatima))).toEqual([409, 'short_link_already_exists']);
    expect(code(await post('cmp_native', partner({ shortCode: 'sven-lindqvist' })))).toEqual([
      409,
      'short_link_already_exists',
    ]);
  });

  it('422 missing_external_id and invalid_external_id', async () => {
    const noId = grace();
    delete (noId.employee as Record<string, unknown>).id;
    expect(code(await post('cmp_mapped', noId))).toEqual([422, 'missing_external_id']);
    expect(code(await post('cmp_native', partner({ externalId: undefined })))).toEqual([422, 'missing_external_id']);
    for (const bad of ['', '   ', ['x'], { a: 1 }, true, 'x'.repeat(129)]) {
      expect(code(await post('cmp_native', partner({ externalId: bad })))).toEqual([422, 'invalid_external_id']);
    }
  });

  it('422 invalid_short_link: bad characters, reserved word, a pattern that slugs to nothing or too long', async () => {
    expect(code(await post('cmp_native', partner({ shortCode: 'grace hopper!' })))).toEqual([
      422,
      'invalid_short_link',
    ]);
    expect(code(await post('cmp_native', partner({ shortCode: 'Admin' })))).toEqual([422, 'invalid_short_link']);
    const long = grace();
    long.employee.givenName = 'G'.repeat(60);
    long.employee.familyName = 'H'.repeat(60);
    expect(code(await post('cmp_mapped', long))).toEqual([422, 'invalid_short_link']);
    const kanji = grace();
    Object.assign(kanji.employee, { givenName: '健二', familyName: '渡辺' });
    expect(code(await post('cmp_mapped', kanji))).toEqual([422, 'invalid_short_link']);
  });

  it('422 invalid_payload (strict keys): undeclared native keys and block props, unmapped record paths', async () => {
    const r = await post(
      'cmp_native',
      partner({ nickname: 'x', blocks: { blk_form: { formName: 'Hi', color: 'red' } } }, { pager: '1' }),
    );
    expect(code(r)).toEqual([422, 'invalid_payload']);
    expect(r.body.error.details).toEqual([
      { field: 'nickname', message: 'Undeclared key "nickname"' },
      { field: 'fields.pager', message: 'Undeclared key "fields.pager"' },
      { field: 'blocks.blk_form.color', message: 'Undeclared key "blocks.blk_form.color"' },
    ]);
    const dealer = {
      dealerCode: 'D-1',
      contactFirstName: 'A',
      contactLastName: 'B',
      dealerName: 'C',
      email: 'a@b.example',
      phone: '1',
      location: { street: 's', city: 'c', zip: 'z', countryCode: 'FR' },
      fax: '2',
    };
    const s = await post('cmp_stale', dealer);
    expect(code(s)).toEqual([422, 'invalid_payload']);
    expect(s.body.error.details).toEqual([{ field: 'fax', message: 'No mapping rule reads "fax"' }]);
    expect((await post('cmp_stale', { ...dealer, fax: undefined, slug: 'dealer-d1' })).status).toBe(201);
  });

  it('422 validation_failed: template rules ({key, reason}), field shapes, a templateId sent', async () => {
    const r = await post('cmp_native', partner({}, { lastName: undefined, bio: 7 }));
    expect(code(r)).toEqual([422, 'validation_failed']);
    expect(r.body.error.details).toEqual(
      expect.arrayContaining([
        { key: 'lastName', reason: 'required' },
        expect.objectContaining({ field: 'fields.bio', code: 'invalid_type' }),
      ]),
    );
    const tpl = await post('cmp_native', partner({ templateId: 'tpl_sales' }));
    expect(tpl.body.error.details).toEqual([expect.objectContaining({ field: 'templateId' })]);
  });

  it('403 campaign_api_disabled: draft, paused, archived or API switch off', async () => {
    expect(code(await post('cmp_draft', partner()))).toEqual([403, 'campaign_api_disabled']);
    expect(code(await post('cmp_disabled', partner()))).toEqual([403, 'campaign_api_disabled']);
    for (const status of ['paused', 'archived'] as const) {
      t.emu.store.campaigns.find((c) => c.id === 'cmp_native')!.status = status;
      expect(code(await post('cmp_native', partner()))).toEqual([403, 'campaign_api_disabled']);
    }
  });

  it('409 api_not_configured', async () => {
    expect(code(await post('cmp_unconfigured', partner()))).toEqual([409, 'api_not_configured']);
  });

  it('400 invalid_json, invalid_json_structure and payload_too_large', async () => {
    const raw = await call(t.emu, 'POST', '/campaigns/cmp_native/cards', { raw: '{"externalId": ' });
    expect(code(raw)).toEqual([400, 'invalid_json']);
    expect(code(await post('cmp_native', 'P-1'))).toEqual([400, 'invalid_json_structure']);
    expect(code(await post('cmp_native', null))).toEqual([400, 'invalid_json_structure']);
    const big = partner({}, { bio: 'x'.repeat(1024 * 1024) });
    expect(code(await post('cmp_native', big))).toEqual([400, 'payload_too_large']);
  });

  it('403 limit_exhausted_cards: nothing created', async () => {
    const acme = t.emu.store.accounts.find((a) => a.id === 'acc_acme')!;
    acme.cardAllowance = t.emu.store.cardsUsed('acc_acme');
    const before = t.emu.store.cards.length;
    expect(code(await post('cmp_native', partner()))).toEqual([403, 'limit_exhausted_cards']);
    expect(t.emu.store.cards.length).toBe(before);
  });

  it('403 key_scoped_to_campaign and 404 for an unknown campaign', async () => {
    expect(code(await post('cmp_native', partner(), { key: t.emu.keys.campaign }))).toEqual([
      403,
      'key_scoped_to_campaign',
    ]);
    expect(code(await post('cmp_nope', partner()))).toEqual([404, 'resource_not_found']);
  });

  it('409 idempotency_key_reused; the same key and body replays the card', async () => {
    const h = { 'Idempotency-Key': 'imp-1' };
    const a = await post('cmp_native', partner(), { headers: h });
    const b = await post('cmp_native', partner(), { headers: h });
    expect([a.status, b.status, b.body.id, b.headers.get('request-id')]).toEqual([
      201,
      201,
      a.body.id,
      a.headers.get('request-id'),
    ]);
    expect(code(await post('cmp_native', partner({ externalId: 'P-3002' }), { headers: h }))).toEqual([
      409,
      'idempotency_key_reused',
    ]);
  });
});
