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

  it('a store that does not exist: no snapshot yet, nothing created', async () => {
    const db = join(tempDir('cardqr-hist-api-'), 'absent.db');
    await expect(openHistory(undefined, {}, db)).rejects.toThrow(/no snapshot yet/);
    expect(existsSync(db)).toBe(false);
  });
});
