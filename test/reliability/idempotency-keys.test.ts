// Issue 22, class 2: idempotency keys that repeat an old intent. A key derived from content (print
// retarget, import rows) carries a per-run random nonce, so a later run with the same content (A → B → A)
// never replays the first run's stored answer; a write whose answer does not show the requested change
// is not reported as done; and a key that cannot travel in a header is refused before sending (exit 2),
// never treated as a network failure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partnersCsv, readReportLines, resumeArgs, writeCsv } from '../jobs/import/_files.js';
import { createQrCodes, KEY, tmp, usePrintEmulator } from '../jobs/print/_support.js';
import { ApiClient } from '../../src/api/client.js';
import { UsageError } from '../../src/errors.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { json, runAgainst, useHostile } from './_hostile.js';
import { expectNoStack, keysSent, useCounters } from './_support.js';

const counts = useCounters('idempotency-keys');
const emu = usePrintEmulator();
const seeded = useEmulator();
const hostile = useHostile();

const URLS = ['https://example.com/a', 'https://example.com/b', 'https://example.com/a'];

async function printRun(ids: string[]): Promise<string> {
  const config = tmp();
  const r = await runCli(['print', ...ids, '--size', '25mm', '-O', join(tmp(), 'run.pdf')], { emu, configDir: config });
  if (r.exitCode !== 0) throw new Error(r.stderr);
  return config;
}

describe('print retarget A → B → A', () => {
  it('every retarget moves the codes, with keys never reused across runs', async () => {
    const codes = await createQrCodes(emu, 2);
    const config = await printRun(codes.map((c) => c.id));
    const runKeys: string[][] = [];
    for (const url of [...URLS, 'https://example.com/b']) {
      emu.clearRequests();
      const r = await runCli(['print', 'retarget', 'last', '--url', url, '--yes'], { emu, configDir: config });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toContain(`2 QR codes now point to ${url}`);
      for (const c of codes) expect(emu.store.qrCode('acc_print', c.id)?.destinationUrl).toBe(url);
      runKeys.push(keysSent(emu, 'PATCH', /^\/qr-codes\//));
      counts.keys++;
    }
    const all = runKeys.flat();
    expect(all).toHaveLength(8);
    expect(new Set(all).size).toBe(8);
  });

  it('retries within one run keep the key (exactly-once), the next run gets a new one', async () => {
    const [code] = await createQrCodes(emu, 1);
    const config = await printRun([code.id]);
    emu.clearRequests();
    emu.injectFaults([{ kind: 'drop_after', method: 'PATCH', path: `/qr-codes/${code.id}`, times: 2 }]);
    const r = await runCli(['print', 'retarget', 'last', '--url', URLS[0], '--yes'], { emu, configDir: config });
    expect(r.exitCode, r.stderr).toBe(0);
    const first = keysSent(emu, 'PATCH', `/qr-codes/${code.id}`);
    expect(first).toHaveLength(3);
    expect(new Set(first).size).toBe(1);
    emu.clearRequests();
    await runCli(['print', 'retarget', 'last', '--url', URLS[0], '--yes'], { emu, configDir: config });
    expect(keysSent(emu, 'PATCH', `/qr-codes/${code.id}`)).not.toContain(first[0]);
    counts.keys++;
  });

  it.each([
    ['a stale destination', { destinationUrl: 'https://example.com/b' }],
    ['no destination', { destinationUrl: null }],
    ['an answer without the field', {}],
  ])('an answer showing %s: that code failed, exit 7, never "now point to"', async (_n, answer) => {
    const h = await hostile((req, res) =>
      req.method === 'PATCH'
        ? json(res, 200, {
            object: 'qr_code',
            id: 'qr_1',
            name: 'n',
            type: 'url',
            url: 'https://q.example/x',
            shortCode: 'x',
            status: 'published',
            paused: false,
            scanCount: 0,
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
            ...answer,
          })
        : json(res, 404, { error: { code: 'resource_not_found', message: 'no' } }),
    );
    const dir = tmp();
    const ledger = join(dir, 'run.ndjson');
    const lines: object[] = [
      {
        type: 'run',
        version: 1,
        run: 'run_1',
        command: 'print',
        createdAt: '2026-01-01T00:00:00.000Z',
        profile: null,
        baseUrl: h.baseUrl,
        layout: 'size',
        cardqr: '0',
      },
      {
        type: 'code',
        id: 'qr_1',
        kind: 'qr',
        name: 'n',
        url: 'https://q.example/x',
        shortCode: 'x',
        destinationUrl: URLS[1],
        status: 'published',
        format: 'svg',
        sha256: '',
      },
    ];
    mkdirSync(dir, { recursive: true });
    writeFileSync(ledger, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const r = await runAgainst(h, ['print', 'retarget', ledger, '--url', URLS[0], '--yes'], KEY, dir);
    expect(r.exitCode, r.stderr).toBe(7);
    expect(r.stderr).not.toMatch(/1 QR code now points? to/);
    expect(r.stderr).toMatch(/0 QR codes now point to https:\/\/example\.com\/a; 0 deleted, 1 failed/);
    expect(r.stdout).toMatch(
      /change_not_shown: the API answered qr_1 with destination .* \(asked https:\/\/example\.com\/a\): the change is not counted as done/,
    );
    expectNoStack(r.stderr);
    counts.keys++;
  });
});

describe('qr writes: an answer that does not show the change is not done', () => {
  const stale = {
    object: 'qr_code',
    id: 'qr_1',
    name: 'Old name',
    type: 'url',
    url: 'https://q.example/x',
    shortCode: 'x',
    destinationUrl: 'https://example.com/old',
    status: 'published',
    paused: false,
    scanCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  it.each([
    [
      'qr update --url',
      ['qr', 'update', 'qr_1', '--url', 'https://example.com/new'],
      1,
      /destination https:\/\/example\.com\/old \(asked https:\/\/example\.com\/new\)/,
    ],
    ['qr update --name', ['qr', 'update', 'qr_1', '--name', 'New name'], 1, /name Old name \(asked New name\)/],
    ['qr update --status', ['qr', 'update', 'qr_1', '--status', 'paused'], 1, /status published \(asked paused\)/],
    ['qr pause (one id)', ['qr', 'pause', 'qr_1'], 1, /status published \(asked paused\)/],
    ['qr archive (two ids)', ['qr', 'archive', 'qr_1', 'qr_2', '--yes'], 1, /status published \(asked archived\)/],
  ])('%s: not reported as done', async (_n, args, exit, shown) => {
    const h = await hostile((req, res) =>
      req.method === 'PATCH' ? json(res, 200, stale) : json(res, 404, { error: { code: 'resource_not_found' } }),
    );
    const r = await runAgainst(h, args as string[], KEY, tmp());
    expect(r.exitCode, r.stderr).toBe(exit);
    expect(r.stderr).toMatch(shown as RegExp);
    expect(r.stderr).toMatch(/the change is not counted as done/);
    expect(r.stdout).not.toMatch(/qr_1/); // never printed as a written record
    expectNoStack(r.stderr);
    counts.keys++;
  });
});

describe('campaigns import: content-derived row keys are per report', () => {
  const POST = '/campaigns/cmp_native/cards';

  it('rows A → B → A in three new reports: three different keys, the third run does not replay "created"', async () => {
    const outcomes: string[] = [];
    for (const variant of ['A', 'B', 'A']) {
      const file = writeCsv('p.csv', partnersCsv(1).replace('Partner 0001', `Partner ${variant}`));
      const r = await runCli(['campaigns', 'import', 'cmp_native', file], { emu: seeded });
      expect(r.exitCode, r.stderr).toBe(0);
      outcomes.push(
        ...readReportLines(`${file}.report.ndjson`)
          .slice(1)
          .map((l) => l.outcome as string),
      );
      counts.keys++;
    }
    const keys = keysSent(seeded, 'POST', POST);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(outcomes).toEqual(['created', 'exists', 'exists']);
    expect(seeded.store.cards.filter((c) => c.externalId === 'P-0001')).toHaveLength(1);
  });

  it("a resumed import keeps its own run's keys (the nonce is in the report header)", async () => {
    const file = writeCsv('p.csv', partnersCsv(2));
    seeded.injectFaults([{ kind: '500', method: 'POST', path: POST, times: 1 }]);
    const r = await runCli(['campaigns', 'import', 'cmp_native', file, '--max-retries', '0'], { emu: seeded });
    expect(r.exitCode, r.stderr).toBe(7);
    const resumed = await runCli(resumeArgs(r.stderr), { emu: seeded });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const row1 = seeded
      .requests({ method: 'POST', path: POST })
      .filter((q) => (q.body as { externalId?: string })?.externalId === 'P-0001')
      .map((q) => q.headers['idempotency-key']);
    expect(row1).toHaveLength(2);
    expect(new Set(row1).size).toBe(1);
    counts.keys++;
  });
});

describe('--idempotency-key that cannot be a header value', () => {
  const BAD = ['a\nb', 'a\r\nX-Injected: 1', 'café-1', 'ключ', 'emoji-🔑', 'with space', 'tab\there', 'nul\u0000'];
  const writes = (key: string): string[][] => [
    ['qr', 'update', 'qr_framed', '--name', 'x', '--idempotency-key', key],
    ['qr', 'create', '--name', 'x', '--url', 'https://example.com', '--idempotency-key', key],
    ['cards', 'create', '--field', 'firstName=A', '--idempotency-key', key],
    ['api', 'POST', '/qr-codes', '--data', '{}', '--idempotency-key', key],
  ];

  it.each(BAD)('%j: exit 2, one line, nothing sent, not retried', async (key) => {
    for (const args of writes(key)) {
      const r = await runCli(args, { emu, key: KEY });
      expect([r.exitCode, r.sleeps], r.stderr).toEqual([2, []]);
      expect(r.stderr).toMatch(/^error: .*--idempotency-key.* must be visible ASCII characters/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toMatch(/may have been applied|could not reach/);
      expect(emu.requests()).toEqual([]);
      counts.keys++;
    }
  });

  it.each([
    ['a newline', 'cardqr\nX-Injected: 1'],
    ['a non-Latin-1 character', 'cardqr-ключ'],
  ])('a header Node refuses to build (%s) is a usage error, not a network failure', async (_n, userAgent) => {
    const h = await hostile((_req, res) => json(res, 200, {}));
    const sleeps: number[] = [];
    const client = new ApiClient({
      baseUrl: h.baseUrl,
      apiKey: KEY,
      userAgent,
      timeoutMs: 5000,
      maxRetries: 5,
      sleep: async (ms) => void sleeps.push(ms),
      now: () => 0,
    });
    try {
      const err = await client.request('PATCH', '/qr-codes/qr_1', { body: {} }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UsageError);
      expect((err as Error).message).toMatch(
        /^PATCH \/v1\/qr-codes\/qr_1: the request could not be built \(ERR_INVALID_CHAR: .*\); nothing was sent$/,
      );
      expect([sleeps, h.requests]).toEqual([[], []]);
    } finally {
      await client.close();
    }
    counts.keys++;
  });
});
