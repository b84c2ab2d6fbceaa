// `cardqr serve` over plain HTTP (node fetch and node:http, not a browser): the one-time URL, the
// session cookie, Host and Origin, the CSRF token, the headers, the short cache in front of the API, and
// Ctrl-C. The real CLI against the real emulator.
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/run-cli.js';
import { setup } from '../plans/_plans.js';
import { signIn, startServe } from './start.js';

const emu = useEmulator();

/** A GET with any Host header (fetch will not send a foreign one). */
function rawGet(origin: string, path: string, headers: Record<string, string>): Promise<number> {
  const u = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cardqr serve over HTTP', () => {
  it('prints a one-time URL on 127.0.0.1 that works once, then redirects to a clean URL with a strict cookie', async () => {
    const s = await startServe(emu);
    try {
      expect(s.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(s.url).toMatch(new RegExp(`^${s.origin}/login\\?token=[\\w-]{43}$`));
      expect(s.expiresInSeconds).toBe(60);
      expect(s.url).not.toContain(emu.keys.full);
      const first = await fetch(s.url, { redirect: 'manual' });
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('/');
      expect(first.headers.get('referrer-policy')).toBe('no-referrer');
      const cookie = first.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^cardqr-serve-\d+=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
      const again = await fetch(s.url, { redirect: 'manual' });
      expect(again.status).toBe(403);
      expect(again.headers.get('set-cookie')).toBeNull();
      const page = await fetch(`${s.origin}/`, { headers: { cookie: cookie.split(';')[0] } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>cardqr dashboard</title>');
      expect((await fetch(`${s.origin}/`)).status).toBe(401);
      expect((await fetch(`${s.origin}/api/leads`)).status).toBe(401);
    } finally {
      expect((await s.stop()).exitCode).toBe(0);
    }
  });

  it('a token expires 60 s after it was printed (the clock is the emulator’s)', async () => {
    const s = await startServe(emu);
    try {
      emu.advanceTime(60_001);
      const late = await fetch(s.url, { redirect: 'manual' });
      expect(late.status).toBe(403);
      expect(await late.text()).toMatch(/already used or has expired/);
    } finally {
      const r = await s.stop();
      // The visit without a session printed a fresh URL on the terminal.
      expect(r.stderr).toMatch(/a fresh one-time link \(once, within 60 s\): http:\/\/127\.0\.0\.1:\d+\/login\?token=/);
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin, and a POST without the CSRF token', async () => {
    const s = await startServe(emu);
    try {
      const { cookie, csrf, origin } = await signIn(s.url);
      const port = new URL(origin).port;
      expect(await rawGet(origin, '/', { host: `127.0.0.1:${port}`, cookie })).toBe(200);
      expect(await rawGet(origin, '/', { host: `localhost:${port}`, cookie })).toBe(200);
      expect(await rawGet(origin, '/', { host: `evil.example:${port}`, cookie })).toBe(403);
      expect(await rawGet(origin, '/api/leads', { host: `rebound.example`, cookie })).toBe(403);
      expect(
        await rawGet(origin, '/api/leads', { host: `127.0.0.1:${port}`, cookie, origin: 'http://evil.example' }),
      ).toBe(403);

      const lead = emu.store.leadsOf('acc_acme').find((l) => !l.locked && l.contact)!;
      const contact = `${origin}/api/leads/${lead.id}/contact`;
      const noCsrf = await fetch(contact, { method: 'POST', headers: { cookie, origin } });
      expect(noCsrf.status).toBe(403);
      expect(await noCsrf.json()).toEqual({ error: 'missing or wrong CSRF token' });
      const wrongCsrf = await fetch(contact, {
        method: 'POST',
        headers: { cookie, origin, 'x-csrf-token': 'x'.repeat(43) },
      });
      expect(wrongCsrf.status).toBe(403);
      const foreign = await fetch(contact, {
        method: 'POST',
        headers: { cookie, origin: 'http://evil.example', 'x-csrf-token': csrf },
      });
      expect(foreign.status).toBe(403);
      const noOrigin = await fetch(contact, { method: 'POST', headers: { cookie, 'x-csrf-token': csrf } });
      expect(noOrigin.status).toBe(403);
      expect(emu.requests({ path: `/leads/${lead.id}` })).toEqual([]);

      const ok = await fetch(contact, { method: 'POST', headers: { cookie, origin, 'x-csrf-token': csrf } });
      expect(ok.status).toBe(200);
      expect((await ok.json()).contact.email).toBe(lead.contact!.email);
      // Sign out ends the session (a POST like any other: its Origin and CSRF token).
      expect((await fetch(`${origin}/api/logout`, { method: 'POST', headers: { cookie, origin } })).status).toBe(403);
      const out = await fetch(`${origin}/api/logout`, {
        method: 'POST',
        headers: { cookie, origin, 'x-csrf-token': csrf },
      });
      expect(out.status).toBe(200);
      expect((await fetch(`${origin}/`, { headers: { cookie } })).status).toBe(401);
      const preflight = await fetch(contact, { method: 'OPTIONS', headers: { origin: 'http://evil.example' } });
      expect(preflight.status).toBe(405);
      expect([...preflight.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it('every answer: a CSP without inline script, no referrer, no CORS, nothing cached', async () => {
    const s = await startServe(emu);
    try {
      const { cookie } = await signIn(s.url);
      for (const path of ['/', '/assets/app.js', '/assets/uPlot.esm.js', '/api/leads', '/nothing-here']) {
        const r = await fetch(`${s.origin}${path}`, { headers: { cookie } });
        const csp = r.headers.get('content-security-policy') ?? '';
        expect(csp, path).toContain("script-src 'self'");
        expect(csp, path).not.toContain('unsafe-inline');
        expect(r.headers.get('referrer-policy'), path).toBe('no-referrer');
        expect(r.headers.get('cache-control'), path).toBe('no-store');
        expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(
          [...r.headers.keys()].filter((h) => h.startsWith('access-control-')),
          path,
        ).toEqual([]);
      }
    } finally {
      await s.stop();
    }
  });

  it('a reload loop cannot burn the key: 30 loads of every panel cost the API what one load costs', async () => {
    const s = await startServe(emu);
    try {
      const { cookie } = await signIn(s.url);
      const panels = ['/api/account', '/api/overview', '/api/not-opening', '/api/leads', '/api/crm', '/api/print-runs'];
      const load = () =>
        Promise.all(panels.map((p) => fetch(`${s.origin}${p}`, { headers: { cookie } }).then((r) => r.status)));
      emu.clearRequests();
      expect(await load()).toEqual(panels.map(() => 200));
      const once = emu.requests().length;
      expect(once).toBeGreaterThan(3);
      for (let i = 0; i < 30; i++) await Promise.all([load(), load()]);
      expect(emu.requests().length).toBe(once);
      // Past the cache's minute the next load asks again, once.
      emu.advanceTime(61_000);
      await Promise.all([load(), load(), load()]);
      expect(emu.requests().length).toBe(2 * once);
    } finally {
      await s.stop();
    }
  });

  it('the plans panel: the plans that wait (with their changes), not an expired one', async () => {
    const configDir = tempDir('cardqr-serve-');
    const agent = setup(emu, { state: join(configDir, 'state') });
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
    const plan = await agent.plans.create({ kind: 'qr_status', ids: [qr.id], status: 'paused' });
    await agent.close();
    const s = await startServe(emu, { configDir });
    try {
      const { cookie } = await signIn(s.url);
      const read = async () => (await (await fetch(`${s.origin}/api/plans`, { headers: { cookie } })).json()).plans;
      const [shown] = await read();
      expect(shown).toMatchObject({ plan_id: plan.plan_id, state: 'planned', destructive: true, approved: false });
      expect(shown.changes).toEqual([
        expect.objectContaining({ action: 'pause', fields: { status: { old: 'published', new: 'paused' } } }),
      ]);
      emu.advanceTime(15 * 60_000 + 1);
      expect(await read()).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it('Ctrl-C stops it: the port is closed and the run exits 0', async () => {
    const s = await startServe(emu);
    const r = await s.stop();
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/serving account acc_acme/);
    await expect(fetch(`${s.origin}/`)).rejects.toThrow();
  });
});
