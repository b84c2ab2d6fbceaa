// The built CLI as a child process running `campaigns import --update --trash-missing --yes`, SIGKILLed at
// seeded points part-way through, then resumed: the account ends equal to the file (each card created
// once, each change applied once, the missing cards in Trash), and a further run sends no write.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild, spawnCli } from '../../helpers/built-cli.js';
import { seededRandom, useEmulator } from '../../helpers/emulator.js';
import { runCli, tempDir } from '../../helpers/run-cli.js';
import { partnersCsv, readReportLines, writeCsv } from '../../jobs/import/_files.js';

// No pacing (a huge limit), a little latency so a kill lands between and during requests.
const emu = useEmulator({ rateLimit: 1_000_000, latencyMs: 10 });
const SEEDED = 12; // P-0001 … P-0012 before the sync
const ROSTER = { from: 4, n: 16 }; // P-0004 … P-0019: 9 updates, 7 creations; P-0001…3 and P-2001 to Trash

beforeAll(async () => {
  await ensureFreshBuild();
}, 180_000);

function rosterCsv(): string {
  const lines = partnersCsv(ROSTER.n, ROSTER.from).trim().split('\n');
  return [lines[0], ...lines.slice(1).map((l) => l.replace(/Partner (\d+)/, 'Moved $1'))].join('\n') + '\n';
}

/** Starts the sync in a child and SIGKILLs it once the report holds `rows` row lines. */
function syncKilledAfter(args: string[], report: string, rows: number): Promise<NodeJS.Signals | number | null> {
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

const campaignCards = () => emu.store.cards.filter((c) => c.campaignId === 'cmp_native');
const writes = () => emu.requests().filter((q) => q.method !== 'GET' && !q.path.endsWith('/cards/test'));

describe('campaigns import --update --trash-missing: kill -9 and --resume', () => {
  it('killed at seeded points, resumed: the account is the file, every change once, a second run sends no write', async () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 3; trial++) {
      emu.reset();
      emu.store.accounts.find((a) => a.id === 'acc_acme')!.cardAllowance = 1000;
      const dir = tempDir('cardqr-sync-kill-');
      const seed = await runCli(['campaigns', 'import', 'cmp_native', writeCsv('seed.csv', partnersCsv(SEEDED), dir)], {
        emu,
      });
      expect(seed.exitCode).toBe(0);
      emu.clearRequests();
      const file = writeCsv('roster.csv', rosterCsv(), dir);
      const report = join(dir, 'roster.csv.report.ndjson');
      const sync = ['cmp_native', file, '--update', '--trash-missing', '--yes'];

      const killAt = 1 + Math.floor(random() * 15);
      expect(await syncKilledAfter(sync, report, killAt)).toBe('SIGKILL');
      const recorded = existsSync(report) ? readReportLines(report).length - 1 : 0;
      if (recorded < 19) {
        // A second kill further on, during the resume.
        const again = recorded + 1 + Math.floor(random() * 4);
        await syncKilledAfter([...sync, '--resume'], report, again);
      }
      const resumed = await runCli(['campaigns', 'import', ...sync, '--resume'], { emu });
      expect([trial, resumed.exitCode]).toEqual([trial, 0]);

      // The account is the file.
      const perId = new Map<string, number>();
      for (const c of campaignCards()) perId.set(c.externalId!, (perId.get(c.externalId!) ?? 0) + 1);
      expect([...perId.keys()].sort()).toEqual(
        Array.from({ length: ROSTER.n }, (_, i) => `P-${String(i + ROSTER.from).padStart(4, '0')}`),
      );
      expect([...perId.values()].every((n) => n === 1)).toBe(true);
      for (const c of campaignCards()) expect(c.fields).toMatchObject({ company: `Moved ${c.externalId!.slice(2)}` });
      expect(
        emu.store
          .trashedCards()
          .filter((c) => c.campaignId === 'cmp_native')
          .map((c) => c.externalId)
          .sort(),
      ).toEqual(['P-0001', 'P-0002', 'P-0003', 'P-2001']);
      // Each existing card's change was processed under one key only.
      const processed = new Map<string, Set<string>>();
      for (const q of emu.requests({ method: 'PATCH' })) {
        if (q.status === 0 && q.fault !== 'drop_after') continue; // killed before an answer: maybe never processed
        processed.set(q.path, (processed.get(q.path) ?? new Set()).add(q.headers['idempotency-key']));
      }
      for (const keys of processed.values()) expect(keys.size).toBe(1);
      expect(existsSync(`${report}.lock`)).toBe(false);

      // A further run (a new report) finds nothing to do.
      emu.clearRequests();
      const after = await runCli(['campaigns', 'import', ...sync.slice(0, 4), '--report', join(dir, 'after.ndjson')], {
        emu,
      });
      expect([trial, after.exitCode, after.stderr]).toEqual([
        trial,
        0,
        expect.stringContaining('would create 0, update 0, unchanged 16, invalid 0, trash 0'),
      ]);
      expect(writes()).toEqual([]);
    }
  });
});
