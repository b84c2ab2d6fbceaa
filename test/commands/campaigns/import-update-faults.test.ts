// `campaigns import --update --trash-missing` is exactly-once under the faults the import's own fault tests
// inject (429s, 500s, in-flight answers, connections dropped before and after processing) and under
// Ctrl-C + --resume: the account ends equal to the file, each card created once and each change applied
// once (one processed Idempotency-Key per card), and a second run sends no write.
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { partnersCsv, readReportLines, resumeArgs, until, writeCsv } from '../../jobs/import/_files.js';

const emu = useEmulator({ rateLimit: 1_000_000 });
const campaignCards = () => emu.store.cards.filter((c) => c.campaignId === 'cmp_native');
const writes = () => emu.requests().filter((q) => q.method !== 'GET' && !q.path.endsWith('/cards/test'));
const patches = () => emu.requests({ method: 'PATCH' });

/** A roster where every existing partner changed company, some are new, and P-0001 and P-0002 left. */
function roster(): string {
  const lines = partnersCsv(10, 3).trim().split('\n');
  return [lines[0], ...lines.slice(1).map((l) => l.replace(/Partner (\d+)/, 'Moved $1'))].join('\n') + '\n';
}

/** The account is the file: one live card per row with the row's values; P-0001, P-0002 and P-2001 in Trash. */
function expectAccountIsTheFile(): void {
  const byId = new Map<string, number>();
  for (const c of campaignCards()) byId.set(c.externalId!, (byId.get(c.externalId!) ?? 0) + 1);
  expect([...byId.keys()].sort()).toEqual(Array.from({ length: 10 }, (_, i) => `P-${String(i + 3).padStart(4, '0')}`));
  expect([...byId.values()].every((n) => n === 1)).toBe(true);
  for (const c of campaignCards()) {
    const n = c.externalId!.slice(2);
    expect(c.fields).toMatchObject({
      firstName: `First${n}`,
      company: `Moved ${n}`,
      emails: [{ label: 'Work', value: `p${n}@partners.example` }],
    });
  }
  expect(
    emu.store
      .trashedCards()
      .filter((c) => c.campaignId === 'cmp_native')
      .map((c) => c.externalId)
      .sort(),
  ).toEqual(['P-0001', 'P-0002', 'P-2001']);
}

/** Each card's change was processed under one key (a retry replays it, never applies it a second time). */
function expectEachChangeOnce(): void {
  const processed = new Map<string, Set<string>>();
  for (const q of patches()) {
    if (q.status !== 200 && q.fault !== 'drop_after') continue;
    const keys = processed.get(q.path) ?? new Set<string>();
    keys.add(q.headers['idempotency-key']);
    processed.set(q.path, keys);
  }
  expect(processed.size).toBe(6); // P-0003 … P-0008 existed
  for (const keys of processed.values()) expect(keys.size).toBe(1);
}

async function seedEight(): Promise<void> {
  const r = await runCli(['campaigns', 'import', 'cmp_native', writeCsv('seed.csv', partnersCsv(8))], { emu });
  expect(r.exitCode).toBe(0);
  emu.clearRequests();
}

describe('campaigns import --update --trash-missing: exactly once under faults', () => {
  it('429s, 500s, in-flight answers and dropped connections on PATCH, POST and DELETE', async () => {
    await seedEight();
    const file = writeCsv('roster.csv', roster());
    const card = /^\/cards\/[^/]+$/;
    const create = /^\/campaigns\/cmp_native\/cards$/;
    emu.injectFaults([
      { kind: '429', path: card, resetSeconds: 2 },
      { kind: '500', path: card },
      { kind: 'drop_after', path: card },
      { kind: 'drop_before', path: card },
    ]);
    void until(() => patches().length >= 8).then(() =>
      emu.injectFaults([
        { kind: 'drop_after', path: card },
        { kind: 'in_flight', path: card },
        { kind: '500', path: card },
        { kind: 'drop_after', path: create },
        { kind: '500', path: create },
      ]),
    );
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--yes'], {
      emu,
    });
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringMatching(/trashed\s+3[\s\S]*updated\s+6/)]);
    expect(emu.pendingFaults()).toBe(0);
    expectAccountIsTheFile();
    expectEachChangeOnce();
    expect(patches().length).toBeGreaterThan(6);
    const outcomes = readReportLines(`${file}.report.ndjson`)
      .slice(1)
      .map((l) => l.outcome);
    expect(outcomes.filter((o) => o === 'updated')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'trashed')).toHaveLength(3);

    emu.clearRequests();
    const again = await runCli(
      ['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--report', `${file}.2.ndjson`],
      { emu },
    );
    expect(again.exitCode).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('a PATCH that keeps failing fails its row (exit 7, the resume command); the resume applies it once', async () => {
    await seedEight();
    const file = writeCsv('roster.csv', roster());
    const target = campaignCards().find((c) => c.externalId === 'P-0005')!.id;
    emu.injectFaults([{ kind: '500', path: `/cards/${target}`, times: 5 }]); // the first try and the client's 4 retries
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--yes'], {
      emu,
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/internal_error\s+1/);
    const args = resumeArgs(r.stderr);
    expect(args).toEqual(expect.arrayContaining(['--resume', '--update', '--trash-missing', '--max-trash', '10']));
    expect(emu.pendingFaults()).toBe(0);
    const resumed = await runCli([...args, '--yes'], { emu });
    expect([resumed.exitCode, resumed.stderr]).toEqual([0, expect.stringContaining('already done by an earlier run')]);
    expectAccountIsTheFile();
    expectEachChangeOnce();
  });

  it('Ctrl-C mid-run: exit 130 and the resume command; the resume re-plans against the account and finishes', async () => {
    await seedEight();
    const file = writeCsv('roster.csv', roster());
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--update', '--trash-missing', '--yes'], {
      emu,
      interruptAfter: until(() => patches().length >= 3),
    });
    expect(r.exitCode).toBe(130);
    const recorded = readReportLines(`${file}.report.ndjson`).length - 1;
    expect(recorded).toBeGreaterThanOrEqual(3);
    expect(recorded).toBeLessThan(13);
    const resumed = await runCli([...resumeArgs(r.stderr), '--yes'], { emu });
    expect(resumed.exitCode).toBe(0);
    expectAccountIsTheFile();
    expectEachChangeOnce();
  });
});
