// The read API other parts use (src/history/index.ts): a store opened read-only, whether it holds days
// of an id, and the series `analytics history` prints; a missing store is "no snapshot yet".
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openHistory } from '../../src/history/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { json, runCli, tempDir } from '../helpers/run-cli.js';

const emu = useEmulator({ rateLimit: 1_000_000 });

describe('openHistory', () => {
  it('reads what analytics history prints, without writing', async () => {
    const db = join(tempDir('cardqr-hist-api-'), 'h.db');
    expect((await runCli(['analytics', 'snapshot', '--store', db], { emu })).exitCode).toBe(0);
    const printed = json(await runCli(['analytics', 'history', '--store', db, '--by', 'month', '-o', 'json'], { emu }));
    const reader = await openHistory(db, {}, '/nowhere/history.db');
    try {
      expect(reader.where).toBe(db);
      expect(await reader.series({ by: 'month' })).toEqual(printed.rows);
      const id = printed.rows[0].id as string;
      expect(await reader.hasDays(id)).toBe(true);
      expect(await reader.hasDays('qr_not_there')).toBe(false);
    } finally {
      await reader.close();
    }
  });

  it("a store holding two accounts: a caller that names its account reads only that account's days", async () => {
    const db = join(tempDir('cardqr-hist-api-'), 'h.db');
    expect((await runCli(['analytics', 'snapshot', '--store', db, '--no-cards'], { emu })).exitCode).toBe(0);
    const { DatabaseSync } = await import('node:sqlite');
    const raw = new DatabaseSync(db);
    raw.exec(
      "INSERT INTO days (account, id, zone, month, day, scans, range, clamped, history_days) SELECT 'acc_other', 'other_' || id, zone, month, day, scans * 1000, range, clamped, history_days FROM days",
    );
    raw.close();
    const reader = await openHistory(db, {}, '/nowhere/history.db');
    try {
      const acme = await reader.series({ by: 'month', account: 'acc_acme' });
      const all = await reader.series({ by: 'month' });
      expect(acme.length).toBeGreaterThan(0);
      const other = `other_${acme[0].id}`;
      expect(acme.some((r) => r.id.startsWith('other_'))).toBe(false);
      expect(all.some((r) => r.id === other)).toBe(true);
      expect(await reader.hasDays(other, 'UTC', 'acc_acme')).toBe(false);
      expect(await reader.hasDays(other, 'UTC', 'acc_other')).toBe(true);
      expect(await reader.hasDays(acme[0].id, 'UTC', 'acc_acme')).toBe(true);
    } finally {
      await reader.close();
    }
  });

  it('a store that does not exist: no snapshot yet, nothing created', async () => {
    const db = join(tempDir('cardqr-hist-api-'), 'absent.db');
    await expect(openHistory(undefined, {}, db)).rejects.toThrow(/no snapshot yet/);
    expect(existsSync(db)).toBe(false);
  });
});
