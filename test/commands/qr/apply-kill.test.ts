// kill -9 at random points of `qr apply` (the built CLI, a real process), then the same command again:
// the account is the state, so the re-run plans only what is still missing and the account ends equal
// to the file with each code created once. 20 seeded trials on small files.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { seededRandom, useEmulator } from '../../helpers/emulator.js';
import { addQrCodes } from '../../helpers/records.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { fairRows, mismatches, writeApplyCsv, writes, type CodeRow } from './_apply.js';

// No pacing (a huge limit), a little latency so a kill lands between and during requests.
const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 5 });
const TRIALS = 20;

beforeAll(async () => {
  await ensureFreshBuild();
}, 180_000);

/** Runs `qr apply --yes` in a child and SIGKILLs it once the emulator answered `after` writes. */
function applyKilledAfter(file: string, after: number): Promise<NodeJS.Signals | number | null> {
  const base = writes(emu).length;
  const { child, exit } = spawnCli(['qr', 'apply', file, '--yes'], {
    env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: tempDir(), NO_COLOR: '1' },
    stdin: null,
  });
  const watch = setInterval(() => {
    if (writes(emu).length - base >= after) child.kill('SIGKILL');
  }, 1);
  return exit.finally(() => clearInterval(watch));
}

describe('qr apply: kill -9 and the same command again', () => {
  it(`${TRIALS} trials: the account equals the file, each code created once`, async () => {
    const random = seededRandom(7);
    const old = addQrCodes(emu, 4 * TRIALS, 'kold');
    emu.store.account('acc_acme')!.qrAllowance = 10_000;
    let killed = 0;
    for (let t = 0; t < TRIALS; t++) {
      const mine = old.slice(4 * t, 4 * t + 4);
      // 6 creates (2 of them paused or archived: a create, then a move) and 4 updates: 12 writes.
      const rows: CodeRow[] = [
        ...fairRows(6, `k${t}`),
        ...mine.map((q, i) => ({
          shortCode: q.shortCode,
          destinationUrl: `${q.destinationUrl}/t${t}`,
          ...(i % 2 ? { status: 'paused' } : {}),
        })),
      ];
      const file = writeApplyCsv(tempDir('cardqr-kill-'), rows);
      const after = Math.floor(random() * 12);
      const how = await applyKilledAfter(file, after);
      if (how === 'SIGKILL') killed++;
      else expect(how).toBe(0); // it finished before the kill came

      const again = await runCli(['qr', 'apply', file, '--yes'], { emu });
      expect([again.exitCode, again.stderr]).toEqual([0, expect.any(String)]);
      expect(mismatches(emu, rows)).toEqual([]);
      const before = writes(emu).length;
      expect((await runCli(['qr', 'apply', file], { emu })).exitCode).toBe(0);
      expect(writes(emu).length).toBe(before);
    }
    expect(killed).toBeGreaterThan(TRIALS / 2);
  }, 120_000);
});
