import { describe, expect, it } from 'vitest';
import { trendOf } from '../../src/emulator/routes/analytics.js';
import { useEmulator } from '../helpers/emulator.js';
import { call } from './_util.js';

const emu = useEmulator();
const DAY = 86_400_000;

/** UTC date n days before the emulator's today, as YYYY-MM-DD. */
function utcDate(daysAgo: number): string {
  return new Date(emu.now() - daysAgo * DAY).toISOString().slice(0, 10);
}

async function addScans(scans: Array<Record<string, unknown>>) {
  const r = await call(emu, 'POST', '/_emulator/scans', { key: null, body: { scans } });
  expect(r.status).toBe(200);
}

describe('GET /analytics/overview', () => {
  it('answers scan_stats for the last 30 days with every day, top codes and breakdowns (pro plan)', async () => {
    const r = await call(emu, 'GET', '/analytics/overview');
    expect(r.status).toBe(200);
    const s = r.body;
    expect(s).toMatchObject({ object: 'scan_stats', qrCodeId: null, range: '30d', clamped: false, historyDays: -1 });
    expect(s.period.days).toBe(30);
    expect(s.timeline).toHaveLength(30);
    expect(s.timeline[29].date).toBe(utcDate(0));
    expect(s.timeline[0].date).toBe(utcDate(29));
    expect(s.period.start).toBe(`${utcDate(29)}T00:00:00.000Z`);
    for (let i = 1; i < 30; i++) expect(Date.parse(s.timeline[i].date) - Date.parse(s.timeline[i - 1].date)).toBe(DAY);
    const sum = s.timeline.reduce((n: number, d: { scans: number }) => n + d.scans, 0);
    expect(sum).toBe(s.totalScans);
    expect(s.totalScans).toBeGreaterThan(0);
    expect(s.uniqueVisitors).toBeGreaterThan(0);
    expect(s.uniqueVisitors).toBeLessThanOrEqual(s.totalScans);
    expect(s.trend).toBe(trendOf(s.totalScans, s.previousPeriodScans));
    expect(s.topQrCodes.length).toBeGreaterThan(0);
    expect(s.topQrCodes.length).toBeLessThanOrEqual(5);
    const scans = s.topQrCodes.map((c: { scans: number }) => c.scans);
    expect([...scans].sort((a, b) => b - a)).toEqual(scans);
    for (const c of s.topQrCodes) expect(Object.keys(c).sort()).toEqual(['id', 'name', 'scans', 'type']);
    expect(s.topQrCodes.find((c: { id: string }) => c.id === 'crd_amelie')?.type).toBe('card');
    expect(s.topCountries[0]).toEqual({
      country: expect.any(String),
      code: expect.stringMatching(/^[A-Z]{2}$/),
      scans: expect.any(Number),
    });
    expect(s.topCountries.find((c: { code: string }) => c.code === 'FR')?.country).toBe('France');
    const pct = s.devices.reduce((n: number, d: { percent: number }) => n + d.percent, 0);
    expect(pct).toBeGreaterThan(99);
    expect(pct).toBeLessThan(101);
  });

  it('12m covers a year of days; 7d seven', async () => {
    const year = (await call(emu, 'GET', '/analytics/overview?range=12m')).body;
    expect([365, 366]).toContain(year.period.days);
    expect(year.timeline).toHaveLength(year.period.days);
    const week = (await call(emu, 'GET', '/analytics/overview?range=7d')).body;
    expect(week.timeline.map((d: { date: string }) => d.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(utcDate));
  });

  it('counts scans from the public routes and from the control API', async () => {
    const before = (await call(emu, 'GET', '/analytics/qr_support?range=7d')).body.totalScans;
    const pub = await call(emu, 'GET', '/p/acme-support', { key: null });
    expect(pub.status).toBe(302);
    await addScans([{ targetId: 'qr_support', at: new Date(emu.now() - 1000).toISOString() }]);
    const after = (await call(emu, 'GET', '/analytics/qr_support?range=7d')).body;
    expect(after.totalScans).toBe(before + 2);
    const overview = (await call(emu, 'GET', '/analytics/overview?range=7d')).body;
    expect(
      overview.topQrCodes.some((c: { id: string }) => c.id === 'qr_support') || overview.topQrCodes.length === 5,
    ).toBe(true);
  });
});

describe('GET /analytics/:id', () => {
  it('takes a card id or a QR code id; no topQrCodes', async () => {
    const card = await call(emu, 'GET', '/analytics/crd_amelie');
    expect(card.status).toBe(200);
    expect(card.body.qrCodeId).toBe('crd_amelie');
    expect(card.body.topQrCodes).toBeUndefined();
    const qr = await call(emu, 'GET', '/analytics/qr_roboconf?range=90d');
    expect(qr.body).toMatchObject({ qrCodeId: 'qr_roboconf', range: '90d' });
    expect(qr.body.timeline).toHaveLength(90);
  });

  it('404 for unknown ids, codes in Trash and other accounts', async () => {
    for (const id of ['qr_nope', 'qr_flyer', 'crd_camille', 'lead_001']) {
      const r = await call(emu, 'GET', `/analytics/${id}`);
      expect([id, r.status, r.body.error.code]).toEqual([id, 404, 'resource_not_found']);
    }
  });

  it('buckets days in the requested time zone: scans near midnight UTC fall on other dates in Los Angeles', async () => {
    const d = utcDate(2);
    await addScans([
      { targetId: 'qr_promo', at: `${d}T00:30:00.000Z` },
      { targetId: 'qr_promo', at: `${d}T23:30:00.000Z` },
    ]);
    const days = (s: { timeline: { date: string; scans: number }[] }) =>
      Object.fromEntries(s.timeline.filter((x) => x.scans).map((x) => [x.date, x.scans]));
    const utc = (await call(emu, 'GET', '/analytics/qr_promo?range=7d')).body;
    expect(days(utc)).toEqual({ [d]: 2 });
    const la = (await call(emu, 'GET', '/analytics/qr_promo?range=7d&timeZone=America/Los_Angeles')).body;
    const prev = new Date(Date.parse(d) - DAY).toISOString().slice(0, 10);
    expect(days(la)).toEqual({ [prev]: 1, [d]: 1 });
    expect(la.totalScans).toBe(2);
    // period.start is local midnight in Los Angeles (07:00 or 08:00 UTC)
    expect(la.period.start).toMatch(/T0[78]:00:00\.000Z$/);
  });

  it('previous period and trend', async () => {
    const cur = [1, 2, 3, 4, 5].map((n) => ({ targetId: 'qr_promo', at: `${utcDate(n)}T12:00:00.000Z` }));
    const prev = [8, 9, 10, 11].map((n) => ({ targetId: 'qr_promo', at: `${utcDate(n)}T12:00:00.000Z` }));
    const older = [{ targetId: 'qr_promo', at: `${utcDate(20)}T12:00:00.000Z` }];
    await addScans([...cur, ...prev, ...older]);
    const s = (await call(emu, 'GET', '/analytics/qr_promo?range=7d')).body;
    expect([s.totalScans, s.previousPeriodScans, s.trend]).toEqual([5, 4, '+25%']);
    const none = (await call(emu, 'GET', '/analytics/qr_manual?range=7d')).body;
    expect([none.totalScans, none.previousPeriodScans, none.trend]).toEqual([0, 0, '0%']);
  });

  it('trend rule', () => {
    expect(trendOf(12, 10)).toBe('+20%');
    expect(trendOf(19, 20)).toBe('-5%');
    expect(trendOf(10, 10)).toBe('0%');
    expect(trendOf(3, 0)).toBe('+100%');
    expect(trendOf(0, 0)).toBe('0%');
    expect(trendOf(0, 7)).toBe('-100%');
    expect(trendOf(1001, 1000)).toBe('0%');
  });
});

describe('plans and validation', () => {
  it('a plan without breakdowns: no topCountries or devices; its history limit clamps longer ranges', async () => {
    expect((await call(emu, 'POST', '/_emulator/plan', { key: null, body: { plan: 'business_card' } })).status).toBe(
      200,
    );
    const month = (await call(emu, 'GET', '/analytics/overview')).body;
    expect(month.topCountries).toBeUndefined();
    expect(month.devices).toBeUndefined();
    expect(month.topQrCodes).toBeDefined();
    expect([month.clamped, month.historyDays, month.period.days]).toEqual([false, 90, 30]);
    const year = (await call(emu, 'GET', '/analytics/overview?range=12m')).body;
    expect([year.clamped, year.historyDays, year.period.days, year.timeline.length]).toEqual([true, 90, 90, 90]);
    expect(year.previousPeriodScans).toBe(0); // beyond the plan's history
  });

  it('422 validation_failed for a bad range or time zone, with array paths', async () => {
    const r = await call(emu, 'GET', '/analytics/overview?range=1y&timeZone=Mars/Olympus');
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('validation_failed');
    expect(r.body.error.details.map((d: { path: unknown }) => d.path)).toEqual([['range'], ['timeZone']]);
    const empty = await call(emu, 'GET', '/analytics/crd_amelie?timeZone=');
    expect(empty.status).toBe(422);
  });

  it('needs analytics:read', async () => {
    const r = await call(emu, 'GET', '/analytics/overview', { key: emu.keys.qronly });
    expect([r.status, r.body.error.code]).toEqual([403, 'forbidden']);
    expect((await call(emu, 'GET', '/analytics/overview', { key: emu.keys.readonly })).status).toBe(200);
  });
});
