// Fault matrix for every write path: each fault the emulator can inject, once (the retry recovers) and on
// every attempt (the command gives up). The assertions are on the END STATE in the emulator's store: the
// write happened exactly once, or not at all with a clear error and the documented exit status. When the
// outcome is unknown to the client (dropped or timed-out keyed write), the error names the
// Idempotency-Key, and repeating the command with it settles the outcome without acting twice.
import { describe, expect, it } from 'vitest';
import type { FaultKind } from '../../src/emulator/index.js';
import { partnersCsv, readReportLines, resumeArgs, writeCsv } from '../jobs/import/_files.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, type RunOptions, type RunResult } from '../helpers/run-cli.js';
import {
  appliedWrites,
  countedFaults,
  expectNoStack,
  keysSent,
  liveCards,
  realWait,
  settle,
  trashed,
  useCounters,
} from './_support.js';

useCounters('faults-writes');
const emu = useEmulator();
const faults = countedFaults(emu);

interface WritePath {
  name: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  args: string[];
  /** 1 when the write is visible in the store, 0 when not. */
  state: () => number;
  /** Takes --idempotency-key (repeat with the key the error names); false: repeating answers 404 once done. */
  keyFlag: boolean;
}

const NATIVE = {
  externalId: 'P-9001',
  fields: {
    firstName: 'Rhea',
    lastName: 'Liable',
    company: 'Faults Inc',
    emails: [{ label: 'Work', value: 'rhea@faults.example' }],
  },
};

const PATHS: WritePath[] = [
  {
    name: 'cards create',
    method: 'POST',
    path: '/cards',
    keyFlag: true,
    args: [
      'cards',
      'create',
      '--field',
      'firstName=Rhea',
      '--field',
      'lastName=Liable',
      '--email',
      'Work=rhea@faults.example',
    ],
    state: () => liveCards(emu, (c) => c.fields.firstName === 'Rhea' && c.fields.lastName === 'Liable').length,
  },
  {
    name: 'cards update (GET, then PATCH)',
    method: 'PATCH',
    path: '/cards/crd_jose',
    keyFlag: true,
    args: ['cards', 'update', 'crd_jose', '--field', 'title=Chief Reliability Officer'],
    state: () => Number(emu.store.card('acc_acme', 'crd_jose')!.fields.title === 'Chief Reliability Officer'),
  },
  {
    name: 'cards delete',
    method: 'DELETE',
    path: '/cards/crd_ngozi',
    keyFlag: false,
    args: ['cards', 'delete', 'crd_ngozi', '--yes'],
    state: () => {
      const inTrash = trashed(emu, 'crd_ngozi').length;
      expect(inTrash + Number(Boolean(emu.store.card('acc_acme', 'crd_ngozi')))).toBe(1); // in one place, once
      return inTrash;
    },
  },
  {
    name: 'qr create',
    method: 'POST',
    path: '/qr-codes',
    keyFlag: true,
    args: ['qr', 'create', '--name', 'Reliability booth', '--url', 'https://example.com/booth'],
    state: () => emu.store.qrCodes.filter((q) => q.name === 'Reliability booth').length,
  },
  {
    name: 'qr update',
    method: 'PATCH',
    path: '/qr-codes/qr_support',
    keyFlag: true,
    args: ['qr', 'update', 'qr_support', '--url', 'https://support.example.com/v2'],
    state: () =>
      Number(emu.store.qrCode('acc_acme', 'qr_support')!.destinationUrl === 'https://support.example.com/v2'),
  },
  {
    name: 'qr delete',
    method: 'DELETE',
    path: '/qr-codes/qr_support',
    keyFlag: false,
    args: ['qr', 'delete', 'qr_support', '--yes'],
    state: () => trashed(emu, 'qr_support').length,
  },
  {
    name: 'campaigns create-card',
    method: 'POST',
    path: '/campaigns/cmp_native/cards',
    keyFlag: true,
    args: ['campaigns', 'create-card', 'cmp_native', '--data', JSON.stringify(NATIVE)],
    state: () => liveCards(emu, (c) => c.campaignId === 'cmp_native' && c.externalId === 'P-9001').length,
  },
];

const SLOW_TIMEOUT = ['--timeout', '0.1'];
/** Real time for the client's waits while the server works in real time (`slow`); the virtual clock still moves. */
const realWaits: RunOptions = { sleep: (ms) => realWait(Math.min(ms, 150)) };

function run(p: WritePath, extra: string[], opts: RunOptions = {}): Promise<RunResult> {
  return runCli([...p.args, '-o', 'json', ...extra], { emu, ...opts });
}

/** Every attempt of the write carried the same Idempotency-Key. */
function oneKey(p: WritePath): string {
  const keys = keysSent(emu, p.method, p.path);
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(1);
  return keys[0];
}

/** Repeats the command as the error says (same key), or plainly for deletes: the end state is unchanged. */
async function repeatSafely(p: WritePath, r: RunResult, key: string): Promise<void> {
  expect(r.stderr).toContain(`Idempotency-Key ${key}`);
  expect(r.stderr).toMatch(/may have been applied/);
  const again = p.keyFlag ? await run(p, ['--idempotency-key', key]) : await run(p, []);
  if (p.keyFlag) {
    expect(again.exitCode, again.stderr).toBe(0);
  } else {
    expect(again.exitCode).toBe(4); // already in Trash: the repeat finds nothing to delete
    expect(again.stderr).toMatch(/resource_not_found \(404\)/);
  }
  expect(p.state()).toBe(1);
  expect(appliedWrites(emu, p.method, p.path)).toBe(1);
}

const ONCE: FaultKind[] = ['500', 'malformed_500', '429', 'in_flight', 'drop_before', 'drop_after', 'slow'];

describe.each(PATHS)('$name', (p) => {
  it('no fault: applied once (baseline)', async () => {
    const r = await run(p, []);
    expect(r.exitCode).toBe(0);
    expect(p.state()).toBe(1);
    expect(appliedWrites(emu, p.method, p.path)).toBe(1);
  });

  it.each(ONCE)('%s on the first attempt: retried with the same key, applied exactly once', async (kind) => {
    faults.inject([
      {
        kind,
        method: p.method,
        path: p.path,
        ...(kind === 'slow' ? { delayMs: 400 } : {}),
        ...(kind === '429' ? { resetSeconds: 3 } : {}),
      },
    ]);
    const r = kind === 'slow' ? await run(p, SLOW_TIMEOUT, realWaits) : await run(p, []);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(faults.delivered()).toBe(1);
    expect(keysSent(emu, p.method, p.path).length).toBeGreaterThanOrEqual(2);
    oneKey(p);
    expect(p.state()).toBe(1);
    expect(appliedWrites(emu, p.method, p.path)).toBe(1);
    if (kind === '429') expect(r.sleeps.some((s) => s >= 3000)).toBe(true); // waited for RateLimit-Reset
    expectNoStack(r.stderr);
  });

  it.each([
    ['500', 1, /^error: internal_error \(500\)/m],
    ['malformed_500', 1, /^error: http_error \(500\)/m],
    ['429', 6, /rate limit still exceeded after 3 attempts/],
    ['in_flight', 6, /still running/],
    ['drop_before', 6, /may have been applied: its answer was lost \(attempt 1: connection dropped\)/],
  ] as const)('%s on every attempt: nothing applied, exit %i', async (kind, exit, message) => {
    faults.inject([{ kind, method: p.method, path: p.path, times: 3 }]);
    const r = await run(p, ['--max-retries', '2']);
    expect(r.exitCode).toBe(exit);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expectNoStack(r.stderr);
    expect(faults.delivered()).toBe(3);
    expect(emu.requests({ method: p.method, path: p.path })).toHaveLength(3);
    oneKey(p);
    expect(p.state()).toBe(0);
    expect(appliedWrites(emu, p.method, p.path)).toBe(0);
  });

  it('drop_after on every attempt: applied once, exit 6 naming the key; repeating with it changes nothing', async () => {
    faults.inject([{ kind: 'drop_after', method: p.method, path: p.path, times: 3 }]);
    const r = await run(p, ['--max-retries', '2']);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/connection dropped \(after 3 attempts\)/);
    expectNoStack(r.stderr);
    expect(p.state()).toBe(1);
    expect(appliedWrites(emu, p.method, p.path)).toBe(1);
    await repeatSafely(p, r, oneKey(p));
  });

  it('slower than --timeout on every attempt: exit 6 while the first attempt still runs; it lands once', async () => {
    faults.inject([{ kind: 'slow', method: p.method, path: p.path, delayMs: 1200, times: 3 }]);
    const r = await run(p, [...SLOW_TIMEOUT, '--max-retries', '2'], realWaits);
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/timed out after 0\.1 s|still running/);
    expectNoStack(r.stderr);
    const key = oneKey(p);
    await settle(() => appliedWrites(emu, p.method, p.path) === 1);
    expect(p.state()).toBe(1);
    await repeatSafely(p, r, key);
  });
});

describe('writes preceded by a read', () => {
  it.each(['drop_after', 'slow', '500'] as const)(
    'cards delete on a terminal (GET for the question, then DELETE): %s on the DELETE, deleted once',
    async (kind) => {
      faults.inject([
        { kind, method: 'DELETE', path: '/cards/crd_ngozi', ...(kind === 'slow' ? { delayMs: 400 } : {}) },
      ]);
      const r = await runCli(['cards', 'delete', 'crd_ngozi', ...(kind === 'slow' ? SLOW_TIMEOUT : [])], {
        emu,
        tty: true,
        answers: ['y'],
        ...(kind === 'slow' ? realWaits : {}),
      });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.prompts).toHaveLength(1);
      expect(emu.requests({ method: 'GET', path: '/cards/crd_ngozi' })).toHaveLength(1);
      expect(faults.delivered()).toBe(1);
      expect(trashed(emu, 'crd_ngozi')).toHaveLength(1);
      expect(appliedWrites(emu, 'DELETE', '/cards/crd_ngozi')).toBe(1);
    },
  );

  it.each([
    ['500', 1],
    ['drop_before', 6],
    ['429', 6],
  ] as const)(
    '%s on every attempt of the read before a write: exit %i and the write is never sent',
    async (kind, exit) => {
      for (const [args, path, write] of [
        [['cards', 'update', 'crd_jose', '--field', 'title=Never'], '/cards/crd_jose', 'PATCH'],
        [['cards', 'delete', 'crd_jose'], '/cards/crd_jose', 'DELETE'],
      ] as const) {
        emu.reset();
        faults.inject([{ kind, method: 'GET', path, times: 3 }]);
        const r = await runCli([...args, '--max-retries', '2'], { emu, tty: true, answers: ['y'] });
        expect(r.exitCode).toBe(exit);
        expectNoStack(r.stderr);
        expect(emu.requests({ method: write })).toEqual([]);
        expect(emu.store.card('acc_acme', 'crd_jose')!.fields.title).toBe('Industrial designer');
      }
    },
  );
});

describe('campaigns import (bulk): faults on a row, then the documented --resume', () => {
  const POST = '/campaigns/cmp_native/cards';
  const externalIds = ['P-0001', 'P-0002', 'P-0003'];
  const cardsPerRow = () =>
    externalIds.map((id) => liveCards(emu, (c) => c.campaignId === 'cmp_native' && c.externalId === id).length);

  it.each(ONCE)("%s on a row's first attempt: every row created exactly once, exit 0", async (kind) => {
    const file = writeCsv('p.csv', partnersCsv(3));
    faults.inject([{ kind, method: 'POST', path: POST, ...(kind === 'slow' ? { delayMs: 400 } : {}) }]);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, ...(kind === 'slow' ? SLOW_TIMEOUT : [])], {
      emu,
      ...(kind === 'slow' ? realWaits : {}),
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(faults.delivered()).toBe(1);
    expect(cardsPerRow()).toEqual([1, 1, 1]);
    expect(
      readReportLines(`${file}.report.ndjson`)
        .slice(1)
        .map((l) => l.outcome),
    ).toEqual(['created', 'created', 'created']);
  });

  it.each([
    ['500', 7],
    ['malformed_500', 7],
    ['429', 6],
    ['in_flight', 6],
    ['drop_before', 6],
    ['drop_after', 6],
    ['slow', 6],
  ] as const)(
    '%s on every attempt of row 1: exit %i; --resume finishes with every row created exactly once',
    async (kind, exit) => {
      const file = writeCsv('p.csv', partnersCsv(3));
      const slow = kind === 'slow';
      faults.inject([{ kind, method: 'POST', path: POST, times: 3, ...(slow ? { delayMs: 1200 } : {}) }]);
      const r = await runCli(
        ['campaigns', 'import', 'cmp_native', file, '--max-retries', '2', ...(slow ? SLOW_TIMEOUT : [])],
        { emu, ...(slow ? realWaits : {}) },
      );
      expect(r.exitCode, r.stderr).toBe(exit);
      expectNoStack(r.stderr);
      const report = readReportLines(`${file}.report.ndjson`).slice(1);
      // A request that reached the service (or may have) without an answer: unknown, never failed (PRODUCT §16).
      const lost = !['500', 'malformed_500', '429'].includes(kind);
      expect(report[0]).toMatchObject({ line: 2, externalId: 'P-0001', outcome: lost ? 'unknown' : 'failed' });
      if (lost) expect(r.stderr).toMatch(/may have been imported: the answer was lost/);
      if (slow) await settle(() => cardsPerRow()[0] === 1);
      const resume = await runCli(resumeArgs(r.stderr), { emu });
      expect(resume.exitCode, resume.stderr).toBe(0);
      expect(cardsPerRow()).toEqual([1, 1, 1]);
      const done = readReportLines(`${file}.report.ndjson`)
        .slice(1)
        .filter((l) => l.outcome === 'created' || l.outcome === 'exists');
      expect(done.map((l) => l.externalId).sort()).toEqual(externalIds);
      // The derived key of row 1 never changed, across both runs and every attempt.
      const row1Keys = emu
        .requests({ method: 'POST', path: POST })
        .filter((q) => (q.body as { externalId?: string })?.externalId === 'P-0001')
        .map((q) => q.headers['idempotency-key']);
      expect(new Set(row1Keys).size).toBe(1);
    },
  );
});
