// The conformance guard: every answer the emulator gives on every endpoint and error path is held
// against openapi/cardqr-api.yaml (contract.ts: ajv, JSON Schema 2020-12) in its strict reading, where
// objects are closed: each status documented for the operation, each body valid against its schema (error
// codes per endpoint and status included), each required header present and no header the operation does
// not document (Request-Id only on campaign card creation). The day the emulator sends an undocumented
// field, this fails. The requests the CLI sends are checked in cli-requests.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { Contract, type Operation } from './contract.js';
import { contractCounts } from './counts.js';

const contract = new Contract();
const counts = contractCounts('conformance');
const emu = useEmulator();
/** Operations answered at least once, and with a success. */
const answered = new Set<string>();
const succeeded = new Set<string>();

async function send(
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const key = opts.key === undefined ? emu.keys.full : opts.key;
  if (key) headers.Authorization = `Bearer ${key}`;
  const body = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined && !('Content-Type' in headers)) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${emu.baseUrl}${path}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const resHeaders = Object.fromEntries(res.headers);
  const isJson = (resHeaders['content-type'] ?? '').startsWith('application/json');
  const json = isJson && bytes.length ? JSON.parse(bytes.toString('utf8')) : undefined;
  const op: Operation | undefined = contract.match(method, path.split('?')[0]);
  const problems = contract.checkAnswer(
    op,
    { status: res.status, headers: resHeaders, body: bytes.length ? (isJson ? json : bytes) : undefined },
    'strict',
  );
  counts.answers++;
  counts.violations += problems.length;
  if (op) {
    answered.add(op.id);
    if (res.status < 300) succeeded.add(op.id);
  }
  expect(problems, `${method} ${path} → ${res.status}`).toEqual([]);
  return { status: res.status, json };
}

afterAll(() => {
  // Every operation the contract documents was answered with a success at least once.
  expect(contract.operations.map((o) => o.id).filter((id) => !succeeded.has(id))).toEqual([]);
});

describe('every emulator answer against openapi/cardqr-api.yaml', () => {
  it('reads: every GET endpoint, lists with every filter, and their 4xx', async () => {
    for (const p of [
      '/me',
      '/cards',
      '/cards?status=archived',
      '/cards?search=a&limit=2&offset=1',
      '/cards/crd_amelie',
      '/cards/crd_kenji',
      '/cards/crd_fatima',
      '/cards/crd_amelie/wallet',
      '/cards/crd_aleksandra/wallet',
      '/templates',
      '/templates/tpl_corporate',
      '/qr-codes',
      '/qr-codes?status=archived',
      '/qr-codes?type=url',
      '/qr-codes/qr_roboconf',
      '/analytics/overview',
      '/analytics/overview?range=12m&timeZone=Asia/Tokyo',
      '/analytics/qr_roboconf',
      '/analytics/crd_amelie?range=7d',
      '/leads',
      '/leads?limit=100',
      '/leads?source=form&includeArchived=true',
      '/campaigns',
      '/campaigns/cmp_mapped',
      '/campaigns/cmp_native/schema',
      '/campaigns/cmp_mapped/schema',
      '/campaigns/cmp_stale/schema',
    ]) {
      expect((await send('GET', p)).status, p).toBe(200);
    }
    const leads = (await send('GET', '/leads?limit=100&includeArchived=true')).json.data as { id: string }[];
    for (const l of leads.slice(0, 30)) await send('GET', `/leads/${l.id}`);
    for (const p of [
      '/cards?limit=0',
      '/cards?status=gone',
      '/cards?search=' + 'x'.repeat(201),
      '/qr-codes?type=x',
      '/templates?offset=-1',
      '/analytics/overview?range=1y',
      '/analytics/overview?timeZone=Mars/Base',
      '/leads?since=2026-01-01',
      '/campaigns?limit=101',
      '/qr-codes/qr_roboconf/image?size=5&format=gif',
    ]) {
      expect((await send('GET', p)).status, p).toBe(422);
    }
    for (const p of [
      '/cards/crd_nope',
      '/cards/qr_roboconf',
      '/qr-codes/crd_amelie',
      '/templates/tpl_nope',
      '/leads/lead_nope',
      '/campaigns/cmp_nope',
      '/campaigns/cmp_nope/schema',
      '/analytics/crd_nope',
      '/cards/crd_nope/wallet',
      '/qr-codes/qr_nope/image',
      '/cards/crd_camille',
    ]) {
      expect((await send('GET', p)).status, p).toBe(404);
    }
    expect((await send('GET', '/nothing/here')).status).toBe(404);
    expect((await send('PUT', '/cards/crd_amelie', { body: {} })).status).toBe(404);
    expect((await send('GET', '/campaigns/cmp_unconfigured/schema')).status).toBe(403);
  });

  it('keys, scopes, plans and rate limits on every kind of endpoint', async () => {
    for (const p of ['/me', '/cards', '/campaigns', '/campaigns/cmp_mapped', '/campaigns/cmp_mapped/schema'])
      await send('GET', p, { key: emu.keys.campaign });
    for (const p of ['/cards', '/qr-codes', '/leads', '/campaigns/cmp_native'])
      expect((await send('GET', p, { key: emu.keys.campaign })).status).toBe(403);
    expect((await send('GET', '/leads', { key: emu.keys.qronly })).status).toBe(403);
    expect(
      (
        await send('POST', '/qr-codes', {
          key: emu.keys.readonly,
          body: { name: 'n', destinationUrl: 'https://x.example' },
        })
      ).status,
    ).toBe(403);
    for (const key of [null, 'cq_live_wrong', emu.keys.revoked])
      expect((await send('GET', '/me', { key })).status).toBe(401);
    expect((await send('GET', '/me', { key: emu.keys.noapi })).status).toBe(403);
    emu.injectFaults([
      { kind: '429', resetSeconds: 3 },
      { kind: '500' },
      { kind: 'malformed_500', path: '/cards', method: 'POST' },
    ]);
    expect((await send('GET', '/cards')).status).toBe(429);
    expect((await send('GET', '/cards')).status).toBe(500);
    expect((await send('POST', '/cards', { body: {} })).status).toBe(500);
    expect((await send('GET', '/me', { key: emu.keys.readonly, headers: {} })).status).toBe(200);
  });

  it('writes: cards, QR codes and their every refusal', async () => {
    const card = (
      await send('POST', '/cards', {
        body: {
          fields: {
            firstName: 'Ada',
            lastName: 'L',
            emails: [{ label: 'Work', value: 'a@x' }],
            address: { city: 'Paris', street: '1 rue' },
          },
          status: 'draft',
        },
      })
    ).json;
    await send('POST', '/cards', {
      body: {
        templateId: 'tpl_corporate',
        fields: { firstName: 'I', lastName: 'D', title: 'T', emails: [{ label: 'W', value: 'i@x' }] },
      },
    });
    await send('PATCH', `/cards/${card.id}`, {
      body: { fields: { firstName: 'Ada', phones: [{ label: 'M', value: '1' }] } },
    });
    await send('PATCH', `/cards/${card.id}`, {
      body: { fields: { firstName: 'Ada' }, templateId: 'tpl_corporate', extra: 1 },
    });
    await send('PATCH', `/cards/${card.id}`, { raw: '{bad' });
    await send('PATCH', `/cards/${card.id}`, { raw: '{}', headers: { 'Content-Type': 'text/plain' } });
    await send('POST', '/cards', {
      body: { name: 5, status: 'paused', shortCode: 'no spaces', fields: { emails: 'x' } },
    });
    await send('POST', '/cards', { raw: '{"fields": ' }); // the documented odd 500
    await send('POST', '/cards', { raw: '{}', headers: { 'Content-Type': 'text/plain' } });
    await send('POST', '/cards', { body: { shortCode: 'Login' } });
    await send('POST', '/cards', { body: { shortCode: 'acme' } });
    await send('POST', '/cards', { body: { templateId: 'tpl_nope' } });
    await send('POST', '/cards', { body: { templateId: 'tpl_corporate', fields: { company: 'X', bio: 'y' } } });
    await send('POST', '/cards', { body: {}, headers: { 'Idempotency-Key': 'k'.repeat(256) } });
    await send('POST', '/cards', { body: { name: 'one' }, headers: { 'Idempotency-Key': 'conf-1' } });
    await send('POST', '/cards', { body: { name: 'one' }, headers: { 'Idempotency-Key': 'conf-1' } }); // replay: no extra header
    await send('POST', '/cards', { body: { name: 'two' }, headers: { 'Idempotency-Key': 'conf-1' } });
    emu.injectFaults([{ kind: 'in_flight' }]);
    await send('POST', '/cards', { body: { name: 'three' }, headers: { 'Idempotency-Key': 'conf-3' } });
    const held = await fetch(`${emu.publicBaseUrl}/_emulator/short-code-holds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shortCode: 'conf-race' }),
    });
    expect(held.status).toBe(200);
    expect((await send('POST', '/cards', { body: { shortCode: 'conf-race' } })).status).toBe(409);
    expect(
      (
        await send('POST', '/qr-codes', {
          body: { name: 'q', destinationUrl: 'https://x.example', shortCode: 'conf-race' },
        })
      ).status,
    ).toBe(409);
    await send('DELETE', `/cards/${card.id}`);
    await send('DELETE', `/cards/${card.id}`);
    await send('GET', '/cards/crd_amelie', { key: emu.keys.full });

    const qr = (
      await send('POST', '/qr-codes', { body: { name: 'Q', destinationUrl: 'https://x.example', status: 'draft' } })
    ).json;
    await send('PATCH', `/qr-codes/${qr.id}`, { body: { status: 'paused', name: 'Q2' } });
    await send('PATCH', `/qr-codes/${qr.id}`, { body: {} });
    await send('PATCH', `/qr-codes/${qr.id}`, { body: { shortCode: 'x' } });
    await send('POST', '/qr-codes', { body: { name: '', destinationUrl: 'ftp://x', extra: 1 } });
    await send('POST', '/qr-codes', { raw: '[1,' });
    await send('POST', '/qr-codes', { body: { name: 'n', destinationUrl: 'https://x.example', shortCode: 'help' } });
    await send('POST', '/qr-codes', { body: { name: 'n', destinationUrl: 'https://x.example', shortCode: 'menu' } });
    await send('DELETE', `/qr-codes/${qr.id}`);
    await send('DELETE', '/qr-codes/crd_amelie');
    emu.store.account('acc_acme')!.qrAllowance = 0;
    emu.store.account('acc_acme')!.cardAllowance = 0;
    expect((await send('POST', '/qr-codes', { body: { name: 'n', destinationUrl: 'https://x.example' } })).status).toBe(
      403,
    );
    expect((await send('POST', '/cards', { body: {} })).status).toBe(403);
  });

  it('campaign ingestion: dry runs and creates in both modes, and every campaign error', async () => {
    const grace = (id: unknown) => ({
      employee: { id, givenName: 'Grace', familyName: 'Hopper' },
      contact: { workEmail: 'g@x.example', mobile: '+1 5' },
      office: { city: 'Arlington' },
      hr: { x: 1 },
    });
    const partner = (id: unknown) => ({
      externalId: id,
      fields: { firstName: 'P', lastName: 'Q', emails: [{ label: 'Work', value: 'p@x' }] },
    });
    for (const [c, body] of [
      ['cmp_mapped', grace('EMP-9001')],
      ['cmp_mapped', grace(null)],
      ['cmp_native', partner('P-9001')],
      ['cmp_native', { ...partner('P-9002'), fields: { company: 'x' }, junk: 1 }],
    ] as const) {
      expect((await send('POST', `/campaigns/${c}/cards/test`, { body })).status).toBe(200);
    }
    for (const body of [
      grace('EMP-9001'),
      grace('EMP-1001'),
      grace(null),
      grace(''),
      grace('x'.repeat(129)),
      grace('EMP-0999'),
      { ...grace('EMP-9003'), employee: { id: 'EMP-9003', givenName: 'Fatima', familyName: 'Al-Sayed' } },
    ]) {
      await send('POST', '/campaigns/cmp_mapped/cards', { body });
    }
    for (const body of [
      partner('P-9001'),
      partner('P-2001'),
      { ...partner('P-9004'), templateId: 'tpl_x' },
      { ...partner('P-9005'), shortCode: 'bad code' },
      { externalId: 'P-9006' },
    ]) {
      await send('POST', '/campaigns/cmp_native/cards', { body });
    }
    for (const p of ['/campaigns/cmp_native/cards', '/campaigns/cmp_native/cards/test']) {
      await send('POST', p, { raw: '{nope' });
      await send('POST', p, { raw: '[1]' });
      await send('POST', p);
      await send('POST', p, { raw: '{}', headers: { 'Content-Type': 'text/plain' } });
      await send('POST', p, { body: { pad: 'x'.repeat(1_000_001) } });
    }
    for (const c of ['cmp_draft', 'cmp_disabled', 'cmp_unconfigured', 'cmp_nope']) {
      await send('POST', `/campaigns/${c}/cards`, { body: partner('P-1') });
      await send('POST', `/campaigns/${c}/cards/test`, { body: partner('P-1') });
    }
    await send('POST', '/campaigns/cmp_native/cards', { key: emu.keys.campaign, body: partner('P-1') });
    await send('POST', '/campaigns/cmp_mapped/cards', { key: emu.keys.campaign, body: grace('EMP-9100') });
    await send('POST', '/campaigns/cmp_mapped/cards', {
      body: grace('EMP-9101'),
      headers: { 'Idempotency-Key': 'c-1' },
    });
    await send('POST', '/campaigns/cmp_mapped/cards', {
      body: grace('EMP-9102'),
      headers: { 'Idempotency-Key': 'c-1' },
    });
    emu.store.account('acc_acme')!.cardAllowance = 0;
    await send('POST', '/campaigns/cmp_native/cards', { body: partner('P-9200') });
  });

  it('images: every format, download, and bad queries', async () => {
    for (const q of [
      '',
      '?format=svg',
      '?format=pdf&size=128',
      '?format=jpeg&download=true',
      '?format=webp&transparent=true',
      '?transparent=true&format=jpeg',
    ]) {
      await send('GET', `/qr-codes/qr_roboconf/image${q}`);
    }
    await send('GET', '/qr-codes/crd_amelie/image?format=svg');
    await send('GET', '/qr-codes/qr_roboconf/image', { key: emu.keys.campaign });
  });
});
