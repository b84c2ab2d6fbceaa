import { describe, expect, it } from 'vitest';
import { holdShortCode } from '../../src/emulator/card-factory.js';
import { useEmulator } from '../helpers/emulator.js';
import { call } from './_util.js';

const emu = useEmulator();
const acmeQr = () => emu.store.qrCodes.filter((q) => q.accountId === 'acc_acme');
const create = (body: Record<string, unknown>, key?: string) =>
  call(emu, 'POST', '/qr-codes', { body: { name: 'Menu', destinationUrl: 'https://x.example/menu', ...body }, key });

describe('POST /qr-codes', () => {
  it('creates a url code, published by default', async () => {
    const r = await create({});
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: 'qr_code',
      name: 'Menu',
      type: 'url',
      status: 'published',
      destinationUrl: 'https://x.example/menu',
      paused: false,
      scanCount: 0,
    });
    expect(r.body.shortCode).toMatch(/^[a-z0-9]{8}$/);
    expect(r.body.url).toBe(`${emu.publicBaseUrl}/p/${r.body.shortCode}`);
    const draft = await create({ status: 'draft', shortCode: 'Menu-2' });
    expect(draft.body).toMatchObject({ status: 'draft', shortCode: 'Menu-2' });
  });

  it('422 for unknown keys, bad values and missing fields, all at once', async () => {
    const r = await call(emu, 'POST', '/qr-codes', {
      body: { name: '', destinationUrl: 'ftp://x', status: 'paused', colour: 'red', shortCode: 'a b' },
    });
    expect([r.status, r.body.error.code]).toEqual([422, 'validation_failed']);
    const fields = r.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['colour', 'destinationUrl', 'name', 'shortCode', 'status']);
    expect(r.body.error.details.find((d: { field: string }) => d.field === 'destinationUrl').code).toBe(
      'invalid_string',
    );
    const missing = await call(emu, 'POST', '/qr-codes', { body: {} });
    expect(missing.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'destinationUrl',
      'name',
    ]);
    for (const url of ['x.example', 'https://', 'https://x .example', 'mailto:a@b.example']) {
      // no length cap: the spec documents none
      expect((await create({ destinationUrl: url })).status).toBe(422);
    }
    const odd = await call(emu, 'POST', '/qr-codes', { raw: '{name:' });
    expect([odd.status, odd.body.success]).toEqual([500, false]);
  });

  it('short codes: reserved, taken (incl. Trash and cards), racing', async () => {
    expect((await create({ shortCode: 'pricing' })).body.error.code).toBe('reserved_short_link');
    for (const code of ['roboconf26', 'flyer-2024', 'amelie-laurent', 'sven-lindqvist', 'MENU']) {
      const r = await create({ shortCode: code });
      expect([code, r.status, r.body.error.code]).toEqual([code, 400, 'invalid_request']);
    }
    const release = holdShortCode(emu.store, 'race-me');
    expect((await create({ shortCode: 'race-me' })).body.error.code).toBe('already_exists');
    release();
    expect((await create({ shortCode: 'race-me' })).status).toBe(201);
  });

  it('allowance: 403 limit_exhausted_products; archived codes do not count', async () => {
    emu.store.account('acc_acme')!.qrAllowance = acmeQr().filter((q) => q.status !== 'archived').length;
    const r = await create({});
    expect([r.status, r.body.error.code]).toEqual([403, 'limit_exhausted_products']);
    expect(acmeQr().some((q) => q.name === 'Menu')).toBe(false);
    expect((await call(emu, 'PATCH', '/qr-codes/qr_support', { body: { status: 'archived' } })).status).toBe(200);
    expect((await create({})).status).toBe(201);
  });

  it('a plan that does not cover QR codes creates them paused: true', async () => {
    emu.store.account('acc_acme')!.plan = 'business_card';
    const r = await create({ shortCode: 'parked' });
    expect([r.status, r.body.paused]).toEqual([201, true]);
    expect((await call(emu, 'GET', '/p/parked', { key: null })).status).toBe(423);
  });

  it('scopes, idempotency and campaign keys', async () => {
    expect((await create({}, emu.keys.readonly)).body.error.code).toBe('forbidden');
    expect((await call(emu, 'GET', '/qr-codes', { key: emu.keys.qronly })).status).toBe(200);
    expect((await call(emu, 'GET', '/qr-codes', { key: emu.keys.campaign })).body.error.code).toBe(
      'key_scoped_to_campaign',
    );
    const headers = { 'Idempotency-Key': 'k1' };
    const a = await call(emu, 'POST', '/qr-codes', {
      body: { name: 'A', destinationUrl: 'https://a.example' },
      headers,
    });
    const b = await call(emu, 'POST', '/qr-codes', {
      body: { name: 'A', destinationUrl: 'https://a.example' },
      headers,
    });
    expect(b.body.id).toBe(a.body.id);
    expect(
      (await call(emu, 'POST', '/qr-codes', { body: { name: 'B', destinationUrl: 'https://a.example' }, headers })).body
        .error.code,
    ).toBe('idempotency_key_reused');
  });
});

describe('GET /qr-codes', () => {
  it('lists every non-card code newest first; archived hidden unless asked; search, status, type', async () => {
    const r = await call(emu, 'GET', '/qr-codes?limit=100');
    const ids = r.body.data.map((q: { id: string }) => q.id);
    expect(ids.sort()).toEqual([
      'qr_careers',
      'qr_feedback',
      'qr_gs1',
      'qr_manual',
      'qr_promo',
      'qr_roboconf',
      'qr_spec_sheet',
      'qr_support',
    ]);
    const times = r.body.data.map((q: { createdAt: string }) => q.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const ids2 = (q: string) =>
      call(emu, 'GET', `/qr-codes?${q}`).then((x) => x.body.data.map((i: { id: string }) => i.id));
    expect(await ids2('status=archived')).toEqual(['qr_webinar']);
    expect(await ids2('type=file')).toEqual(['qr_spec_sheet']);
    expect(await ids2('search=ROBOCONF')).toEqual(['qr_roboconf']); // name and slug
    expect(await ids2('search=docs.acme')).toEqual(['qr_manual']); // destination
    expect(await ids2('search=ar7-g')).toEqual(['qr_gs1']); // slug
    const bad = await call(emu, 'GET', '/qr-codes?type=card&status=x&offset=-1');
    expect(bad.body.error.details.map((d: { path: string[] }) => d.path[0]).sort()).toEqual([
      'offset',
      'status',
      'type',
    ]);
  });

  it('GET one: 404 for a card id, Trash, another account', async () => {
    expect((await call(emu, 'GET', '/qr-codes/qr_gs1')).body).toMatchObject({
      object: 'qr_code',
      type: 'gs1',
      destinationUrl: expect.any(String),
    });
    for (const id of ['crd_amelie', 'qr_flyer', 'qr_lunch', 'qr_nope']) {
      expect([id, (await call(emu, 'GET', `/qr-codes/${id}`)).status]).toEqual([id, 404]);
    }
  });
});

describe('PATCH and DELETE /qr-codes/:id', () => {
  it('changes only what is sent; the short code and url stay', async () => {
    const before = (await call(emu, 'GET', '/qr-codes/qr_support')).body;
    const r = await call(emu, 'PATCH', '/qr-codes/qr_support', {
      body: { destinationUrl: 'https://help.acme.example/' },
    });
    expect(r.body).toMatchObject({
      name: before.name,
      status: 'published',
      shortCode: before.shortCode,
      url: before.url,
      destinationUrl: 'https://help.acme.example/',
    });
    expect((await call(emu, 'PATCH', '/qr-codes/qr_support', { body: { name: 'Help' } })).body).toMatchObject({
      name: 'Help',
      destinationUrl: 'https://help.acme.example/',
    });
  });

  it('422: nothing sent, unknown keys, destination of a non-url code, bad status; 404 for a card', async () => {
    const codes = async (id: string, body: unknown) =>
      (await call(emu, 'PATCH', `/qr-codes/${id}`, { body })).body.error?.details?.map(
        (d: { field: string }) => d.field,
      );
    expect(await codes('qr_support', {})).toEqual(['']);
    expect(await codes('qr_support', { shortCode: 'new' })).toEqual(['shortCode']);
    expect(await codes('qr_spec_sheet', { destinationUrl: 'https://x.example' })).toEqual(['destinationUrl']);
    expect(await codes('qr_support', { status: 'deleted', name: '' })).toEqual(['name', 'status']);
    expect((await call(emu, 'PATCH', '/qr-codes/crd_amelie', { body: { name: 'x' } })).status).toBe(404);
  });

  it('DELETE moves any non-card code to Trash; its short code stays taken', async () => {
    expect((await call(emu, 'DELETE', '/qr-codes/qr_careers')).status).toBe(204);
    expect((await call(emu, 'GET', '/qr-codes/qr_careers')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/qr-codes/qr_careers')).status).toBe(404);
    expect((await call(emu, 'DELETE', '/qr-codes/crd_amelie')).status).toBe(404);
    expect((await create({ shortCode: 'acme-careers' })).body.error.code).toBe('invalid_request');
    expect(emu.store.trash.some((t) => t.record.id === 'qr_careers')).toBe(true);
  });
});

describe('public URLs follow the state table, route by route', () => {
  const open = (path: string) => call(emu, 'GET', path, { key: null }).then((r) => r.status);
  const cardRoutes = (code: string) => [
    `/c/${code}`,
    `/c/${code}/vcard`,
    `/c/${code}/wallet/apple`,
    `/c/${code}/wallet/google`,
  ];

  it('QR code: draft preview, published, paused, back to published, published-then-draft, archived, Trash', async () => {
    const qr = (await create({ status: 'draft', shortCode: 'states' })).body;
    const scans = () => emu.store.scanCount(qr.id);
    const patch = (status: string) => call(emu, 'PATCH', `/qr-codes/${qr.id}`, { body: { status } });
    expect(await open('/p/states')).toBe(302); // never published: preview
    expect(scans()).toBe(0);
    await patch('published');
    expect(await open('/p/states')).toBe(302);
    expect(scans()).toBe(1);
    await patch('paused');
    expect(await open('/p/states')).toBe(423);
    await patch('published');
    expect(await open('/p/states')).toBe(302);
    await patch('draft');
    expect(await open('/p/states')).toBe(423); // published then draft: no longer opens
    await patch('archived');
    expect(await open('/p/states')).toBe(410);
    expect((await call(emu, 'GET', '/qr-codes')).body.data.some((q: { id: string }) => q.id === qr.id)).toBe(false);
    await patch('published');
    expect(await open('/p/states')).toBe(302); // publishing undoes the archive
    await call(emu, 'DELETE', `/qr-codes/${qr.id}`);
    expect(await open('/p/states')).toBe(410);
    expect(scans()).toBe(3);
  });

  it('cards: every public route for each state', async () => {
    const draft = (
      await call(emu, 'POST', '/cards', {
        body: { status: 'draft', shortCode: 'draft-card', fields: { firstName: 'D', company: 'C' } },
      })
    ).body;
    const expected: Array<[string, number[]]> = [
      ['draft-card', [200, 200, 200, 302]], // never published: preview
      ['amelie-laurent', [200, 200, 200, 302]], // published
      ['oguz-yilmaz', [423, 423, 423, 423]], // published, then draft
      ['liam-oconnor', [423, 423, 423, 423]], // status paused
      ['aleksandra-w', [423, 423, 423, 423]], // paused: true
      ['mateus-conceicao', [410, 410, 410, 410]], // archived
      ['sven-lindqvist', [410, 410, 410, 410]], // in Trash
    ];
    for (const [code, statuses] of expected) {
      const got = [];
      for (const path of cardRoutes(code)) got.push(await open(path));
      expect([code, got]).toEqual([code, statuses]);
    }
    expect((await call(emu, 'GET', '/c/draft-card', { key: null })).text).toContain('Preview');
    expect(emu.store.scanCount(draft.id)).toBe(0);
    await call(emu, 'DELETE', `/cards/${draft.id}`);
    for (const path of cardRoutes('draft-card')) expect([path, await open(path)]).toEqual([path, 410]);
  });
});
