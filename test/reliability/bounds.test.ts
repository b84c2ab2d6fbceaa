// Issue 22, class 4: bounds. A file of 130,000 rows repeating one identifier (no spread of a huge list
// into a call); every file read whole is capped like `--data -` (a sparse file, /dev/zero); a server
// sending new ids on every page with `hasMore: true` is stopped past the first page's total; an error
// body without a Content-Length is read to 1 MiB at most. The servers are node:http on 127.0.0.1 port 0.
import { chmodSync, closeSync, openSync, ftruncateSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadSeedFile } from '../../src/emulator/seed.js';
import { useEmulator } from '../helpers/emulator.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { card, json, lead, list, me, runAgainst, useHostile, type Hostile } from './_hostile.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('bounds');
const emu = useEmulator();
const hostile = useHostile();
const KEY = 'cq_live_bounds_4Fh8Kd2Lm9Qx7Rt3';

function sparse(dir: string, name: string, bytes: number): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return path;
}

describe('a file of 130,000 rows repeating one identifier', () => {
  const ROWS = 130_000;
  const NATIVE = 'externalId,firstName,lastName,company,emails.0.label,emails.0.value';
  it.each([
    ['native, --validate-only', 'cmp_native', NATIVE, 'P-1,Ann,Lee,Acme,Work,a@x.example', ['--validate-only']],
    ['native, an import', 'cmp_native', NATIVE, 'P-1,Ann,Lee,Acme,Work,a@x.example', []],
    [
      'mapped, --id-column',
      'cmp_mapped',
      'employee.id,employee.givenName,employee.familyName,contact.workEmail',
      'EMP-1,Ann,Lee,a@x.example',
      ['--id-column', 'employee.id', '--validate-only'],
    ],
  ])(
    '%s: exit 2 naming the repeats, nothing sent',
    async (_n, campaign, header, row, flags) => {
      const dir = tempDir('cardqr-bounds-');
      const file = join(dir, 'big.csv');
      writeFileSync(file, `${header}\n${`${row}\n`.repeat(ROWS)}`);
      const r = await runCli(['campaigns', 'import', campaign, file, ...flags], { emu });
      expect(r.exitCode, r.stderr.slice(0, 400)).toBe(2);
      expect(r.stderr.split('\n')[0]).toBe(`error: ${ROWS} problems in the file; nothing was sent`);
      expect(r.stderr).toMatch(/identifier "[^"]+" appears again on lines 3, 4, 5, 6, 7 and 129994 more/);
      expectNoStack(r.stderr);
      expect(emu.requests({ method: 'POST' })).toEqual([]);
      counts.bounds++;
    },
    60_000,
  );
});

describe('files read whole are capped like --data -', () => {
  const big = () => sparse(tempDir('cardqr-sparse-'), 'big.json', 2 * 1024 ** 3);
  const CARD = ['--data'];
  it.each([
    ['cards create', (f: string) => ['cards', 'create', ...CARD, `@${f}`]],
    ['cards update', (f: string) => ['cards', 'update', 'crd_jose', ...CARD, `@${f}`]],
    ['api POST', (f: string) => ['api', 'POST', '/cards', ...CARD, `@${f}`]],
    ['campaigns create-card', (f: string) => ['campaigns', 'create-card', 'cmp_native', ...CARD, `@${f}`]],
    ['campaigns test', (f: string) => ['campaigns', 'test', 'cmp_native', ...CARD, `@${f}`]],
  ])('%s --data @<2 GiB sparse file>, @/dev/zero: exit 2, one line, nothing sent', async (_n, args) => {
    for (const file of [big(), '/dev/zero']) {
      const r = await runCli(args(file), { emu });
      // A regular file is judged by its size; a device is no file to read whole (fs/read-regular.ts).
      const why =
        file === '/dev/zero'
          ? 'cannot read /dev/zero: not a regular file (a terminal or device)'
          : `${file} is larger than 64 MiB, the most cardqr reads from it; nothing was sent`;
      expect([r.exitCode, r.stderr]).toEqual([2, `error: --data: ${why}\n`]);
      expect(emu.requests()).toEqual([]);
      counts.bounds++;
    }
  });

  it('the export state, a print ledger, the profile store and an emulator seed', async () => {
    const dir = tempDir('cardqr-sparse-');
    const state = sparse(dir, 'state.json', 1024 ** 3);
    const r1 = await runCli(['leads', 'export', '--state', state, '--out', join(dir, 'o.ndjson')], { emu });
    expect([r1.exitCode, r1.stderr]).toEqual([
      2,
      expect.stringMatching(/^error: the state file: .* is larger than 64 MiB/),
    ]);
    const r2 = await runCli(['print', 'audit', sparse(dir, 'run.ndjson', 1024 ** 3)], { emu });
    expect([r2.exitCode, r2.stderr]).toEqual([
      2,
      expect.stringMatching(/^error: the print ledger: .* is larger than 64 MiB/),
    ]);
    const config = tempDir('cardqr-sparse-config-');
    chmodSync(sparse(config, 'config.json', 100 * 1024 ** 2), 0o600);
    const r3 = await runCli(['--profile', 'prod', 'cards', 'list'], { emu, configDir: config });
    expect([r3.exitCode, r3.stderr]).toEqual([
      2,
      expect.stringMatching(/^error: the profile store: .* is larger than 16 MiB/),
    ]);
    for (const r of [r1, r2, r3]) {
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expectNoStack(r.stderr);
    }
    expect(emu.requests()).toEqual([]);
    for (const seed of ['/dev/zero', sparse(dir, 'seed.json', 1024 ** 3)])
      expect(() => loadSeedFile(seed)).toThrow(/not a regular file|larger than 64 MiB/);
    counts.bounds += 5;
  });
});

describe('files read line by line: a line without end is refused, not held', () => {
  it('campaigns import --resume on a report of a header and a 1 GiB line; print --from-report likewise', async () => {
    const dir = tempDir('cardqr-sparse-lines-');
    const csv = join(dir, 'p.csv');
    writeFileSync(
      csv,
      'externalId,firstName,lastName,company,emails.0.label,emails.0.value\nP-1,A,B,C,Work,a@x.example\n',
    );
    const report = join(dir, 'p.csv.report.ndjson');
    const header = `${JSON.stringify({ type: 'header', version: 1 })}\n`;
    writeFileSync(report, header);
    truncateSync(report, header.length + 1024 ** 3);
    const r1 = await runCli(['campaigns', 'import', 'cmp_native', csv, '--resume'], { emu });
    const r2 = await runCli(['print', '--from-report', report, '--size', '30mm', '-O', join(dir, 'x.pdf')], { emu });
    for (const r of [r1, r2]) {
      expect([r.exitCode, r.stderr]).toEqual([
        2,
        expect.stringMatching(/a line is longer than 8 MiB; not a file cardqr wrote\n$/),
      ]);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      counts.bounds++;
    }
    expect(emu.requests({ method: 'POST' })).toEqual([]);
  });
});

describe('a server with new ids on every page, hasMore: true forever', () => {
  const qr = (i: number) => ({
    object: 'qr_code',
    id: `qr_h${i}`,
    name: `Q ${i}`,
    type: 'url',
    url: `https://q.example/${i}`,
    shortCode: `q-${i}`,
    destinationUrl: 'https://example.com',
    status: 'published',
    paused: false,
    scanCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const endless = (total: number | undefined) =>
    hostile((_req, res, url) => {
      if (url.pathname === '/v1/me') return json(res, 200, me);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const page = (make: (i: number) => unknown) => {
        const body = list(
          Array.from({ length: 100 }, (_, k) => make(offset + k)),
          offset,
          total ?? 0,
          true,
        ) as { pagination: Record<string, unknown> };
        if (total === undefined) delete body.pagination.total;
        json(res, 200, body);
      };
      if (url.pathname === '/v1/cards') return page((i) => card(i));
      if (url.pathname === '/v1/qr-codes') return page(qr);
      if (url.pathname === '/v1/leads')
        return page((i) => lead(`lead_h${i}`, new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString()));
      json(res, 404, { error: { code: 'resource_not_found', message: 'no' } });
    });
  const pages = (h: Hostile) => h.requests.filter((q) => q.url !== '/v1/me').length;

  it.each([
    ['cards list --all', ['cards', 'list', '--all', '-o', 'ndjson']],
    ['qr list --all', ['qr', 'list', '--all', '-o', 'ndjson']],
    ['leads list --all', ['leads', 'list', '--all', '-o', 'ndjson']],
    ['api GET /cards --paginate', ['api', 'GET', '/cards', '--paginate', '-o', 'ndjson']],
    ['leads export', ['leads', 'export', '--state', '<dir>/s.json', '--out', '<dir>/o.ndjson']],
  ])('%s: stopped past the first total (250) by the margin, exit 1, one line', async (_n, args) => {
    const h = await endless(250);
    const dir = tempDir('cardqr-endless-');
    const r = await runAgainst(
      h,
      args.map((a) => a.replace('<dir>', dir)),
      KEY,
      dir,
    );
    expect(r.exitCode, r.stderr).toBe(1);
    const m =
      /^error: GET \/\S+: the server keeps answering hasMore: true with new items, (\d+) so far where its first page announced 250 \(offset \d+\); stopped instead of asking forever\n$/.exec(
        r.stderr,
      );
    expect(m, r.stderr).not.toBeNull();
    // Past max(2 x 250, 250 + 1000) = 1250 new items, within one page of it.
    expect(Number(m![1])).toBeGreaterThan(1250);
    expect(Number(m![1])).toBeLessThanOrEqual(1350);
    expect(pages(h)).toBeLessThanOrEqual(14);
    counts.bounds++;
  });

  it('no total at all: stopped after 1000 pages', async () => {
    const h = await endless(undefined);
    const dir = tempDir('cardqr-endless-');
    const r = await runAgainst(h, ['leads', 'list', '--all', '-o', 'ndjson'], KEY, dir);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/hasMore: true after 1000 pages and gave no total/);
    expect(pages(h)).toBe(1000);
    counts.bounds++;
  }, 120_000);
});

describe('an error body without a Content-Length', () => {
  /** Writes `status` and then up to 256 MiB of body in chunks (no Content-Length) until the client goes away. */
  const flood = (status: number, headers: Record<string, string> = {}) => {
    const sent = { bytes: 0 };
    const started = hostile((_req, res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (sent.bytes < 256 * 1024 ** 2 && !res.destroyed) {
          sent.bytes += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    return { started, sent };
  };

  it.each([
    [404, ['cards', 'get', 'crd_x'], 4],
    [422, ['qr', 'create', '--name', 'x', '--url', 'https://example.com'], 5],
    [403, ['leads', 'list'], 3],
    [500, ['--max-retries', '1', 'cards', 'get', 'crd_x'], 1],
  ])('%i: the status is reported, at most 1 MiB read per attempt', async (status, args, exit) => {
    const { started, sent } = flood(status);
    const h = await started;
    const r = await runAgainst(h, args, KEY, tempDir('cardqr-flood-'));
    expect(r.exitCode, r.stderr).toBe(exit);
    expect(r.stderr).toContain('(its body is over 1 MiB and was not read)');
    expectNoStack(r.stderr);
    // What the server could write before the client hung up: 1 MiB plus socket buffers, per attempt.
    expect(sent.bytes).toBeLessThan(h.requests.length * 24 * 1024 ** 2);
    counts.bounds++;
  });

  it('a declared Content-Length over 1 MiB on an error: cut at once', async () => {
    const { started, sent } = flood(400, { 'content-length': String(300 * 1024 ** 2) });
    const h = await started;
    const r = await runAgainst(h, ['cards', 'get', 'crd_x'], KEY, tempDir('cardqr-flood-'));
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(
      /^error: \S+ \(400\): HTTP 400 from GET \/v1\/cards\/crd_x \(its body is over 1 MiB and was not read\)/,
    );
    expect(sent.bytes).toBeLessThan(24 * 1024 ** 2);
    counts.bounds++;
  });
});
