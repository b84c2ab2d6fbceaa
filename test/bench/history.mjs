// Benchmark: the scan history store (PRODUCT §18), SQLite.
// 1. `cardqr analytics snapshot` of 10,000 QR codes (1,000 of them scanned, so fetched) and 200 cards
//    against the emulator at 6,000 requests a minute (which GET /me reports): within 1.1x requests ÷
//    limit, and exactly 1 + the QR code pages (live, then archived) + the card pages + the moved codes +
//    the cards requests, not one 429.
// 2. 1,000,000 stored day rows: `analytics history --by month` within 1 s, the store under 100 MB.
// --quick: 2,000 codes (200 scanned), 50 cards; 200,000 day rows (the same targets).
// Usage: npm run build && node test/bench/history.mjs [--quick]
import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ensureBuilt, measure, report, startEmulator } from './lib.mjs';

const CODES = QUICK ? 2_000 : 10_000;
const MOVED = QUICK ? 200 : 1_000;
const CARDS = QUICK ? 50 : 200;
const LIMIT = 6_000;
const DAY_ROWS = QUICK ? 200_000 : 1_000_000;
const KEY = 'cq_live_bench_history_0123456789';

ensureBuilt();
const work = mkdtempSync(join(tmpdir(), 'cardqr-bench-history-'));
try {
  await snapshotFigure();
  await historyFigure();
} finally {
  rmSync(work, { recursive: true, force: true });
}

async function snapshotFigure() {
  const t0 = Date.UTC(2026, 0, 1);
  const at = (i) => new Date(t0 + i * 1000).toISOString();
  const seed = {
    accounts: [
      { id: 'acc_bench', email: 'bench@example.com', plan: 'pro', cardAllowance: CARDS + 10, qrAllowance: CODES + 10 },
    ],
    keys: [{ name: 'full', secret: KEY }],
    qrCodes: Array.from({ length: CODES }, (_, i) => ({
      id: `qr_b${String(i).padStart(5, '0')}`,
      name: `Code ${i}`,
      shortCode: `b-${i}`,
      destinationUrl: `https://example.com/${i}`,
      createdAt: at(i),
    })),
    cards: Array.from({ length: CARDS }, (_, i) => ({
      id: `crd_b${String(i).padStart(4, '0')}`,
      name: `Person ${i}`,
      shortCode: `p-${i}`,
      createdAt: at(i),
    })),
    scans: Array.from({ length: MOVED }, (_, i) => ({
      targetId: `qr_b${String(i * Math.floor(CODES / MOVED)).padStart(5, '0')}`,
      at: new Date(Date.now() - (1 + (i % 20)) * 86_400_000).toISOString(),
    })),
  };
  writeFileSync(join(work, 'seed.json'), JSON.stringify(seed));
  const emu = await startEmulator(['--seed', join(work, 'seed.json'), '--rate-limit', String(LIMIT)]);
  try {
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(work, 'config') };
    const db = join(work, 'snap.db');
    const run = await measure(process.execPath, [CLI, 'analytics', 'snapshot', '--store', db, '-q'], { env });
    const { requests } = await emu.control('requests');
    const limited = requests.filter((q) => q.status === 429).length;
    const pages = (n) => Math.max(1, Math.ceil(n / 100));
    const expected = 1 + pages(CODES) + 1 + pages(CARDS) + MOVED + CARDS;
    const ideal = requests.length / (LIMIT / 60);
    const r = report({
      name: `snapshot of ${CODES} codes (${MOVED} moved) and ${CARDS} cards at ${LIMIT}/min (${requests.length} requests, ${limited} answers 429)`,
      value: run.ms / 1000,
      unit: 's',
      baseline: ideal,
      ratio: run.ms / 1000 / ideal,
      target: 1.1,
      rssMB: run.rssMB,
    });
    let ok = r.guard;
    if (requests.length !== expected) {
      console.log(
        `  FAILED: ${requests.length} requests, expected 1 + QR pages + card pages + moved + cards = ${expected}`,
      );
      ok = false;
    }
    if (limited) {
      console.log(`  FAILED: ${limited} requests were refused with 429`);
      ok = false;
    }
    if (!ok) process.exitCode = 1;
  } finally {
    await emu.stop();
  }
}

async function historyFigure() {
  const db = join(work, 'days.db');
  const env = { CARDQR_CONFIG_DIR: join(work, 'config') };
  await measure(process.execPath, [CLI, 'analytics', 'migrate', '--store', db, '-q'], { env });
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  const raw = new DatabaseSync(db);
  const ids = Math.ceil(DAY_ROWS / 365);
  const insert = raw.prepare(
    "INSERT INTO days (account, id, zone, month, day, scans, range, clamped, history_days) VALUES ('acc_bench', ?, 'UTC', ?, ?, ?, '12m', 0, -1)",
  );
  raw.exec('BEGIN');
  let n = 0;
  const first = Date.UTC(2025, 0, 1);
  for (let i = 0; i < ids && n < DAY_ROWS; i++) {
    const id = `qr_d${String(i).padStart(5, '0')}`;
    for (let d = 0; d < 365 && n < DAY_ROWS; d++, n++) {
      const day = new Date(first + d * 86_400_000).toISOString().slice(0, 10);
      insert.run(id, day.slice(0, 7), day, 1 + ((i * 7 + d) % 50));
    }
  }
  raw.exec(
    "INSERT INTO snapshots (account, taken_at, zone, day, codes, cards, timelines, requests) VALUES ('acc_bench', '2026-01-01T00:00:00.000Z', 'UTC', '2026-01-01', 0, 0, 0, 0)",
  );
  raw.exec('COMMIT');
  raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  raw.close();
  const bytes = ['', '-wal', '-shm'].reduce((s, x) => s + (existsSync(db + x) ? statSync(db + x).size : 0), 0);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    runs.push(
      await measure(process.execPath, [CLI, 'analytics', 'history', '--store', db, '--by', 'month', '-o', 'json'], {
        env,
      }),
    );
  }
  const best = runs.map((r) => r.ms).sort((a, b) => a - b)[1];
  const a = report({
    name: `analytics history --by month over ${DAY_ROWS} stored day rows`,
    value: best / 1000,
    unit: 's',
    baseline: 1,
    ratio: best / 1000,
    target: 1,
    rssMB: runs[0].rssMB,
    absolute: true,
  });
  const mb = bytes / 2 ** 20;
  const b = report({
    name: `the store holding ${DAY_ROWS} day rows`,
    value: mb,
    unit: 'MB',
    baseline: 100,
    ratio: mb / 100,
    target: 1,
  });
  if (!a.guard || !b.guard) process.exitCode = 1;
}
