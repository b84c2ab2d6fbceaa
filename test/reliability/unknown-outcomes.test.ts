// PRODUCT §16, "When the answer is lost": once any attempt of a write may have reached the service, the
// write may have happened, whatever later attempts answered (500, 429, another drop). The command says
// so (exit 6, its key named, never a plain failure), and the same command run again creates nothing new:
// single creates and deletes through the journal (the same key again), bulk jobs by reading the account.
// A refused connection is the other side: nothing was sent, nothing is kept. Each case is a sequence of
// faults the emulator serves in order; the assertions are on the account.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { idsFromReport } from '../../src/commands/print/options.js';
import type { FaultSpec } from '../../src/emulator/index.js';
import { partnersCsv, readReportLines, resumeArgs, writeCsv } from '../jobs/import/_files.js';
import { fairRows, writeApplyCsv } from '../commands/qr/_apply.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir, type RunOptions } from '../helpers/run-cli.js';
import { countedFaults, expectNoStack, keysSent, liveCards, realWait, trashed, useCounters } from './_support.js';

const counts = useCounters('unknown-outcomes');
const emu = useEmulator({ rateLimit: 1_000_000 });
const faults = countedFaults(emu);

const realWaits: RunOptions = { sleep: (ms) => realWait(Math.min(ms, 150)) };

/** Fault sequences whose first attempt may have arrived: each ends unknown (max 3 attempts). */
const LOST: Array<{ name: string; faults: (method: string, path: string) => FaultSpec[]; slow?: boolean }> = [
  {
    name: 'a drop, then 500s',
    faults: (method, path) => [
      { kind: 'drop_after', method, path },
      { kind: '500', method, path, times: 2 },
    ],
  },
  {
    name: 'a drop, then 429s',
    faults: (method, path) => [
      { kind: 'drop_after', method, path },
      { kind: '429', method, path, times: 2, resetSeconds: 1 },
    ],
  },
  {
    name: 'a timeout, then drops',
    slow: true,
    faults: (method, path) => [
      { kind: 'slow', method, path, delayMs: 600 },
      { kind: 'drop_before', method, path, times: 2 },
    ],
  },
  {
    name: 'a drop before processing, then 500s',
    faults: (method, path) => [
      { kind: 'drop_before', method, path },
      { kind: '500', method, path, times: 2 },
    ],
  },
];

interface Single {
  name: string;
  method: 'POST' | 'DELETE';
  path: string;
  args: string[];
  /** How many of the objects the write makes (or, for a delete, removes) the account holds. */
  state: () => number;
}

const SINGLES: Single[] = [
  {
    name: 'qr create',
    method: 'POST',
    path: '/qr-codes',
    args: ['qr', 'create', '--name', 'DupTest', '--url', 'https://example.com/dup'],
    state: () => emu.store.qrCodes.filter((q) => q.name === 'DupTest').length,
  },
  {
    name: 'cards create',
    method: 'POST',
    path: '/cards',
    args: ['cards', 'create', '--field', 'firstName=Una', '--field', 'lastName=Known'],
    state: () => liveCards(emu, (c) => c.fields.firstName === 'Una' && c.fields.lastName === 'Known').length,
  },
  {
    name: 'campaigns create-card',
    method: 'POST',
    path: '/campaigns/cmp_native/cards',
    args: [
      'campaigns',
      'create-card',
      'cmp_native',
      '--data',
      JSON.stringify({
        externalId: 'P-7001',
        fields: {
          firstName: 'Una',
          lastName: 'Known',
          company: 'Lost Answers Ltd',
          emails: [{ label: 'Work', value: 'una@lost.example' }],
        },
      }),
    ],
    state: () => liveCards(emu, (c) => c.campaignId === 'cmp_native' && c.externalId === 'P-7001').length,
  },
  {
    name: 'cardqr api POST (a body)',
    method: 'POST',
    path: '/qr-codes',
    args: ['api', 'POST', '/qr-codes', '--data', '{"name":"ApiDup","destinationUrl":"https://example.com/api"}'],
    state: () => emu.store.qrCodes.filter((q) => q.name === 'ApiDup').length,
  },
  {
    name: 'cards delete',
    method: 'DELETE',
    path: '/cards/crd_ngozi',
    args: ['cards', 'delete', 'crd_ngozi', '--yes'],
    state: () => trashed(emu, 'crd_ngozi').length,
  },
];

describe.each(SINGLES)('$name', (w) => {
  it.each(LOST)('$name: exit 6, "may have been applied" with its key; run again, nothing new', async (seq) => {
    const configDir = tempDir(); // the journal lives with the profile's state: both runs share it
    const opts: RunOptions = { emu, configDir, ...(seq.slow ? realWaits : {}) };
    const timeout = seq.slow ? ['--timeout', '0.1'] : [];
    faults.inject(seq.faults(w.method, w.path));
    const first = await runCli([...w.args, '--max-retries', '2', ...timeout], opts);
    expect(first.exitCode, first.stderr).toBe(6);
    expect(first.stderr).toMatch(/may have been applied: its answer was lost/);
    expect(first.stderr).toMatch(/run the same command again within 24 h to settle it/);
    expectNoStack(first.stderr);
    const [key] = new Set(keysSent(emu, w.method, w.path));
    expect(first.stderr).toContain(key);
    if (seq.slow) await settleWrites(w);

    const again = await runCli([...w.args, ...timeout], opts);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain(`sending it again with its Idempotency-Key ${key}`);
    expect(new Set(keysSent(emu, w.method, w.path))).toEqual(new Set([key]));
    expect(w.state()).toBe(1);

    // Settled: a third run is a new write (a second create is asked for on purpose, with a new key).
    if (w.method === 'POST') {
      // (A campaign card's identifier is unique: that second create is refused as a duplicate, exit 5.)
      const byId = w.name === 'campaigns create-card';
      const third = await runCli(w.args, opts);
      expect(third.exitCode, third.stderr).toBe(byId ? 5 : 0);
      expect(third.stderr).not.toContain('sending it again');
      expect(w.state()).toBe(byId ? 1 : 2);
    }
    counts.unknownOutcomes++;
  });

  it('a refused connection: nothing was sent, exit 6, nothing kept for a re-run', async () => {
    const configDir = tempDir();
    const closed = await closedPort();
    const r = await runCli([...w.args, '--max-retries', '1'], {
      emu,
      configDir,
      env: { CARDQR_BASE_URL: `http://127.0.0.1:${closed}/v1` },
    });
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(/never sent|nothing was sent|nothing was applied/);
    expect(r.stderr).not.toMatch(/may have been applied/);
    expect(existsSync(join(configDir, 'state', 'journal.json'))).toBe(false);
    const again = await runCli(w.args, { emu, configDir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('sending it again');
    expect(w.state()).toBe(1);
    counts.unknownOutcomes++;
  });
});

describe('a journal that cannot be used', () => {
  it('one warning; the message then says to repeat with --idempotency-key, never to simply run it again', async () => {
    const configDir = tempDir();
    mkdirSync(join(configDir, 'state'), { mode: 0o755 }); // open to others: not trusted with keys
    chmodSync(join(configDir, 'state'), 0o755);
    faults.inject(LOST[0].faults('POST', '/qr-codes'));
    const r = await runCli([...SINGLES[0].args, '--max-retries', '2'], { emu, configDir });
    expect(r.exitCode).toBe(6);
    const [key] = new Set(keysSent(emu, 'POST', '/qr-codes'));
    expect(r.stderr).toMatch(/writes whose outcome is lost cannot be resumed with the same key/);
    expect(r.stderr).toContain(`--idempotency-key ${key}`);
    expect(r.stderr).not.toMatch(/run the same command again within 24 h/);
    const again = await runCli([...SINGLES[0].args, '--idempotency-key', key], { emu, configDir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(SINGLES[0].state()).toBe(1);
    counts.unknownOutcomes++;
  });
});

describe('updates: an unknown PATCH never replays an old answer (A → B → A moves back)', () => {
  const A = 'https://support.acme-robotics.example/';
  const B = 'https://support.example.com/b';
  const url = () => emu.store.qrCodes.find((q) => q.id === 'qr_support')!.destinationUrl;

  it.each([
    ['qr update', (to: string) => ['qr', 'update', 'qr_support', '--url', to]],
    [
      'cardqr api PATCH (journaled)',
      (to: string) => ['api', 'PATCH', '/qr-codes/qr_support', '--data', JSON.stringify({ destinationUrl: to })],
    ],
  ] as const)('%s', async (_name, args) => {
    const configDir = tempDir();
    faults.inject(LOST[0].faults('PATCH', '/qr-codes/qr_support'));
    const toB = await runCli([...args(B), '--max-retries', '2'], { emu, configDir });
    expect(toB.exitCode, toB.stderr).toBe(6);
    expect(toB.stderr).toMatch(/may have been applied/);
    expect(url()).toBe(B);
    const toA = await runCli(args(A), { emu, configDir });
    expect(toA.exitCode, toA.stderr).toBe(0);
    expect(url()).toBe(A);
    const backToB = await runCli(args(B), { emu, configDir });
    expect(backToB.exitCode, backToB.stderr).toBe(0);
    expect(backToB.stderr).not.toContain('sending it again');
    expect(url()).toBe(B);
    counts.unknownOutcomes++;
  });
});

describe('many ids: an id whose answer was lost is "may have been applied", never failed', () => {
  it.each(LOST.filter((s) => !s.slow))('qr pause of three ids, $name on the second', async (seq) => {
    const dir = tempDir();
    const report = `${dir}/pause.ndjson`;
    const ids = ['qr_support', 'qr_roboconf', 'qr_careers'];
    faults.inject(seq.faults('PATCH', '/qr-codes/qr_roboconf'));
    const r = await runCli(['qr', 'pause', ...ids, '--yes', '--max-retries', '2', '--report', report], { emu });
    expect(r.exitCode, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/qr_roboconf: may have been applied/);
    expect(r.stderr).not.toMatch(/qr_roboconf.*failed/);
    const outcomes = readReportLines(report)
      .filter((l) => l.type !== 'header' && l.outcome !== 'sending')
      .map((l) => [l.id, l.outcome]);
    // Still rate-limited after every retry: no later id would get through either, so the run stops there.
    const stops = seq.name.includes('429');
    expect(outcomes).toEqual([
      ['qr_support', 'paused'],
      ['qr_roboconf', 'unknown'],
      ...(stops ? [] : [['qr_careers', 'paused']]),
    ]);
    const again = await runCli(['qr', 'pause', ...ids, '--yes', '--report', report], { emu });
    expect(again.exitCode, again.stderr).toBe(0);
    for (const id of ids) expect(emu.store.qrCodes.find((q) => q.id === id)!.status).toBe('paused');
    counts.unknownOutcomes++;
  });
});

describe('qr apply: rows whose answer was lost', () => {
  it.each(LOST.filter((s) => !s.slow))(
    '$name on a create: exit 6, outcome unknown; the next run settles it from the account',
    async (seq) => {
      const dir = tempDir();
      const rows = fairRows(3, 'lost').map((r) => ({ ...r, status: 'published' }));
      const file = writeApplyCsv(dir, rows);
      faults.inject(seq.faults('POST', '/qr-codes'));
      const first = await runCli(['qr', 'apply', file, '--yes', '--max-retries', '2'], { emu });
      expect(first.exitCode, first.stderr).toBe(6);
      expect(first.stderr).toMatch(/1 write may have been applied: the answer was lost/);
      const report = `${file}.report.ndjson`;
      const lines = () => readReportLines(report).filter((l) => l.type !== 'header' && l.outcome !== 'sending');
      const stops = seq.name.includes('429'); // rate-limited after every retry: the run stops there
      expect(lines().map((l) => l.outcome)).toEqual(stops ? ['unknown'] : ['unknown', 'created', 'created']);
      const applied = emu.store.qrCodes.some((q) => q.shortCode === 'lost-0000');

      const again = await runCli(['qr', 'apply', file, '--yes'], { emu });
      expect(again.exitCode, again.stderr).toBe(0);
      for (const r of rows) expect(emu.store.qrCodes.filter((q) => q.shortCode === r.shortCode)).toHaveLength(1);
      // The row is in the report as what it became, so `print --from-report` places it.
      const last = lines()
        .filter((l) => l.shortCode === 'lost-0000')
        .at(-1)!;
      expect(last).toMatchObject({ outcome: 'created', qrCodeId: expect.stringMatching(/^qr_/) });
      if (applied) expect(again.stderr).toMatch(/lost-0000: created by an earlier run whose answer was lost/);
      counts.unknownOutcomes++;
    },
  );

  it('a run killed with its create in flight: the next run settles the `sending` row from the account', async () => {
    const dir = tempDir();
    const rows = fairRows(2, 'kill').map((r) => ({ ...r, status: 'published' }));
    const file = writeApplyCsv(dir, rows);
    const first = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect(first.exitCode, first.stderr).toBe(0);
    // What a kill -9 with the second create in flight leaves: its `sending` line, no outcome.
    const report = `${file}.report.ndjson`;
    const text = readFileSync(report, 'utf8').trimEnd().split('\n');
    const cut = text.filter((l) => !(l.includes('"kill-0001"') && !l.includes('"sending"')));
    writeFileSync(report, cut.join('\n') + '\n');
    const again = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/kill-0001: created by an earlier run whose answer was lost/);
    const settled = readReportLines(report).filter((l) => l.shortCode === 'kill-0001' && l.outcome === 'created');
    expect(settled).toHaveLength(1);
    const code = emu.store.qrCodes.find((q) => q.shortCode === 'kill-0001')!;
    expect(await idsFromReport(report)).toContain(code.id); // what `print --from-report` places
    counts.unknownOutcomes++;
  });

  it('a create that lands after the next run read the account: "short code taken" by this row is done', async () => {
    const dir = tempDir();
    const rows = fairRows(1, 'late').map((r) => ({ ...r, status: 'published' }));
    const file = writeApplyCsv(dir, rows);
    // Run 1's create is slow and times out; run 2 reads the account before it lands, and its own create
    // arrives after it did.
    faults.inject([
      { kind: 'slow', method: 'POST', path: '/qr-codes', delayMs: 700 },
      { kind: 'slow', method: 'POST', path: '/qr-codes', delayMs: 1400 },
    ]);
    const first = await runCli(['qr', 'apply', file, '--yes', '--timeout', '0.1', '--max-retries', '0'], {
      emu,
      ...realWaits,
    });
    expect(first.exitCode, first.stderr).toBe(6);
    const second = await runCli(['qr', 'apply', file, '--yes'], { emu, ...realWaits });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(emu.store.qrCodes.filter((q) => q.shortCode === 'late-0000')).toHaveLength(1);
    const last = readReportLines(`${file}.report.ndjson`)
      .filter((l) => l.shortCode === 'late-0000' && l.outcome !== 'sending')
      .at(-1);
    expect(last).toMatchObject({ outcome: 'created', qrCodeId: expect.stringMatching(/^qr_/) });
    counts.unknownOutcomes++;
  });

  it('a short code taken by a code with other values still fails the row (exit 7)', async () => {
    const dir = tempDir();
    const file = writeApplyCsv(dir, [
      { shortCode: 'acme-support-x', name: 'Mine', destinationUrl: 'https://a.example/', status: 'published' },
    ]);
    // Held by another account's code: invisible to this key, so the plan says create.
    emu.store.qrCodes.push({
      ...emu.store.qrCodes.find((q) => q.id === 'qr_lunch')!,
      id: 'qr_other',
      shortCode: 'acme-support-x',
    });
    const r = await runCli(['qr', 'apply', file, '--yes'], { emu });
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/already taken/i);
    counts.unknownOutcomes++;
  });
});

describe('campaigns import: a row whose answer was lost', () => {
  it.each(LOST.filter((s) => !s.slow))('$name on row 1: outcome unknown, exit 6; --resume, once each', async (seq) => {
    const file = writeCsv('p.csv', partnersCsv(3));
    const POST = '/campaigns/cmp_native/cards';
    faults.inject(seq.faults('POST', POST));
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--max-retries', '2'], { emu });
    expect(r.exitCode, r.stderr).toBe(6);
    expect(readReportLines(`${file}.report.ndjson`)[1]).toMatchObject({ outcome: 'unknown' });
    const resume = await runCli(resumeArgs(r.stderr), { emu });
    expect(resume.exitCode, resume.stderr).toBe(0);
    for (const id of ['P-0001', 'P-0002', 'P-0003'])
      expect(liveCards(emu, (c) => c.campaignId === 'cmp_native' && c.externalId === id)).toHaveLength(1);
    counts.unknownOutcomes++;
  });
});

describe('a create answered without what was sent', () => {
  it('qr create: exit 1, the id and the difference named, an update suggested, never a re-run', async () => {
    const { createServer: httpServer } = await import('node:http');
    const front = httpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const headers: Record<string, string> = {};
          for (const h of ['authorization', 'content-type', 'idempotency-key', 'accept'])
            if (typeof req.headers[h] === 'string') headers[h] = req.headers[h];
          const answer = await fetch(emu.baseUrl.replace(/\/v1$/, '') + req.url, {
            method: req.method,
            headers,
            body: chunks.length ? Buffer.concat(chunks) : undefined,
          });
          let text = await answer.text();
          if (req.method === 'POST' && answer.status === 201)
            text = JSON.stringify({ ...(JSON.parse(text) as object), name: 'Something else' });
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(text);
        })();
      });
    });
    await new Promise<void>((ok) => front.listen(0, '127.0.0.1', ok));
    try {
      const port = (front.address() as { port: number }).port;
      const r = await runCli(['qr', 'create', '--name', 'Asked', '--url', 'https://example.com/asked', '-o', 'json'], {
        emu,
        env: { CARDQR_BASE_URL: `http://127.0.0.1:${port}/v1` },
      });
      expect(r.exitCode).toBe(1);
      const id = (JSON.parse(r.stdout) as { id: string }).id;
      expect(r.stderr).toContain(`QR code ${id} was created, but the answer does not show a value sent`);
      expect(r.stderr).toContain('name "Something else" (asked "Asked")');
      expect(r.stderr).toContain(`do not run the create again`);
      expect(r.stderr).toContain(`cardqr qr update ${id}`);
      counts.unknownOutcomes++;
    } finally {
      await new Promise<void>((ok) => front.close(() => ok()));
    }
  });
});

/** A port on 127.0.0.1 nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((ok) => srv.close(() => ok()));
  return port;
}

/** A slow first attempt finishes on the server after the client gave up: wait for it (real time, bounded). */
async function settleWrites(w: Single): Promise<void> {
  const end = Date.now() + 3000;
  while (w.state() < 1 && Date.now() < end) await realWait(20);
}
