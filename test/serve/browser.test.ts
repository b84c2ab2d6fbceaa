// `cardqr serve` in a real browser (Debian's Chromium, headless, through puppeteer-core): the page
// loads and draws its charts, shows no key anywhere (page, scripts, every request and answer, cookies,
// storage), refuses a foreign Host and a foreign Origin, and shows a lead's markup as text. Screenshots
// are kept under .tmp/serve-screenshots/ (gitignored).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerWriter } from '../../src/jobs/print/ledger.js';
import type { LeadRecord } from '../../src/emulator/index.js';
import type { PlanView } from '../../src/plans/contract.js';
import { setup } from '../plans/_plans.js';
import { artifactDir, launchBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { startServe, type Started } from './start.js';

const emu = useEmulator();
const XSS = '<img src=x onerror=alert(1)>';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(['--host-resolver-rules=MAP rebound.example 127.0.0.1']);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

function addXssLead(): LeadRecord {
  const lead = {
    object: 'lead',
    id: 'lead_xss',
    accountId: 'acc_acme',
    cardId: emu.store.cards[0].id,
    cardName: XSS,
    source: 'form',
    trigger: 'after_save',
    formName: XSS,
    createdAt: new Date(emu.now()).toISOString(),
    read: false,
    archived: false,
    locked: false,
    contact: { name: XSS, email: 'xss@x.example', phone: '', company: '', title: '' },
    answers: [],
    marketingOptIn: null,
    consentAt: null,
    country: 'US',
    city: '',
    hubspot: null,
  } as unknown as LeadRecord;
  emu.store.leads.push(lead);
  return lead;
}

/** A print run of two codes in this config folder's ledger, as `cardqr print` writes it. */
async function addPrintRun(configDir: string): Promise<string> {
  const run = 'run_20261123T110000Z_abc123';
  const w = await LedgerWriter.create(configDir, run);
  await w.add({
    type: 'run',
    version: 1,
    run,
    command: 'print',
    createdAt: '2026-11-23T11:00:00.000Z',
    profile: null,
    baseUrl: emu.baseUrl,
    layout: 'a4-3x8',
    cardqr: '0.1.0',
  });
  for (const q of emu.store.qrCodes.filter((q) => q.accountId === 'acc_acme').slice(0, 2))
    await w.add({
      type: 'code',
      id: q.id,
      kind: 'qr',
      name: q.name,
      url: `https://old-link.example/${q.shortCode}`,
      shortCode: q.shortCode,
      destinationUrl: 'https://printed.example/old',
      status: 'published',
      format: 'svg',
      sha256: '0'.repeat(64),
    });
  await w.commit();
  return run;
}

interface Seen {
  requests: string[];
  bodies: string[];
  /** Bodies still being read: awaited before they are searched. */
  pending: Array<Promise<void>>;
  statuses: Map<string, number>;
  console: string[];
  dialogs: string[];
}

/** Records every request and answer the page makes (URL, headers, body) and every console line and dialog. */
function record(page: Page): Seen {
  const seen: Seen = { requests: [], bodies: [], pending: [], statuses: new Map(), console: [], dialogs: [] };
  page.on('request', (r) => {
    seen.requests.push(`${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ''}`);
  });
  page.on('response', (r) => {
    seen.statuses.set(`${r.request().method()} ${r.url()}`, r.status());
    const head = JSON.stringify(r.headers());
    const redirect = r.status() >= 300 && r.status() < 400;
    seen.pending.push(
      (redirect ? Promise.resolve('') : r.text().catch(() => '')).then((body) => {
        seen.bodies.push(`${r.url()} ${head} ${body}`);
      }),
    );
  });
  page.on('console', (m) => seen.console.push(m.text()));
  page.on('pageerror', (e) => seen.console.push(String(e)));
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

describe('cardqr serve in Chromium', () => {
  let s: Started;
  let pause: PlanView;
  let create: PlanView;
  beforeAll(async () => {
    const configDir = tempDir('cardqr-serve-');
    await addPrintRun(configDir);
    // Two plans an agent made, with the real plans code, in the state folder the served run reads.
    const agent = setup(emu, { state: join(configDir, 'state') });
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
    pause = await agent.plans.create({ kind: 'qr_status', ids: [qr.id], status: 'paused' });
    create = await agent.plans.create({
      kind: 'qr_apply',
      rows: [{ shortCode: 'xss-26', name: XSS, destinationUrl: 'https://example.com/x', status: 'published' }],
    });
    await agent.close();
    // The history store, filled by the real snapshot.
    const data = tempDir('cardqr-data-');
    const snap = await runCli(['analytics', 'snapshot'], { emu, env: { CARDQR_DATA_DIR: data } });
    expect(snap.exitCode, snap.stderr).toBe(0);
    s = await startServe(emu, { configDir, env: { CARDQR_DATA_DIR: data } });
  });
  afterAll(async () => {
    expect((await s?.stop())?.exitCode).toBe(0);
  });

  it('loads, draws the charts, fills every panel, and shows no key anywhere', async () => {
    addXssLead();
    const page = await browser.newPage();
    const seen = record(page);
    try {
      await page.setViewport({ width: 1280, height: 1800 });
      const landed = await page.goto(s.url, { waitUntil: 'load' });
      expect(page.url()).toBe(`${s.origin}/`); // the clean URL: the token is gone from the address bar
      expect(landed?.status()).toBe(200);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });

      const states = await page.$$eval('section', (ss) => ss.map((x) => `${x.id}:${x.getAttribute('data-state')}`));
      expect(states).toEqual([
        'history:ready',
        'overview:ready',
        'not-opening:ready',
        'leads:ready',
        'crm:ready',
        'print-runs:ready',
        'plans:ready',
      ]);
      // uPlot drew the store's days and the API's 30 days, each on its canvas.
      const painted = (selector: string) =>
        page.$$eval(selector, (cs) =>
          cs.map((c) => {
            const canvas = c as HTMLCanvasElement;
            const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
            let n = 0;
            for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
            return n;
          }),
        );
      expect(await painted('#history .uplot canvas')).toEqual([expect.any(Number)]);
      expect((await painted('#history .uplot canvas'))[0]).toBeGreaterThan(500);
      expect((await painted('#overview .uplot canvas'))[0]).toBeGreaterThan(500);
      expect(await page.$eval('#history', (e) => e.textContent)).toMatch(/Busiest codes in the window/);
      // Weeks, then months: the same store, drawn again.
      await page.click('#history [data-by="month"]');
      await page.waitForFunction(
        () =>
          document.querySelector('#history [data-by="month"]')?.getAttribute('aria-pressed') === 'true' &&
          document.querySelector('#history')?.getAttribute('data-state') === 'ready',
      );
      expect(await page.$$eval('#history .uplot', (c) => c.length)).toBe(1);
      expect(await page.$eval('#print-runs', (e) => e.textContent)).toContain('run_20261123T110000Z_abc123');
      expect(await page.$eval('#leads', (e) => e.textContent)).toContain(XSS);
      // The plans waiting, each change old → new, and the command that approves one in a terminal.
      const plans = await page.$eval('#plans', (e) => e.textContent);
      expect(pause.destructive).toBe(true);
      expect(plans).toContain(pause.summary);
      expect(plans).toContain(`cardqr plans approve ${pause.plan_id}`);
      expect(plans).toContain(create.summary);
      expect(create.destructive).toBe(false);
      expect(plans).not.toContain(`cardqr plans approve ${create.plan_id}`);
      expect(plans).toContain(JSON.stringify(XSS));
      expect(await page.$$eval('#plans [data-plan]', (p) => p.map((x) => x.getAttribute('data-plan')))).toEqual(
        expect.arrayContaining([pause.plan_id, create.plan_id]),
      );
      expect(await page.$$eval('img', (i) => i.length)).toBe(0);

      // An audit of the print run: a POST with the CSRF token, through the server.
      await page.click('#print-runs button[data-run]');
      await page.waitForFunction(() => document.querySelector('#print-runs .audit')?.textContent?.includes('findings'));
      const audit = await page.$eval('#print-runs .audit', (e) => e.textContent);
      expect(audit).toMatch(/2 codes checked, \d+ findings/);
      expect(audit).toContain('now points to');
      await page.screenshot({ path: join(artifactDir(), 'dashboard.png'), fullPage: true });

      const key = emu.keys.full;
      const text = await page.evaluate(() => document.documentElement.outerHTML + document.body.innerText);
      expect(text).not.toContain(key);
      expect(seen.requests.length).toBeGreaterThan(8);
      expect(seen.requests.filter((r) => r.includes(key))).toEqual([]);
      await Promise.all(seen.pending);
      expect(seen.bodies.length).toBe(seen.requests.length);
      expect(seen.bodies.filter((b) => b.includes(key))).toEqual([]);
      expect(seen.requests.some((r) => r.includes('/assets/uPlot.esm.js'))).toBe(true);
      // Every request went to this server only.
      expect(seen.requests.filter((r) => !r.split(' ')[1].startsWith(`${s.origin}/`))).toEqual([]);
      const cookies = await browser.cookies();
      expect(cookies.map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([
        [`cardqr-serve-${new URL(s.origin).port}`, true, 'Strict'],
      ]);
      expect(cookies.filter((c) => c.value.includes(key))).toEqual([]);
      const storage = await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));
      expect(storage).toBe('[{},{}]');
      expect(seen.console.filter((l) => /Content Security Policy|Refused/.test(l))).toEqual([]);
      expect(seen.dialogs).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('shows a lead whose name is markup as text: no dialog fires, the text is there', async () => {
    addXssLead(); // the emulator is back to its seed before each test; the page's lead list is still cached
    const page = await browser.newPage();
    const seen = record(page);
    try {
      await page.goto(`${s.origin}/`, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      await page.click('#leads button[data-lead="lead_xss"]');
      await page.waitForSelector('#leads .contact');
      const contact = await page.$eval('#leads .contact', (e) => e.textContent);
      expect(contact).toContain(XSS);
      expect(contact).toContain('xss@x.example');
      expect(await page.$$eval('#leads img, #crm img', (i) => i.length)).toBe(0);
      await new Promise((r) => setTimeout(r, 200)); // an onerror would fire within this
      expect(seen.dialogs).toEqual([]);
      await page.screenshot({ path: join(artifactDir(), 'lead-as-text.png') });
      await Promise.all(seen.pending);
      expect(seen.bodies.filter((b) => b.includes(emu.keys.full))).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('a reload loop costs the API nothing more (the short cache in the server)', async () => {
    emu.advanceTime(61_000); // past the cache's minute: the first load asks the API
    const page = await browser.newPage();
    try {
      await page.goto(`${s.origin}/`, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      const once = emu.requests().length;
      expect(once).toBeGreaterThan(3);
      for (let i = 0; i < 10; i++) {
        await page.reload({ waitUntil: 'load' });
        await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      }
      expect(emu.requests().length).toBe(once);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('refuses a foreign Host (DNS rebinding) and a request from a foreign Origin', async () => {
    const port = new URL(s.origin).port;
    // A name that resolves to this machine, as after DNS rebinding: the browser sends `Host: rebound.example:<port>`.
    const rebound = await browser.newPage();
    try {
      const r = await rebound.goto(`http://rebound.example:${port}/`);
      expect(r?.status()).toBe(403);
      expect(await rebound.evaluate(() => document.body.innerText)).toContain('wrong host');
    } finally {
      await rebound.close();
    }

    // Another origin on this machine (another port): the browser sends the session cookie (a cookie
    // ignores ports), so only the Origin check stands between it and the server.
    const foreign: Server = createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    // What reached the wire, from the DevTools protocol: the answers the page itself is never shown.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const wire = new Map<string, { status?: number; cookie?: boolean }>();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, `${e.request.method} ${e.request.url}`));
    cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
      const at = wire.get(e.requestId) ?? {};
      wire.set(e.requestId, { ...at, cookie: Object.keys(e.headers).some((h) => h.toLowerCase() === 'cookie') });
    });
    cdp.on('Network.responseReceivedExtraInfo', (e) => {
      wire.set(e.requestId, { ...wire.get(e.requestId), status: e.statusCode });
    });
    const onWire = (what: string) => [...wire].find(([id]) => urls.get(id) === what)?.[1];
    try {
      await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
      const results = await page.evaluate(async (origin) => {
        const out: string[] = [];
        for (const [method, mode] of [
          ['POST', 'no-cors'],
          ['GET', 'cors'],
        ] as const) {
          try {
            const r = await fetch(`${origin}/api/logout`.replace('/logout', method === 'GET' ? '/leads' : '/logout'), {
              method,
              mode,
              credentials: 'include',
            });
            out.push(`${method} ${r.type} ${r.status}`);
          } catch (e) {
            out.push(`${method} blocked ${String(e)}`);
          }
        }
        return out;
      }, s.origin);
      // No CORS header (and Cross-Origin-Resource-Policy): the browser keeps every answer from that page.
      expect(results).toEqual([expect.stringMatching(/^POST blocked/), expect.stringMatching(/^GET blocked/)]);
      // The cookie went along (a cookie ignores ports): the Origin check alone refused them.
      expect(onWire(`POST ${s.origin}/api/logout`)).toEqual({ cookie: true, status: 403 });
      expect(onWire(`GET ${s.origin}/api/leads`)).toEqual({ cookie: true, status: 403 });
      // The session still works: the foreign POST did not sign it out.
      const home = await browser.newPage();
      const again = await home.goto(`${s.origin}/`);
      expect(again?.status()).toBe(200);
      await home.close();
    } finally {
      await page.close();
      await new Promise((resolve) => foreign.close(resolve));
    }
  }, 60_000);
});
