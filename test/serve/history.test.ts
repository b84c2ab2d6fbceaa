// The history panel of `cardqr serve` on a store filled by the real `cardqr analytics snapshot` against
// the emulator: the chart's days are the store's, summed over its codes, as `analytics history` reads
// them; a store named but missing refuses the run (exit 2, nothing sent); the default one missing is a
// line in the panel.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli, tempDir } from '../helpers/run-cli.js';
import { signIn, startServe } from './start.js';

const emu = useEmulator();

async function snapshot(data: string) {
  const r = await runCli(['analytics', 'snapshot', '-o', 'json'], { emu, env: { CARDQR_DATA_DIR: data } });
  expect(r.exitCode, r.stderr).toBe(0);
}

describe('cardqr serve: scans over time from the history store', () => {
  it('charts the store’s days (every code summed) and names the busiest codes', async () => {
    const data = tempDir('cardqr-data-');
    await snapshot(data);
    const history = json(
      await runCli(['analytics', 'history', '--by', 'day', '-o', 'json'], { emu, env: { CARDQR_DATA_DIR: data } }),
    ).rows as Array<{ id: string; day: string; scans: number }>;
    expect(history.length).toBeGreaterThan(10);
    const s = await startServe(emu, { env: { CARDQR_DATA_DIR: data } });
    try {
      const { cookie } = await signIn(s.url);
      emu.clearRequests();
      const chart = await (await fetch(`${s.origin}/api/history?by=day`, { headers: { cookie } })).json();
      expect(emu.requests()).toEqual([]); // the store alone
      const since = chart.since as string;
      const perDay = new Map<string, number>();
      const perId = new Map<string, number>();
      for (const r of history.filter((h) => h.day >= since)) {
        perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.scans);
        perId.set(r.id, (perId.get(r.id) ?? 0) + r.scans);
      }
      const days = [...perDay.keys()].sort();
      expect(chart.periods).toEqual(days);
      expect(chart.scans).toEqual(days.map((d) => perDay.get(d)));
      expect(chart.top[0]).toEqual({
        id: [...perId].sort((a, b) => b[1] - a[1])[0][0],
        scans: Math.max(...perId.values()),
      });
      const months = await (await fetch(`${s.origin}/api/history?by=month`, { headers: { cookie } })).json();
      expect(months.scans.reduce((a: number, b: number) => a + b, 0)).toBe(history.reduce((a, r) => a + r.scans, 0));
      const weeks = await (await fetch(`${s.origin}/api/history?by=week`, { headers: { cookie } })).json();
      expect(weeks.periods.every((p: string) => /^\d{4}-W\d{2}$/.test(p))).toBe(true);
      expect((await fetch(`${s.origin}/api/history?by=year`, { headers: { cookie } })).status).toBe(400);
    } finally {
      await s.stop();
    }
  });

  it('the default store not there yet: a line in the panel, and it serves', async () => {
    const s = await startServe(emu);
    try {
      const { cookie } = await signIn(s.url);
      const chart = await (await fetch(`${s.origin}/api/history`, { headers: { cookie } })).json();
      expect(chart.missing).toMatch(
        /^no snapshot yet: the history store .* does not exist; take one with `cardqr analytics snapshot`$/,
      );
    } finally {
      await s.stop();
    }
  });

  it('a store named with --store that cannot be read: exit 2, one line, nothing sent', async () => {
    const missing = `${tempDir('cardqr-data-')}/none.db`;
    const r = await runCli(['serve', '--port', '0', '--store', missing], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^error: no snapshot yet: the history store .*none\.db does not exist\n/);
    expect(emu.requests()).toEqual([]);
    const tz = await runCli(['serve', '--port', '0', '--tz', 'Mars/Olympus'], { emu });
    expect(tz.exitCode).toBe(2);
    expect(tz.stderr).toMatch(/--tz "Mars\/Olympus": unknown time zone/);
  });
});
