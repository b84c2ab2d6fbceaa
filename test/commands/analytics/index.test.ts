import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { barChart, bucketize } from '../../../src/output/chart.js';
import { useEmulator } from '../../helpers/emulator.js';
import { json, runCli } from '../../helpers/run-cli.js';

const emu = useEmulator();
const DAY = 86_400_000;
const plain = { NO_COLOR: '1' };

const utcDate = (daysAgo: number) => new Date(emu.now() - daysAgo * DAY).toISOString().slice(0, 10);

async function control(path: string, body: unknown) {
  const res = await fetch(`${emu.publicBaseUrl}/_emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

/** The chart block of the terminal view: from "Scans per ..." to the blank line after it. */
function chartLines(stdout: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Scans per '));
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
}

describe('cardqr analytics overview', () => {
  it('terminal: totals with trend, a bar chart, top codes, countries and devices', async () => {
    const r = await runCli(['analytics', 'overview'], { emu, tty: true, env: plain, columns: 100 });
    expect([r.exitCode, r.stderr]).toEqual([0, '']);
    const s = json(await runCli(['analytics', 'overview'], { emu }));
    expect(r.stdout).toContain(`last 30 days: ${utcDate(29)} to ${utcDate(0)} (UTC)`);
    expect(r.stdout).toContain(
      `total scans      ${s.totalScans}  (${s.trend} vs the previous 30 days: ${s.previousPeriodScans})`,
    );
    expect(r.stdout).toContain(`unique visitors  ${s.uniqueVisitors}`);
    expect(r.stdout).toContain('Scans per day');
    expect(r.stdout).toMatch(/[▁▂▃▄▅▆▇█]/);
    for (const t of ['Top codes', 'Amélie Laurent', 'Top countries', 'France', 'Devices', 'iOS'])
      expect(r.stdout).toContain(t);
    expect(r.stdout).not.toMatch(/\x1b\[/);
  });

  it('json off a terminal keeps the API object; ndjson one line; -q nothing', async () => {
    const s = json(await runCli(['analytics', 'overview', '--range', '7d'], { emu }));
    expect(s).toMatchObject({ object: 'scan_stats', range: '7d', qrCodeId: null });
    expect(s.timeline).toHaveLength(7);
    expect(emu.requests({ path: '/analytics/overview' }).at(-1)?.query).toEqual({ range: '7d', timeZone: 'UTC' });
    const nd = await runCli(['analytics', 'overview', '-o', 'ndjson'], { emu });
    expect(nd.stdout.trim().split('\n')).toHaveLength(1);
    const q = await runCli(['analytics', 'overview', '-q'], { emu, tty: true });
    expect([q.exitCode, q.stdout, q.stderr]).toEqual([0, '', '']);
  });

  it('csv gives the timeline rows (date, scans)', async () => {
    const r = await runCli(['analytics', 'overview', '--range', '90d', '-o', 'csv'], { emu });
    expect(r.exitCode).toBe(0);
    const rows = parse(r.stdout, { columns: true }) as Array<{ date: string; scans: string }>;
    expect(rows).toHaveLength(90);
    expect(Object.keys(rows[0])).toEqual(['date', 'scans', 'extra']); // extra: fields the API may add later
    expect(rows[89].date).toBe(utcDate(0));
  });

  it('a plan without breakdowns: no countries or devices, and the table says so in one line', async () => {
    await control('plan', { plan: 'business_card' });
    const s = json(await runCli(['analytics', 'overview'], { emu }));
    expect(s.topCountries).toBeUndefined();
    expect(s.devices).toBeUndefined();
    const r = await runCli(['analytics', 'overview'], { emu, tty: true, env: plain });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("Countries and devices: not included in this account's plan.");
    expect(r.stdout).not.toContain('Top countries');
    expect(r.stdout).not.toContain('DEVICE');
    const year = await runCli(['analytics', 'overview', '--range', '12m'], { emu, tty: true, env: plain });
    expect(year.stdout).toContain('cut to 90 days: the plan keeps 90 days of scans');
  });

  it('the bar chart fits the terminal width for every range, aggregating when days do not fit', async () => {
    for (const columns of [40, 80, 120]) {
      for (const range of ['7d', '30d', '90d', '12m']) {
        const r = await runCli(['analytics', 'overview', '--range', range], { emu, tty: true, env: plain, columns });
        expect(r.exitCode).toBe(0);
        const lines = chartLines(r.stdout);
        expect(lines.length).toBeGreaterThan(8);
        for (const line of lines)
          expect([range, columns, line.length <= columns, line]).toEqual([range, columns, true, line]);
      }
    }
    const narrow = await runCli(['analytics', 'overview', '--range', '90d'], {
      emu,
      tty: true,
      env: plain,
      columns: 80,
    });
    expect(chartLines(narrow.stdout)[0]).toBe('Scans per week');
    const year = await runCli(['analytics', 'overview', '--range', '12m'], { emu, tty: true, env: plain, columns: 40 });
    expect(chartLines(year.stdout)[0]).toBe('Scans per month');
  });

  it("--tz local sends this machine's zone", async () => {
    const r = await runCli(['analytics', 'overview', '--tz', 'local', '--range', '7d'], { emu });
    expect(r.exitCode).toBe(0);
    expect(emu.requests({ path: '/analytics/overview' })[0].query.timeZone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('exit 2 before sending for an unknown time zone or range', async () => {
    const tz = await runCli(['analytics', 'overview', '--tz', 'Mars/Olympus'], { emu });
    expect(tz.exitCode).toBe(2);
    expect(tz.stderr).toContain('--tz "Mars/Olympus": unknown time zone');
    const range = await runCli(['analytics', 'overview', '--range', '1y'], { emu });
    expect(range.exitCode).toBe(2);
    expect(range.stderr).toContain('7d');
    expect(emu.requests()).toEqual([]);
  });

  it('-o vcf is refused before the request', async () => {
    const r = await runCli(['analytics', 'overview', '-o', 'vcf'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('-o vcf (vCard) applies to leads');
    expect(emu.requests()).toEqual([]);
  });

  it('exit 3 without analytics:read', async () => {
    const r = await runCli(['analytics', 'overview'], { emu, key: emu.keys.qronly });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain('forbidden (403)');
  });
});

describe('cardqr analytics get', () => {
  it('time zones: scans near midnight UTC land on other dates in Los Angeles', async () => {
    const d = utcDate(2);
    await control('scans', {
      scans: [
        { targetId: 'qr_promo', at: `${d}T00:30:00.000Z` },
        { targetId: 'qr_promo', at: `${d}T23:30:00.000Z` },
      ],
    });
    const days = (s: { timeline: { date: string; scans: number }[] }) =>
      Object.fromEntries(s.timeline.filter((x) => x.scans).map((x) => [x.date, x.scans]));
    const utc = json(await runCli(['analytics', 'get', 'qr_promo', '--range', '7d', '--tz', 'UTC'], { emu }));
    expect(days(utc)).toEqual({ [d]: 2 });
    const la = json(
      await runCli(['analytics', 'get', 'qr_promo', '--range', '7d', '--tz', 'America/Los_Angeles'], { emu }),
    );
    const before = new Date(Date.parse(d) - DAY).toISOString().slice(0, 10);
    expect(days(la)).toEqual({ [before]: 1, [d]: 1 });
    expect(emu.requests({ path: '/analytics/qr_promo' }).at(-1)?.query.timeZone).toBe('America/Los_Angeles');
    const csv = await runCli(
      ['analytics', 'get', 'qr_promo', '--range', '7d', '--tz', 'America/Los_Angeles', '-o', 'csv'],
      { emu },
    );
    const rows = parse(csv.stdout, { columns: true }) as Array<{ date: string; scans: string }>;
    expect(rows.filter((x) => x.scans !== '0')).toEqual([
      { date: before, scans: '1', extra: '' },
      { date: d, scans: '1', extra: '' },
    ]);
  });

  it('terminal view of one code: no top codes section; card ids work too', async () => {
    const r = await runCli(['analytics', 'get', 'crd_amelie', '--range', '7d'], { emu, tty: true, env: plain });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Scans of crd_amelie, last 7 days');
    expect(r.stdout).not.toContain('Top codes');
  });

  it('exit 4 for an unknown id', async () => {
    const r = await runCli(['analytics', 'get', 'qr_missing'], { emu });
    expect(r.exitCode).toBe(4);
    expect(r.stderr).toContain('resource_not_found (404)');
  });

  it('--help shows choices, defaults and examples', async () => {
    const r = await runCli(['analytics', 'get', '--help'], { emu });
    expect(r.exitCode).toBe(0);
    for (const t of ['"7d", "30d", "90d", "12m"', 'default: "30d"', 'default: "UTC"', '$ cardqr analytics get'])
      expect(r.stdout).toContain(t);
  });
});

describe('bar chart', () => {
  const days = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      date: new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10),
      scans: i % 5,
    }));

  it('picks days, then weeks, then months, then groups of months', () => {
    expect(bucketize(days(30), 30).unit).toBe('day');
    expect(bucketize(days(90), 60).unit).toBe('week');
    expect(bucketize(days(365), 20).unit).toBe('month');
    const g = bucketize(days(365), 5);
    expect(g.unit).toBe('months');
    expect(g.buckets.length).toBeLessThanOrEqual(5);
    const total = (b: { scans: number }[]) => b.reduce((n, x) => n + x.scans, 0);
    for (const slots of [100, 20, 5, 1]) expect(total(bucketize(days(365), slots).buckets)).toBe(total(days(365)));
  });

  it('scales to the tallest bucket and fits even a tiny width', () => {
    const chart = barChart(days(90), 30);
    expect(chart.unit).toBe('week');
    expect(chart.lines[0]).toMatch(/█/); // the tallest week reaches the top row
    for (const w of [5, 12, 33]) for (const l of barChart(days(365), w).lines) expect(l.length).toBeLessThanOrEqual(w);
    const empty = barChart(
      days(7).map((d) => ({ ...d, scans: 0 })),
      40,
    );
    expect(empty.lines.join('')).not.toMatch(/[▁▂▃▄▅▆▇█]/);
  });
});
