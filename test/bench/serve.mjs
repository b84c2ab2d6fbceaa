// Benchmark: `cardqr serve`'s first page with its history data (PRODUCT §19) on a store of 1,000,000 day
// rows (1,000 codes × 1,000 days; --quick: 100,000), against the emulator, both as children of the built
// CLI. One round is what a browser does first: the page, its four files, then GET /api/history (the
// days of the last 90), with the session cookie; the panels that call the API load after it and are not
// counted. Target: within 500 ms (a ratio to that fixed figure: shown, never failing the guard), and,
// for information, the same round on a store of 1,000 rows (the baseline).
// The store is filled by the store's own code (src/history/, bundled here with esbuild), as
// `analytics snapshot` fills it.
//
//   npm run build && node test/bench/serve.mjs [--quick]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ROOT, ensureBuilt, median, report, startEmulator } from './lib.mjs';

const ROUNDS = QUICK ? 7 : 21;
const DAYS = 1000;
const IDS = QUICK ? 100 : 1000;

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-serve-'));
const emu = await startEmulator(['--rate-limit', '1000000']);
try {
  const { fill } = await storeCode(dir);
  const big = join(dir, 'big.db');
  const small = join(dir, 'small.db');
  const t0 = Date.now();
  await fill(big, IDS, DAYS);
  await fill(small, 1, DAYS);
  console.error(`bench serve: stores filled (${IDS * DAYS} day rows) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const baseline = await firstPageMs(small);
  const value = await firstPageMs(big);
  report({
    name: `serve: first page + history (${(IDS * DAYS).toLocaleString('en')} day rows)`,
    value,
    unit: 'ms',
    ratio: value / 500,
    target: 1,
    absolute: true,
  });
  console.log(`  (the same on a store of ${DAYS.toLocaleString('en')} rows: ${baseline.toFixed(1)} ms)`);
} finally {
  await emu.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** The store's own code, bundled from src/ for this script (node runs no TypeScript imports). */
async function storeCode(into) {
  const { build } = await import('esbuild');
  const outfile = join(into, 'store.mjs');
  await build({
    stdin: {
      contents: `
        export { openStore } from './src/history/open.ts';
        export { storeLocation } from './src/history/location.ts';`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    packages: 'external',
    logLevel: 'error',
  });
  const { openStore, storeLocation } = await import(outfile);
  /** `ids` codes × `days` days, a snapshot of 100 codes at a time (the way snapshots add them). */
  async function fill(file, ids, days) {
    const env = { CARDQR_HISTORY_URL: file };
    const store = await openStore(storeLocation(file, env), { readOnly: false, env });
    await store.prepare({ migrate: true });
    const last = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000; // through yesterday
    const dayList = Array.from({ length: days }, (_, i) =>
      new Date(last - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    );
    for (let first = 0; first < ids; first += 100) {
      const batch = Array.from({ length: Math.min(100, ids - first) }, (_, k) => `qr_bench_${first + k}`);
      await store.writeSnapshot({
        account: 'acc_acme',
        zone: 'UTC',
        takenAt: '2026-11-23T11:00:00.000Z',
        day: '2026-11-23',
        subjects: batch.map((id) => ({
          id,
          kind: 'qr',
          name: id,
          templateId: null,
          status: 'published',
          scanCount: days,
        })),
        timelines: batch.map((id, k) => ({
          id,
          scanCount: days,
          range: '12m',
          periodStart: dayList[0],
          clamped: false,
          historyDays: -1,
          days: dayList.map((day, d) => ({ day, scans: 1 + ((d + k) % 7) })),
        })),
        campaigns: [],
        requests: batch.length,
      });
    }
    await store.close();
  }
  return { fill };
}

/** Median over ROUNDS of: the page, its files, then the history of the last 90 days (cookie sent). */
async function firstPageMs(store) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--store', store, '-o', 'json'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: emu.keys.full,
      CARDQR_CONFIG_DIR: join(dir, 'config'),
      CARDQR_STATE_DIR: join(dir, 'state'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const start = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (c) => {
      buf += c;
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolve(JSON.parse(buf.slice(0, nl)));
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  try {
    const signedIn = await fetch(start.url, { redirect: 'manual' });
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
    const get = async (path) => {
      const r = await fetch(`${start.origin}${path}`, { headers: { cookie } });
      if (!r.ok) throw new Error(`GET ${path}: ${r.status}`);
      return r.text();
    };
    const times = [];
    for (let i = 0; i < ROUNDS + 1; i++) {
      const t = process.hrtime.bigint();
      await get('/');
      await Promise.all(['app.js', 'app.css', 'uPlot.esm.js', 'uPlot.min.css'].map((f) => get(`/assets/${f}`)));
      const history = JSON.parse(await get('/api/history?by=day'));
      if (!history.x?.length) throw new Error(`no history in the answer: ${JSON.stringify(history).slice(0, 200)}`);
      if (i > 0) times.push(Number(process.hrtime.bigint() - t) / 1e6); // the first round warms up
    }
    return median(times);
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}
