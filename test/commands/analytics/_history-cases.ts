// The store cases of PRODUCT §18, run once per database: the SQLite file (history.test.ts) and a real
// PostgreSQL server (history-postgres.test.ts). `store()` gives the --store value of a fresh store.
import { expect, it } from 'vitest';
import type { Emulator } from '../../../src/emulator/index.js';
import { json, runCli } from '../../helpers/run-cli.js';

export const DAY = 86_400_000;

/** A scan of `id` at `at` (ms), as the public route would count it. */
export function scan(emu: Emulator, id: string, at: number, n = 1): void {
  const qr = emu.store.qrCodes.find((q) => q.id === id) ?? emu.store.cards.find((c) => c.id === id);
  for (let i = 0; i < n; i++)
    emu.store.scans.push({
      id: `scn_t${emu.store.scans.length}_${i}`,
      accountId: qr!.accountId,
      targetId: id,
      at: new Date(at).toISOString(),
      country: 'FR',
      city: 'Paris',
      device: 'iOS',
      visitorId: `v_t${i}`,
    });
}

const timelinePaths = (emu: Emulator) => emu.requests({ path: /^\/analytics\// }).map((r) => r.path);

export function storeCases(
  emu: Emulator,
  store: () => string[] | Promise<string[]>,
  opts: { secret?: string; env?: () => Record<string, string> } = {},
): void {
  const cli = async (args: string[], tty = false) => {
    const r = await runCli(args, { emu, tty, columns: 80, env: opts.env?.() });
    if (opts.secret) expect(r.stdout + r.stderr).not.toContain(opts.secret);
    return r;
  };

  it('twice the same day with no QR code moved: /me, the list pages and one timeline per card only', async () => {
    const s = await store();
    const first = await cli(['analytics', 'snapshot', ...s, '-o', 'json']);
    expect([first.exitCode, first.stderr]).toEqual([0, '']);
    const before = json(await cli(['analytics', 'history', ...s, '-o', 'json']));
    expect(before.rows.length).toBeGreaterThan(0);

    emu.clearRequests();
    const again = await cli(['analytics', 'snapshot', ...s, '-o', 'json']);
    expect(again.exitCode).toBe(0);
    const cards = emu.store.cards.filter((c) => c.accountId === 'acc_acme' && c.status !== 'archived');
    const paths = emu.requests().map((r) => `${r.method} ${r.path}`);
    expect(paths.filter((p) => !p.startsWith('GET /analytics/'))).toEqual(
      expect.arrayContaining(['GET /me', 'GET /qr-codes', 'GET /cards']),
    );
    expect(paths.filter((p) => !/^GET \/(me|qr-codes|cards|analytics\/crd_[^/]+)$/.test(p))).toEqual([]);
    expect(paths.filter((p) => p === 'GET /me')).toHaveLength(1);
    expect(timelinePaths(emu).sort()).toEqual(cards.map((c) => `/analytics/${c.id}`).sort());
    expect(json(again).requests).toBe(paths.length);
    expect(json(await cli(['analytics', 'history', ...s, '-o', 'json']))).toEqual(before);

    emu.clearRequests();
    expect((await cli(['analytics', 'snapshot', ...s, '--no-cards'])).exitCode).toBe(0);
    expect(timelinePaths(emu)).toEqual([]);
  });

  it('a QR code that moved is fetched again (the smallest range back to its last fetch)', async () => {
    const s = await store();
    expect((await cli(['analytics', 'snapshot', ...s, '--no-cards'])).exitCode).toBe(0);
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
    scan(emu, qr.id, emu.now() - 60_000, 3);
    emu.clearRequests();
    expect((await cli(['analytics', 'snapshot', ...s, '--no-cards'])).exitCode).toBe(0);
    expect(emu.requests({ path: /^\/analytics\// }).map((r) => `${r.path}?range=${r.query?.range}`)).toEqual([
      `/analytics/${qr.id}?range=7d`,
    ]);
  });

  it("history keeps the days after the emulator's clock moved past the plan's window", async () => {
    emu.store.account('acc_acme')!.plan = 'business_card'; // 90 days of history
    const s = await store();
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
    const old = emu.now() - 20 * DAY;
    scan(emu, qr.id, old, 4);
    const oldDay = new Date(old).toISOString().slice(0, 10);
    expect((await cli(['analytics', 'snapshot', ...s, '--no-cards'])).exitCode).toBe(0);
    emu.advanceTime(200 * DAY);
    scan(emu, qr.id, emu.now() - 3_600_000, 1);
    expect((await cli(['analytics', 'snapshot', ...s, '--no-cards'])).exitCode).toBe(0);
    const live = json(await cli(['analytics', 'get', qr.id, '--range', '12m', '-o', 'json']));
    expect(live.clamped).toBe(true);
    expect(live.timeline.find((d: { date: string }) => d.date === oldDay)).toBeUndefined();
    const h = json(await cli(['analytics', 'history', qr.id, ...s, '-o', 'json']));
    expect(h.rows).toContainEqual({ id: qr.id, day: oldDay, scans: expect.any(Number) });
    expect(h.rows.find((r: { day: string }) => r.day === oldDay).scans).toBeGreaterThanOrEqual(4);
  });

  it('history by month, by group, as csv; drift exit 7; a newer store refused', async () => {
    const s = await store();
    const qr = emu.store.qrCodes.find((q) => q.accountId === 'acc_acme' && q.status === 'published')!;
    for (let d = 20; d >= 8; d--) scan(emu, qr.id, emu.now() - d * DAY, 5);
    expect((await cli(['analytics', 'snapshot', ...s])).exitCode).toBe(0);
    const month = json(await cli(['analytics', 'history', qr.id, ...s, '--by', 'month', '-o', 'json']));
    expect(month.by).toBe('month');
    expect(month.rows.every((r: { month: string }) => /^\d{4}-\d{2}$/.test(r.month))).toBe(true);
    const csv = await cli(['analytics', 'history', qr.id, ...s, '--by', 'week', '-o', 'csv']);
    expect(csv.stdout.split('\n')[0]).toMatch(/^id,week,scans/);
    const grouped = json(await cli(['analytics', 'history', ...s, '--group', 'template', '-o', 'json']));
    expect(grouped.rows.some((r: { group: string }) => r.group === 'tpl_corporate')).toBe(true);
    const table = await cli(['analytics', 'history', qr.id, ...s, '--by', 'month'], true);
    expect(table.stdout).toMatch(/^Scans per month \(UTC\)\n.*│/m);
    expect(table.stdout).toMatch(/^id\s+month\s+scans$/m);

    const drift = await cli(['analytics', 'drift', ...s, '-o', 'json']);
    expect(drift.exitCode).toBe(7);
    expect(json(drift)).toContainEqual(expect.objectContaining({ id: qr.id, reason: 'fell' }));
    expect(drift.stderr).toMatch(/drift: \d+ codes? fell or stopped/);
  });

  it('drift and history on an empty store: exit 2, no snapshot yet, nothing sent', async () => {
    const s = await store();
    emu.clearRequests();
    const drift = await cli(['analytics', 'drift', ...s]);
    expect([drift.exitCode, drift.stderr]).toEqual([2, expect.stringContaining('no snapshot yet')]);
    const history = await cli(['analytics', 'history', ...s]);
    expect([history.exitCode, history.stderr]).toEqual([2, expect.stringContaining('no snapshot yet')]);
    expect(emu.requests()).toEqual([]);
  });

  it('migrate: an empty store to the current version, then nothing to do', async () => {
    const s = await store();
    const first = await cli(['analytics', 'migrate', ...s]);
    expect([first.exitCode, first.stdout]).toEqual([0, expect.stringMatching(/migrated from schema version 0 to 1/)]);
    const second = await cli(['analytics', 'migrate', ...s]);
    expect(second.stdout).toMatch(/at schema version 1: nothing to do/);
  });
}
