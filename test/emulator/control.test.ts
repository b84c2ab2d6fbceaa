import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { isLoopback } from '../../src/emulator/http.js';
import { call, useTestEmulator } from './_util.js';

const t = useTestEmulator();

describe('request recording', () => {
  it('records every /v1 request: method, path without /v1, query, lower-case headers, body, status, keyName', async () => {
    await call(t.emu, 'GET', '/me?x=1');
    await call(t.emu, 'POST', '/widgets', { body: { name: 'Zoë' }, headers: { 'Idempotency-Key': 'abc' } });
    await call(t.emu, 'POST', '/widgets', { raw: 'not json' });
    await call(t.emu, 'GET', '/me', { key: t.emu.keys.revoked });
    await call(t.emu, 'GET', '/c/amelie-laurent', { key: null }); // public: not recorded
    const all = t.emu.requests();
    expect(all.map((r) => [r.method, r.path, r.status, r.keyName])).toEqual([
      ['GET', '/me', 200, 'full'],
      ['POST', '/widgets', 201, 'full'],
      ['POST', '/widgets', 422, 'full'],
      ['GET', '/me', 401, undefined],
    ]);
    expect(all[0].query).toEqual({ x: '1' });
    expect(all[0].body).toBeUndefined();
    expect(all[1].body).toEqual({ name: 'Zoë' });
    expect(all[1].headers['idempotency-key']).toBe('abc');
    expect(all[1].headers.authorization).toBe(`Bearer ${t.emu.keys.full}`);
    expect(all[2].body).toBe('not json');
    expect(t.emu.requests({ method: 'post' })).toHaveLength(2);
    expect(t.emu.requests({ path: /^\/me/ })).toHaveLength(2);
    expect(t.emu.requests({ path: '/widgets' })).toHaveLength(2);
    const viaHttp = await call(t.emu, 'GET', '/_emulator/requests', { key: null });
    expect(viaHttp.body.requests).toHaveLength(4);
    t.emu.clearRequests();
    expect(t.emu.requests()).toEqual([]);
  });
});

describe('control API', () => {
  it('reset returns to the seed, clears requests, faults and the clock offset', async () => {
    const before = t.emu.now();
    await call(t.emu, 'POST', '/widgets', { body: {} });
    t.emu.store.cards.pop();
    t.emu.injectFaults([{ kind: '500' }]);
    const tm = await call(t.emu, 'POST', '/_emulator/time', { key: null, body: { advanceMs: 86_400_000 } });
    expect(tm.status).toBe(200);
    expect(t.emu.now() - before).toBeGreaterThanOrEqual(86_400_000);
    const r = await call(t.emu, 'POST', '/_emulator/reset', { key: null });
    expect(r.body).toEqual({ ok: true });
    expect(t.emu.requests()).toEqual([]);
    expect(t.emu.store.cards.some((c) => c.id === 'crd_camille')).toBe(true);
    expect(t.emu.store.takenShortCodes).toEqual(['acme', 'john-smith', 'menu', 'team']);
    expect(t.emu.now() - before).toBeLessThan(60_000); // the day advanced is undone
    expect((await call(t.emu, 'GET', '/me')).status).toBe(200); // fault cleared
  });

  it('leads, scans and campaigns can be changed; state is the whole store', async () => {
    const leads = await call(t.emu, 'POST', '/_emulator/leads', {
      key: null,
      body: {
        leads: [
          {
            cardId: 'crd_jose',
            source: 'manual',
            contact: { name: 'Ana', email: 'ana@x.example', phone: '', company: '', title: '' },
          },
        ],
      },
    });
    expect(leads.status).toBe(200);
    const lead = leads.body.leads[0];
    expect(lead).toMatchObject({
      object: 'lead',
      cardId: 'crd_jose',
      cardName: 'José Álvarez Peña',
      accountId: 'acc_acme',
      locked: false,
      hubspot: null,
    });
    expect(lead.id).toMatch(/^lead_/);
    expect(t.emu.store.leads.find((l) => l.id === lead.id)).toBeDefined();
    const badLead = await call(t.emu, 'POST', '/_emulator/leads', {
      key: null,
      body: { leads: [{ cardId: 'crd_jose', source: 'fax' }] },
    });
    expect(badLead.status).toBe(400);
    expect(badLead.body.error.message).toContain('[0].source');

    const n = t.emu.store.scanCount('qr_roboconf');
    const scans = await call(t.emu, 'POST', '/_emulator/scans', {
      key: null,
      body: {
        scans: [
          { targetId: 'qr_roboconf', country: 'JP', device: 'Android' },
          { targetId: 'qr_roboconf', at: '2026-01-01T10:00:00.000Z' },
        ],
      },
    });
    expect(scans.body.scans).toHaveLength(2);
    expect(t.emu.store.scanCount('qr_roboconf')).toBe(n + 2);
    expect(
      (await call(t.emu, 'POST', '/_emulator/scans', { key: null, body: { scans: [{ targetId: 'qr_nope' }] } })).status,
    ).toBe(400);

    const c = await call(t.emu, 'POST', '/_emulator/campaigns/cmp_native', {
      key: null,
      body: { status: 'paused', apiEnabled: false },
    });
    expect(c.body.campaign).toMatchObject({ id: 'cmp_native', status: 'paused', apiEnabled: false });
    await call(t.emu, 'POST', '/_emulator/campaigns/cmp_native', { key: null, body: { stale: true } });
    expect(t.emu.store.campaignIsStale(t.emu.store.campaigns.find((x) => x.id === 'cmp_native')!)).toBe(true);
    expect((await call(t.emu, 'POST', '/_emulator/campaigns/cmp_nope', { key: null, body: {} })).status).toBe(404);
    expect(
      (await call(t.emu, 'POST', '/_emulator/campaigns/cmp_native', { key: null, body: { status: 'gone' } })).status,
    ).toBe(400);

    const state = await call(t.emu, 'GET', '/_emulator/state', { key: null });
    expect(Object.keys(state.body)).toEqual(
      expect.arrayContaining([
        'accounts',
        'apiKeys',
        'templates',
        'cards',
        'qrCodes',
        'campaigns',
        'leads',
        'scans',
        'trash',
      ]),
    );
    expect(state.body.campaigns.find((x: { id: string }) => x.id === 'cmp_native').status).toBe('paused');
    expect((await call(t.emu, 'GET', '/_emulator/nothing', { key: null })).status).toBe(404);
  });

  it('seed replaces the state until the next reset', async () => {
    const r = await call(t.emu, 'POST', '/_emulator/seed', {
      key: null,
      body: {
        seed: {
          accounts: [{ id: 'acc_x', email: 'x@x.example', plan: 'pro' }],
          keys: [{ name: 'full', secret: 'cq_live_tiny_key' }],
        },
      },
    });
    expect(r.status).toBe(200);
    expect((await call(t.emu, 'GET', '/me', { key: 'cq_live_tiny_key' })).body.account.id).toBe('acc_x');
    const bad = await call(t.emu, 'POST', '/_emulator/seed', { key: null, body: { seed: { accounts: [] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('accounts');
    t.emu.reset();
    expect(t.emu.store.accounts[0].id).toBe('acc_acme');
  });

  it('answers loopback clients only', async () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.8.9.10')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.5')).toBe(false);
    expect(isLoopback('::ffff:192.168.1.2')).toBe(false);
    expect(isLoopback(undefined)).toBe(false);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return; // no non-loopback interface on this machine
    const emu = await createEmulator({ port: 0, host: '0.0.0.0' });
    try {
      const res = await fetch(`http://${external.address}:${emu.port}/_emulator/reset`, { method: 'POST' });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      expect((await fetch(`http://127.0.0.1:${emu.port}/_emulator/reset`, { method: 'POST' })).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('refuses web pages: an Origin or Sec-Fetch-Site header, a non-JSON body, a foreign Host (issue 14 item 9)', async () => {
    const before = t.emu.now();
    const url = `${t.emu.publicBaseUrl}/_emulator/time`;
    const body = JSON.stringify({ advanceMs: 86_400_000 });
    const tries = [
      // what a cross-origin form or fetch from any page sends
      fetch(url, { method: 'POST', headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' }, body }),
      fetch(url, { method: 'POST', headers: { Origin: 'null', 'Content-Type': 'application/json' }, body }),
      fetch(url, {
        method: 'POST',
        headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
        body,
      }),
      // no Origin, but not JSON (a page's "simple" request types)
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body }),
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'advanceMs=1',
      }),
      fetch(url, { method: 'POST', body }), // fetch labels a string body text/plain
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    }
    // DNS rebinding: the page's own origin, so no Origin on a GET, but the Host names the attacker's domain
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { Host: 'rebound.evil.example', 'Content-Type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(rebound).toBe(403);
    expect(Math.abs(t.emu.now() - before)).toBeLessThan(60_000); // the clock did not move
    expect((await call(t.emu, 'POST', '/_emulator/time', { key: null, body: { advanceMs: 1000 } })).status).toBe(200);
    expect((await call(t.emu, 'POST', '/_emulator/reset', { key: null })).status).toBe(200); // no body, no type: fine
  });

  it('with controlToken the token is required too', async () => {
    const emu = await createEmulator({ port: 0, controlToken: 'ctl-secret' });
    try {
      const post = (headers: Record<string, string>) =>
        fetch(`${emu.publicBaseUrl}/_emulator/reset`, { method: 'POST', headers });
      expect((await post({})).status).toBe(403);
      expect((await post({ Authorization: 'Bearer wrong' })).status).toBe(403);
      expect((await post({ Authorization: 'Bearer ctl-secret' })).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it('short-code holds make 409 already_exists reachable; expired keys and closed accounts answer 401', async () => {
    expect(
      (await call(t.emu, 'POST', '/_emulator/short-code-holds', { key: null, body: { shortCode: 'Racing-Slug' } }))
        .status,
    ).toBe(200);
    const card = await call(t.emu, 'POST', '/cards', { body: { shortCode: 'racing-slug' } });
    expect([card.status, card.body.error.code]).toEqual([409, 'already_exists']);
    const qr = await call(t.emu, 'POST', '/qr-codes', {
      body: { name: 'q', destinationUrl: 'https://x.example', shortCode: 'racing-slug' },
    });
    expect([qr.status, qr.body.error.code]).toEqual([409, 'already_exists']);
    await call(t.emu, 'DELETE', '/_emulator/short-code-holds', { key: null });
    expect((await call(t.emu, 'POST', '/cards', { body: { shortCode: 'racing-slug' } })).status).toBe(201);

    const past = new Date(t.emu.now() - 1000).toISOString();
    expect(
      (await call(t.emu, 'POST', '/_emulator/keys/readonly', { key: null, body: { expiresAt: past } })).status,
    ).toBe(200);
    const expired = await call(t.emu, 'GET', '/me', { key: t.emu.keys.readonly });
    expect([expired.status, expired.body.error.code]).toEqual([401, 'invalid_api_key']);
    expect((await call(t.emu, 'POST', '/_emulator/keys/nope', { key: null, body: { revoked: true } })).status).toBe(
      404,
    );
    expect(
      (await call(t.emu, 'POST', '/_emulator/accounts/acc_acme', { key: null, body: { closed: true } })).status,
    ).toBe(200);
    const closed = await call(t.emu, 'GET', '/me');
    expect([closed.status, closed.body.error.code]).toEqual([401, 'invalid_api_key']);
    expect(
      (await call(t.emu, 'POST', '/_emulator/accounts/acc_acme', { key: null, body: { closed: 'yes' } })).status,
    ).toBe(400);
  });

  it('rules the spec leaves "not shown" are seed configuration, readable through the state', async () => {
    const state = (await call(t.emu, 'GET', '/_emulator/state', { key: null })).body;
    expect(state.rules.reservedShortCodes).toEqual(
      expect.arrayContaining(['login', 'dashboard', 'api', 'pricing', 'help', 'support']),
    );
    expect(state.rules.linkTypes).toEqual(expect.arrayContaining(['website', 'linkedin']));
    const seed = {
      accounts: [{ id: 'acc_x', email: 'x@x.example', plan: 'pro' }],
      keys: [{ name: 'full', secret: 'cq_live_tiny_key' }],
      rules: { reservedShortCodes: ['Team'], linkTypes: null },
    };
    expect((await call(t.emu, 'POST', '/_emulator/seed', { key: null, body: { seed } })).status).toBe(200);
    const post = (body: unknown) => call(t.emu, 'POST', '/cards', { key: 'cq_live_tiny_key', body });
    expect((await post({ shortCode: 'team' })).body.error.code).toBe('reserved_short_link');
    expect((await post({ shortCode: 'help' })).body.error.code).toBe('reserved_short_link'); // the spec's five always
    expect((await post({ shortCode: 'support' })).status).toBe(201);
    expect((await post({ fields: { links: [{ type: 'myspace', url: 'x' }] } })).status).toBe(201);
  });
});

describe('POST /_emulator/leads/:id', () => {
  it('changes only the given keys of one lead (unlock it with its contact); unknown lead 404, bad body 400', async () => {
    const contact = { name: 'Ada', email: 'ada@x.example', phone: '', company: '', title: '' };
    const before = await call(t.emu, 'GET', '/leads/lead_028');
    expect([before.body.locked, before.body.contact]).toEqual([true, null]);
    const res = await call(t.emu, 'POST', '/_emulator/leads/lead_028', { key: null, body: { locked: false, contact } });
    expect(res.status).toBe(200);
    const after = await call(t.emu, 'GET', '/leads/lead_028');
    expect([after.body.locked, after.body.contact]).toEqual([false, contact]);
    expect(after.body.hubspot).toEqual(before.body.hubspot);
    expect(
      (await call(t.emu, 'POST', '/_emulator/leads/lead_nope', { key: null, body: { locked: false } })).status,
    ).toBe(404);
    expect((await call(t.emu, 'POST', '/_emulator/leads/lead_028', { key: null, body: { locked: 'no' } })).status).toBe(
      400,
    );
    expect(
      (await call(t.emu, 'POST', '/_emulator/leads/lead_028', { key: null, body: { colour: 'red' } })).status,
    ).toBe(400);
  });
});
