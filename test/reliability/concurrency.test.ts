// Two runs on one report file (imports) or one state file (lead exports): the second refuses clearly with
// exit 2 and writes nothing; the first completes; the end state is exact. In one process (two runs of
// main()) and across processes (the built bin holds the lock, this process asks for it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { partnersCsv, readReportLines, until, writeCsv } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { addLeads } from '../helpers/records.js';
import { countedFaults, expectNoStack, liveCards, settle, useCounters } from './_support.js';

/** The lock file exists and its owner record is complete (it is created first, then written). */
function lockWritten(path: string): boolean {
  try {
    return typeof (JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown }).pid === 'number';
  } catch {
    return false;
  }
}

useCounters('concurrency');
const emu = useEmulator({ rateLimit: 1_000_000 });
const faults = countedFaults(emu);
beforeAll(() => ensureFreshBuild(), 180_000);

const ROWS = 6;
const POSTS = /^\/campaigns\/cmp_native\/cards$/;
const perId = () =>
  Array.from(
    { length: ROWS },
    (_, i) =>
      liveCards(emu, (c) => c.campaignId === 'cmp_native' && c.externalId === `P-${String(i + 1).padStart(4, '0')}`)
        .length,
  );
const ndjsonIds = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { id: string }).id);
// The child: its own config directory, no colour, no stdin (as the old reliability spawner did).
const spawnOptions = () => ({
  env: { CARDQR_CONFIG_DIR: tempDir(), NO_COLOR: '1', CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full },
  stdin: null,
});

describe('two imports sharing a report file', () => {
  it.each([[[] as string[]], [['--resume']]])(
    'in one process, second run %j: refused (exit 2) while the first holds the report; the first completes',
    async (extra) => {
      const file = writeCsv('people.csv', partnersCsv(ROWS));
      const report = `${file}.report.ndjson`;
      faults.inject([{ kind: 'slow', method: 'POST', path: '/campaigns/cmp_native/cards', delayMs: 300 }]);
      const first = runCli(['campaigns', 'import', 'cmp_native', file], { emu });
      await until(() => existsSync(`${report}.lock`));
      const second = await runCli(['campaigns', 'import', 'cmp_native', file, ...extra], { emu });
      expect(second.exitCode).toBe(2);
      expect(second.stderr).toMatch(
        /^error: report busy: another import \(pid \d+ on .+, started .+\) holds .*\.lock\n {2}wait for it to finish; if that process is not an import \(the pid was reused\) or runs on another host that is gone, delete the lock file\n$/,
      );
      expectNoStack(second.stderr);
      const a = await first;
      expect(a.exitCode, a.stderr).toBe(0);
      expect(perId()).toEqual(Array(ROWS).fill(1));
      expect(emu.requests({ method: 'POST', path: POSTS })).toHaveLength(ROWS);
      const rows = readReportLines(report);
      expect(rows.filter((r) => r.type === 'header')).toHaveLength(1);
      expect(rows.slice(1).map((r) => [r.line, r.outcome])).toEqual(
        Array.from({ length: ROWS }, (_, i) => [i + 2, 'created']),
      );
      expect(existsSync(`${report}.lock`)).toBe(false);
    },
  );

  it('across processes: the built cardqr holds the report; this process is refused; the first completes', async () => {
    const dir = tempDir('cardqr-conc-');
    const file = writeCsv('people.csv', partnersCsv(ROWS), dir);
    const report = `${file}.report.ndjson`;
    faults.inject([{ kind: 'slow', method: 'POST', path: '/campaigns/cmp_native/cards', delayMs: 600 }]);
    const a = spawnCli(['campaigns', 'import', 'cmp_native', file], spawnOptions());
    await settle(() => lockWritten(`${report}.lock`), 20_000);
    const lock = JSON.parse(readFileSync(`${report}.lock`, 'utf8')) as { pid: number };
    expect(lock.pid).toBe(a.child.pid);
    const b = await runCli(['campaigns', 'import', 'cmp_native', file, '--resume'], { emu });
    expect([b.exitCode, b.stderr]).toEqual([
      2,
      expect.stringContaining(`report busy: another import (pid ${a.child.pid} `),
    ]);
    expect(await a.exit).toBe(0);
    expect(perId()).toEqual(Array(ROWS).fill(1));
    expect(
      readReportLines(report)
        .slice(1)
        .map((r) => r.outcome),
    ).toEqual(Array(ROWS).fill('created'));
    expect(readdirSync(dir).sort()).toEqual(['people.csv', 'people.csv.report.ndjson']);
  });
});

describe('two lead exports sharing a state file', () => {
  it('in one process: the second stops with exit 2 (state file busy) and writes nothing; the first exports every lead once', async () => {
    addLeads(emu, 150);
    const dir = tempDir('cardqr-conc-');
    const state = join(dir, 'leads.state.json');
    faults.inject([{ kind: 'slow', method: 'GET', path: '/leads', delayMs: 300 }]);
    const first = runCli(['leads', 'export', '--state', state, '--out', join(dir, 'a.ndjson')], { emu });
    await until(() => existsSync(`${state}.lock`));
    const second = await runCli(['leads', 'export', '--state', state, '--out', join(dir, 'b.ndjson')], { emu });
    expect(second.exitCode).toBe(2);
    expect(second.stderr).toMatch(
      /^error: state file busy: another export \(pid \d+ on .+, started .+\) holds .+\.lock\n {2}wait for it to finish/,
    );
    expectNoStack(second.stderr);
    const a = await first;
    expect(a.exitCode, a.stderr).toBe(0);
    const all = emu.store
      .leadsOf('acc_acme')
      .map((l) => l.id)
      .sort();
    const got = ndjsonIds(readFileSync(join(dir, 'a.ndjson'), 'utf8'));
    expect(new Set(got).size).toBe(got.length);
    expect([...got].sort()).toEqual(all);
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'leads.state.json']); // no b.ndjson, no lock, no temp files
    const next = await runCli(['leads', 'export', '--state', state], { emu });
    expect([next.exitCode, next.stdout]).toEqual([0, '']);
  });

  it('across processes: the built cardqr holds the state; this process is refused; the first completes', async () => {
    addLeads(emu, 150);
    const dir = tempDir('cardqr-conc-');
    const state = join(dir, 'leads.state.json');
    faults.inject([{ kind: 'slow', method: 'GET', path: '/leads', delayMs: 600 }]);
    const a = spawnCli(['leads', 'export', '--state', state, '--out', join(dir, 'a.ndjson')], spawnOptions());
    await settle(() => lockWritten(`${state}.lock`), 20_000);
    const b = await runCli(['leads', 'export', '--state', state], { emu });
    expect([b.exitCode, b.stdout]).toEqual([2, '']);
    expect(b.stderr).toContain(`another export (pid ${a.child.pid} `);
    expect(await a.exit).toBe(0);
    const got = ndjsonIds(readFileSync(join(dir, 'a.ndjson'), 'utf8'));
    expect([...got].sort()).toEqual(
      emu.store
        .leadsOf('acc_acme')
        .map((l) => l.id)
        .sort(),
    );
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'leads.state.json']);
  });
});
