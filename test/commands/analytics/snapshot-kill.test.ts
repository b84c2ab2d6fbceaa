// kill -9 at random points of `analytics snapshot` (the built CLI, a real process): the store is as
// before (the snapshot's rows are written in one transaction after the fetching), or, when the kill
// came after the commit, holds the whole snapshot; the next snapshot takes the lock over and succeeds.
// 20 seeded trials.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { seededRandom, useEmulator } from '../../helpers/emulator.js';
import { addQrCodes } from '../../helpers/records.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { scan } from './_history-cases.js';

const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 3 });
const TRIALS = 20;

beforeAll(async () => {
  await ensureFreshBuild();
}, 180_000);

const TABLES = ['snapshots', 'subjects', 'timelines', 'days', 'campaigns'];

function dump(db: string): string {
  const raw = new DatabaseSync(db, { readOnly: true });
  try {
    return TABLES.map((t) => JSON.stringify(raw.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all())).join('\n');
  } finally {
    raw.close();
  }
}

const count = (db: string, table: string): number => {
  const raw = new DatabaseSync(db, { readOnly: true });
  try {
    return Number((raw.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } finally {
    raw.close();
  }
};

describe('analytics snapshot: kill -9 at random points', () => {
  it(`${TRIALS} trials: the store as before, or the whole snapshot; the next one succeeds`, async () => {
    const random = seededRandom(11);
    const codes = addQrCodes(emu, 60, 'kill');
    const db = join(tempDir('cardqr-hist-kill-'), 'h.db');
    const env = {
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: emu.keys.full,
      CARDQR_CONFIG_DIR: tempDir(),
      NO_COLOR: '1',
    };
    expect((await runCli(['analytics', 'snapshot', '--store', db], { emu })).exitCode).toBe(0);
    let killed = 0;
    for (let t = 0; t < TRIALS; t++) {
      for (const q of codes) if (random() < 0.5) scan(emu, q.id, emu.now() - 60_000);
      const before = dump(db);
      const snapshots = count(db, 'snapshots');
      const base = emu.requests().length;
      const after = 1 + Math.floor(random() * 60);
      const { child, exit } = spawnCli(['analytics', 'snapshot', '--store', db], { env, stdin: null });
      const watch = setInterval(() => {
        if (emu.requests().length - base >= after) child.kill('SIGKILL');
      }, 1);
      const how = await exit.finally(() => clearInterval(watch));
      if (how === 'SIGKILL') {
        killed++;
        if (count(db, 'snapshots') === snapshots) expect(dump(db)).toBe(before);
        else expect(count(db, 'snapshots')).toBe(snapshots + 1);
      } else expect(how).toBe(0);
      const again = await runCli(['analytics', 'snapshot', '--store', db, '--wait', '0'], { emu });
      expect([again.exitCode, again.stderr]).toEqual([0, '']);
      const raw = new DatabaseSync(db, { readOnly: true });
      expect(raw.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      raw.close();
    }
    expect(killed).toBeGreaterThan(TRIALS / 2);
  }, 180_000);
});
