// The dashboard's gate, short cache and chart data as units, on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { ShortCache } from '../../src/serve/cache.js';
import { historyChart, periodStart } from '../../src/serve/history-chart.js';
import { Gate, sameSecret, TOKEN_TTL_MS } from '../../src/serve/security.js';
import { launcherFor } from '../../src/serve/open.js';
import { chromiumPath } from '../helpers/browser.js';

const clock = (start = 1_000) => {
  let t = start;
  return { now: () => t, move: (ms: number) => (t += ms) };
};

describe('Gate', () => {
  it('a token works once, within 60 s; a session then has its own cookie and CSRF token', () => {
    const c = clock();
    const gate = new Gate(4020, c.now);
    const token = gate.mintToken();
    const session = gate.exchange(token)!;
    expect(session.id).toMatch(/^[\w-]{43}$/);
    expect(session.csrf).not.toBe(session.id);
    expect(gate.exchange(token)).toBeUndefined();
    expect(gate.sessionOf(`other=1; cardqr-serve-4020=${session.id}`)).toBe(session);
    expect(gate.sessionOf(`cardqr-serve-4021=${session.id}`)).toBeUndefined();
    expect(gate.cookie(session)).toBe(`cardqr-serve-4020=${session.id}; HttpOnly; SameSite=Strict; Path=/`);
    gate.end(session);
    expect(gate.sessionOf(`cardqr-serve-4020=${session.id}`)).toBeUndefined();
  });

  it('a token expires after 60 s, even unused, and an expired one is spent', () => {
    const c = clock();
    const gate = new Gate(4020, c.now);
    const late = gate.mintToken();
    c.move(TOKEN_TTL_MS - 1);
    const inTime = gate.mintToken();
    c.move(1);
    expect(gate.exchange(late)).toBeUndefined();
    expect(gate.exchange(inTime)).toBeDefined();
    expect(gate.exchange('')).toBeUndefined();
    expect(gate.exchange(undefined)).toBeUndefined();
  });

  it('allows only its own Host and Origin; a write must name its Origin', () => {
    const gate = new Gate(4020, clock().now);
    expect(gate.hostAllowed('127.0.0.1:4020')).toBe(true);
    expect(gate.hostAllowed('localhost:4020')).toBe(true);
    for (const h of ['127.0.0.1', '127.0.0.1:4021', 'evil.example:4020', '[::1]:4020', undefined])
      expect(gate.hostAllowed(h), String(h)).toBe(false);
    expect(gate.originAllowed(undefined, false)).toBe(true);
    expect(gate.originAllowed(undefined, true)).toBe(false);
    expect(gate.originAllowed('http://localhost:4020', true)).toBe(true);
    for (const o of ['null', 'http://127.0.0.1:4021', 'https://127.0.0.1:4020', 'http://evil.example'])
      expect(gate.originAllowed(o, false), o).toBe(false);
  });

  it('compares secrets whole', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abd', 'abc')).toBe(false);
    expect(sameSecret('ab', 'abc')).toBe(false);
    expect(sameSecret(undefined, 'abc')).toBe(false);
  });
});

describe('ShortCache', () => {
  it('one load per key for the TTL, shared while in flight; a failure is kept 10 s', async () => {
    const c = clock();
    const cache = new ShortCache(c.now, 60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    c.move(59_999);
    expect(await cache.get('a', load)).toBe(1);
    c.move(1);
    expect(await cache.get('a', load)).toBe(2);
    let fails = 0;
    const fail = async () => {
      fails++;
      throw new Error('down');
    };
    await expect(cache.get('b', fail)).rejects.toThrow('down');
    c.move(9_999);
    await expect(cache.get('b', fail)).rejects.toThrow('down');
    expect(fails).toBe(1);
    c.move(1);
    await expect(cache.get('b', fail)).rejects.toThrow('down');
    expect(fails).toBe(2);
  });
});

describe('the history chart', () => {
  it('sums ids per period in time order, names the busiest ids, asks the store from the window start', async () => {
    let asked: unknown;
    const chart = await historyChart(
      async (q) => {
        asked = q;
        return [
          { id: 'qr_b', period: '2026-11-02', scans: 5 },
          { id: 'qr_a', period: '2026-11-01', scans: 2 },
          { id: 'qr_a', period: '2026-11-02', scans: 1 },
        ];
      },
      'day',
      new Date('2026-11-23T12:00:00Z'),
    );
    expect(asked).toEqual({ by: 'day', since: '2026-08-25' });
    expect(chart.periods).toEqual(['2026-11-01', '2026-11-02']);
    expect(chart.scans).toEqual([2, 6]);
    expect(chart.x).toEqual([Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 2) / 1000]);
    expect(chart.top).toEqual([
      { id: 'qr_b', scans: 5 },
      { id: 'qr_a', scans: 3 },
    ]);
  });

  it('reads days, ISO weeks and months as their first day (UTC)', () => {
    expect(periodStart('2026-01-05')).toBe(Date.UTC(2026, 0, 5) / 1000);
    expect(periodStart('2026-W01')).toBe(Date.UTC(2025, 11, 29) / 1000);
    expect(periodStart('2021-W01')).toBe(Date.UTC(2021, 0, 4) / 1000);
    expect(periodStart('2026-03')).toBe(Date.UTC(2026, 2, 1) / 1000);
    expect(periodStart('soon')).toBeNaN();
  });
});

describe('--open', () => {
  it('hands the URL to the platform launcher as one argument, never through a shell', () => {
    const url = 'http://127.0.0.1:4020/login?token=a&b';
    expect(launcherFor('linux', url)).toEqual(['xdg-open', [url]]);
    expect(launcherFor('darwin', url)).toEqual(['open', [url]]);
    expect(launcherFor('win32', url)).toEqual(['rundll32.exe', ['url.dll,FileProtocolHandler', url]]);
  });
});

describe('the browser the tests drive', () => {
  it('without Chromium, fails with one line that says how to install it', () => {
    expect(() => chromiumPath({}, [])).toThrow(/^Chromium not found .*: apt-get install chromium$/);
  });
});
