// The built CLI as a child process, killed with SIGKILL part-way through an import, then resumed:
// every row is created exactly once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { partnersCsv, readReportLines, writeCsv } from '../../jobs/import/_files.js';

// No pacing (a huge limit), a little latency so a kill lands between and during requests.
const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 10 });
const ROWS = 40;

beforeAll(async () => {
  await ensureFreshBuild();
}, 180_000);

/** Starts the import in a child and SIGKILLs it once the report holds `rows` row lines. */
function importKilledAfter(args: string[], report: string, rows: number): Promise<NodeJS.Signals | number | null> {
  const { child, exit } = spawnCli(['campaigns', 'import', ...args], {
    env: { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: tempDir(), NO_COLOR: '1' },
    stdin: null,
  });
  const watch = setInterval(() => {
    const lines = existsSync(report) ? readFileSync(report, 'utf8').split('\n').filter(Boolean).length - 1 : 0;
    if (lines >= rows) child.kill('SIGKILL');
  }, 2);
  return exit.finally(() => clearInterval(watch));
}

const cardsPerId = () => {
  const counts = new Map<string, number>();
  for (const c of emu.store.cards)
    if (c.campaignId === 'cmp_native' && c.externalId?.startsWith('P-0'))
      counts.set(c.externalId, (counts.get(c.externalId) ?? 0) + 1);
  return counts;
};

describe('campaigns import: kill -9 and --resume', () => {
  it('killed twice part-way, resumed: every row created exactly once, the report complete', async () => {
    emu.store.accounts.find((a) => a.id === 'acc_acme')!.cardAllowance = 1000;
    const dir = tempDir('cardqr-kill-');
    const file = writeCsv('people.csv', partnersCsv(ROWS), dir);
    const report = join(dir, 'people.csv.report.ndjson');

    expect(await importKilledAfter(['cmp_native', file], report, 5)).toBe('SIGKILL');
    expect(existsSync(`${report}.lock`)).toBe(true); // left behind by the killed process
    const afterFirst = readReportLines(report).length - 1;
    expect(afterFirst).toBeLessThan(ROWS);

    expect(await importKilledAfter(['cmp_native', file, '--resume'], report, afterFirst + 10)).toBe('SIGKILL');
    expect(readReportLines(report).length - 1).toBeLessThan(ROWS);

    const plain = await runCli(['campaigns', 'import', 'cmp_native', file], { emu });
    expect([plain.exitCode, plain.stderr]).toEqual([2, expect.stringContaining('--resume')]);

    const resumed = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect([resumed.exitCode, resumed.stderr]).toEqual([0, expect.stringContaining('already done by an earlier run')]);

    const counts = cardsPerId();
    expect(counts.size).toBe(ROWS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = readReportLines(report).slice(1);
    const done = rows.filter((l) => l.outcome === 'created' || l.outcome === 'exists');
    expect(done.map((l) => l.line).sort((a, b) => a - b)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 2));
    expect(existsSync(`${report}.lock`)).toBe(false);

    // A plain re-run into a new report sends the same keys: the API replays, nothing is created twice.
    const again = await runCli(['campaigns', 'import', 'cmp_native', file, '--report', join(dir, 'again.ndjson')], {
      emu,
    });
    expect(again.exitCode).toBe(0);
    expect([...cardsPerId().values()].every((n) => n === 1)).toBe(true);
    expect(cardsPerId().size).toBe(ROWS);
  });
});
