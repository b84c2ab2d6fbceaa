// A hostile server (issue 14, items 1-4): pages that never end, bodies that never end, waits of a
// day or a timestamp, and an order of equal createdAt that changes on every request. Each is a few
// lines of node:http on 127.0.0.1 port 0; the CLI is the real entry point.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prng } from '../../src/emulator/default-seed-activity.js';
import { ensureFreshBuild, spawnCli } from '../helpers/built-cli.js';
import {
  card,
  countHostileCases,
  json,
  lead,
  list,
  me,
  runAgainst,
  useHostile,
  useTempDirs,
  type Hostile,
} from './_hostile.js';
import { expectNoStack, useCounters } from './_support.js';

const counts = useCounters('hostile-server');
countHostileCases(counts);
const hostile = useHostile();
const temp = useTempDirs();
const KEY = 'cq_live_hostile_4Fh8Kd2Lm9Qx7Rt3';

describe('1. paging ends', () => {
  const loop = () =>
    hostile((_req, res, url) => {
      if (url.pathname === '/v1/me') return json(res, 200, me);
      // The same page whatever the offset, always with more to come.
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (url.pathname === '/v1/cards')
        return json(res, 200, list([card(1), card(2), card(3)], offset, 1_000_000, true));
      if (url.pathname === '/v1/leads')
        return json(
          res,
          200,
          list(
            [lead('lead_a', '2026-01-02T00:00:00.000Z'), lead('lead_b', '2026-01-01T00:00:00.000Z')],
            offset,
            1_000_000,
            true,
          ),
        );
      if (url.pathname === '/v1/qr-codes') return json(res, 200, list([], offset, 5, true));
      json(res, 404, { error: { code: 'unknown_endpoint', message: 'no' } });
    });
  const perPath = (h: Hostile, path: string) => h.requests.filter((r) => r.url.startsWith(path)).length;

  it.each([
    ['cards list --all', ['cards', 'list', '--all', '-o', 'ndjson'], '/v1/cards', 3],
    ['leads list --all', ['leads', 'list', '--all', '-o', 'ndjson'], '/v1/leads', 2],
  ])(
    '%s against the same page forever: exit 1, one clear line, a handful of requests, paced',
    async (_n, args, path, items) => {
      const h = await loop();
      const r = await runAgainst(h, args, KEY, temp());
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        /^error: GET \/(cards|leads): the server keeps answering hasMore: true with the same page at a new offset/,
      );
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stdout.trim().split('\n')).toHaveLength(items); // what was printed is each item once
      expect(perPath(h, path)).toBe(2);
      // The key came from the environment (no stored rate): the walk learned the rate from GET /me and paced.
      expect(perPath(h, '/v1/me')).toBe(1);
      expect(r.sleeps.length).toBeGreaterThan(0);
      counts.faults++;
    },
  );

  it('leads export against the same page forever: exit 1, no state written, the lock released', async () => {
    const h = await loop();
    const dir = temp();
    const state = join(dir, 'state.json');
    for (let run = 0; run < 2; run++) {
      const r = await runAgainst(h, ['leads', 'export', '--state', state, '--out', join(dir, 'out.ndjson')], KEY, dir);
      expect(r.exitCode, r.stderr).toBe(1); // the second run is not "busy": the first let go of its lock
      expect(r.stderr).toMatch(/keeps answering hasMore: true/);
      expectNoStack(r.stderr);
    }
    expect(existsSync(state)).toBe(false);
    expect(existsSync(join(dir, 'out.ndjson'))).toBe(false);
    expect(perPath(h, '/v1/leads')).toBe(4);
    counts.faults += 2;
  });

  it('pages that alternate between two pages already seen: stopped after 3 pages with nothing new', async () => {
    const h = await hostile((_req, res, url) => {
      if (url.pathname === '/v1/me') return json(res, 200, me);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const odd = Math.floor(offset / 2) % 2 === 1;
      json(res, 200, list(odd ? [card(3), card(4)] : [card(1), card(2)], offset, 1_000_000, true));
    });
    const r = await runAgainst(h, ['cards', 'list', '--all', '-o', 'ndjson'], KEY, temp());
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/keeps answering hasMore: true with 3 pages of items already seen/);
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(h.requests.filter((q) => q.url.startsWith('/v1/cards'))).toHaveLength(5);
    counts.faults++;
  });

  it('an empty page with hasMore: true ends the walk (nothing more to fetch)', async () => {
    const h = await loop();
    const r = await runAgainst(h, ['qr', 'list', '--all', '-o', 'ndjson'], KEY, temp());
    expect([r.exitCode, r.stdout]).toEqual([0, '']);
    expect(perPath(h, '/v1/qr-codes')).toBe(1);
  });
});

describe('2. bodies are bounded', () => {
  const endless = (withLength: boolean) =>
    hostile((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(withLength ? { 'content-length': String(5 * 1024 ** 3) } : {}),
      });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.write('{"object":"card","name":"');
      pump();
    });

  it.each([
    ['an endless chunked body', false],
    ['a Content-Length of 5 GiB', true],
  ])('%s: exit 1 with one line, no RangeError, no retry', async (_n, withLength) => {
    const h = await endless(withLength);
    const r = await runAgainst(h, ['cards', 'get', 'crd_x'], KEY, temp());
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe(
      'error: GET /v1/cards/crd_x: the response body is larger than 128 MiB, the most any answer of this API needs; stopped reading\n',
    );
    expect(h.requests).toHaveLength(1);
    counts.faults++;
  });

  it('an error body over 1 MiB is not read: the status line alone', async () => {
    const h = await hostile((_req, res) =>
      json(res, 422, { error: { code: 'validation_failed', message: 'x'.repeat(2 * 1024 * 1024) } }),
    );
    const r = await runAgainst(h, ['cards', 'get', 'crd_x'], KEY, temp());
    expect([r.exitCode, r.stderr]).toEqual([
      5,
      'error: http_error (422): HTTP 422 from GET /v1/cards/crd_x (its body is over 1 MiB and was not read)\n',
    ]);
  });

  it.each([
    [
      'yes | cardqr profiles add --api-key-stdin reads one line',
      'yes',
      'profiles add p1 --no-verify --api-key-stdin',
      0,
      /saved profile "p1"/,
    ],
    [
      'a first line of 100,000 characters is not a key',
      "head -c 100000 /dev/zero | tr '\\0' a",
      'profiles add p1 --no-verify --api-key-stdin',
      2,
      /^error: --api-key-stdin: the first line is longer than 65536 bytes/m,
    ],
    [
      'yes | cardqr image - stops at 16 MiB',
      'yes',
      'image - -d out',
      2,
      /^error: - \(ids on standard input\): more than 16 MiB on standard input$/m,
    ],
    [
      'yes | cardqr api POST /cards --data - stops at 64 MiB',
      'yes',
      'api POST /cards --data -',
      2,
      /^error: --data: more than 64 MiB on standard input$/m,
    ],
  ])(
    '%s, with bounded memory',
    async (_n, feed, args, exit, message) => {
      await ensureFreshBuild();
      const dir = temp();
      // GNU time reports the peak RSS of the node process (in KiB) on its last stderr line.
      const r = await spawnCli([], {
        shell: `${feed} | /usr/bin/time -f '%M' $CARDQR ${args}`,
        cwd: dir,
        env: { CARDQR_CONFIG_DIR: dir, CARDQR_BASE_URL: 'http://127.0.0.1:9/v1', CARDQR_API_KEY: KEY },
        stdin: null,
        timeoutMs: 60_000,
      }).done;
      const lines = r.stderr.trim().split('\n');
      const peakMiB = Number(lines.pop()) / 1024;
      expect(r.code, r.stderr).toBe(exit);
      expect(lines.join('\n')).toMatch(message);
      expect(peakMiB).toBeLessThan(200);
      counts.badInputs++;
    },
    180_000,
  ); // a rebuild of a stale dist/, then a child fed until its limit
});

describe('3. waits are capped', () => {
  const limited = (reset: () => string, thenOk = false) => {
    let calls = 0;
    return hostile((_req, res) => {
      if (thenOk && calls++ > 0) return json(res, 200, card(1));
      json(res, 429, { success: false, message: 'slow down' }, { 'ratelimit-reset': reset() });
    });
  };

  it.each([
    ['86400 (a day)', () => '86400', /asks to wait 86400 s, more than the 300 s cardqr waits/],
    ['1e15 (a time in ms, far ahead)', () => '1e15', /asks to wait \d{9,} s, more than the 300 s/],
    ['an epoch a day ahead', () => String(Math.floor(Date.now() / 1000) + 86_400), /asks to wait 86\d{3} s/],
  ])('RateLimit-Reset %s: no sleep at all, exit 6 with one line', async (_n, reset, message) => {
    const h = await limited(reset);
    const r = await runAgainst(h, ['cards', 'get', 'crd_x'], KEY, temp());
    expect(r.exitCode).toBe(6);
    expect(r.stderr).toMatch(message);
    expect(r.sleeps).toEqual([]);
    expect(h.requests).toHaveLength(1);
    counts.faults++;
  });

  it('RateLimit-Reset as a Unix time 5 s ahead is read as one: waits about 5 s, then succeeds', async () => {
    const h = await limited(() => String(Math.floor(Date.now() / 1000) + 5), true);
    const r = await runAgainst(h, ['cards', 'get', 'crd_x', '-o', 'json'], KEY, temp());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.sleeps).toHaveLength(1);
    expect(r.sleeps[0]).toBeGreaterThan(3000);
    expect(r.sleeps[0]).toBeLessThan(6500);
    counts.faults++;
  });

  it('RateLimit-Reset 1e9 (a Unix time long past) is no wait, not 31 years', async () => {
    const h = await limited(() => '1000000000', true);
    const r = await runAgainst(h, ['cards', 'get', 'crd_x', '-o', 'json'], KEY, temp());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.sleeps.every((ms) => ms < 1000)).toBe(true);
  });

  it.each([
    [['--timeout', '2200000'], /--timeout.*must be at most 3600/],
    [['--timeout', '1e400'], /--timeout.*expected a number greater than 0/],
    [['--max-retries', '1000'], /--max-retries.*must be from 0 to 20/],
  ])('%j is refused with exit 2 before any request', async (flags, message) => {
    const h = await limited(() => '1');
    const r = await runAgainst(h, ['cards', 'get', 'crd_x', ...flags], KEY, temp());
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(h.requests).toHaveLength(0);
    counts.badInputs++;
  });
});

describe('4. no lead is lost to an unstable order', () => {
  // Leads newest first; leads sharing a createdAt come in a new random order on every request.
  const reshuffling = (leads: Array<ReturnType<typeof lead>>) => {
    const random = prng(7);
    return hostile((_req, res, url) => {
      if (url.pathname === '/v1/me') return json(res, 200, me);
      const since = url.searchParams.get('since');
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const rows = leads
        .filter((l) => since === null || Date.parse(l.createdAt) >= Date.parse(since))
        .map((l) => ({ l, r: random() }))
        .sort((a, b) => Date.parse(b.l.createdAt) - Date.parse(a.l.createdAt) || a.r - b.r)
        .map((x) => x.l);
      json(res, 200, list(rows.slice(offset, offset + limit), offset, rows.length, offset + limit < rows.length));
    });
  };
  const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 12, minute)).toISOString();

  async function exportAll(h: Hostile): Promise<{ ids: string[]; second: string }> {
    const dir = temp();
    const state = join(dir, 'state.json');
    const out = join(dir, 'leads.ndjson');
    const r = await runAgainst(h, ['leads', 'export', '--state', state, '--out', out], KEY, dir);
    expect(r.exitCode, r.stderr).toBe(0);
    const ids = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id);
    const again = await runAgainst(h, ['leads', 'export', '--state', state, '-o', 'ndjson'], KEY, dir);
    expect(again.exitCode, again.stderr).toBe(0);
    return { ids, second: again.stdout + again.stderr };
  }

  it('two leads with one createdAt across the page boundary (150 leads): all 150, once each', async () => {
    // Positions 99 and 100 (0-based) share an instant: one ends page 1, the other starts page 2.
    const leads = Array.from({ length: 150 }, (_, i) =>
      lead(`lead_${String(i).padStart(3, '0')}`, at(200 - (i >= 100 ? i - 1 : i))),
    );
    expect(leads[99]!.createdAt).toBe(leads[100]!.createdAt);
    for (let trial = 0; trial < 5; trial++) {
      const { ids, second } = await exportAll(await reshuffling(leads));
      expect(ids).toHaveLength(150);
      expect(new Set(ids).size).toBe(150);
      expect(second).toMatch(/no new leads/);
      counts.faults++;
    }
  });

  it('instants with many leads (ties of 3, 40 and 250 straddling pages): every lead once, and nothing the next run', async () => {
    const leads: Array<ReturnType<typeof lead>> = [];
    const add = (n: number, minute: number, tag: string) => {
      for (let i = 0; i < n; i++) leads.push(lead(`lead_${tag}${String(i).padStart(3, '0')}`, at(minute)));
    };
    add(97, 50, 'a'); // so the tie of 3 straddles the first page boundary
    add(3, 40, 'b');
    add(40, 30, 'c');
    add(250, 20, 'd');
    add(30, 10, 'e');
    const { ids, second } = await exportAll(await reshuffling(leads));
    expect(ids.length).toBe(leads.length);
    expect(new Set(ids)).toEqual(new Set(leads.map((l) => l.id)));
    expect(second).toMatch(/no new leads/);
    counts.faults++;
  });
});
