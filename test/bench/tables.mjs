// Benchmark: `cardqr cards list --all -o table` over 10,000 cards (100 pages of 100) against the
// ndjson path of the same CLI in the same run (target: within 1.5x, peak RSS under 100 MB). The
// table is fitted to COLUMNS=120, so cells are measured, cut and padded on every row. Both write to
// a file; every run is checked (10,000 distinct ids; the table: a header and one line per card,
// none wider than 120 columns). Runs alternate; the figure is the median of the per-round ratios.
// That the first rows print before the second page is requested is a test, not a timing:
// test/commands/cards/list-streaming.test.ts.
//
//   npm run build && node test/bench/tables.mjs [--quick]
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ensureBuilt, measure, median, report, startEmulator } from './lib.mjs';

const CARDS = 10_000;
const ROUNDS = QUICK ? 3 : 7;
const WIDTH = 120;
const KEY = 'cq_live_bench_tables_0123456789';

function seed() {
  const t0 = Date.UTC(2026, 0, 1);
  const names = ['Amélie Laurent', '渡辺 健二', 'Zoë Müller-Østergaard', 'José Álvarez Peña', 'Ngozi Okafor'];
  const cards = [];
  for (let i = 0; i < CARDS; i++) {
    const n = String(i).padStart(5, '0');
    cards.push({
      id: `crd_bench${n}`,
      name: `${names[i % names.length]} ${n}`,
      shortCode: `bench-table-${n}`,
      createdAt: new Date(t0 + i * 60_000).toISOString(),
      updatedAt: new Date(t0 + i * 60_000).toISOString(),
      fields: { firstName: 'Person', lastName: n, title: 'Account Executive', company: 'Bench Robotics' },
    });
  }
  return {
    accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', cardAllowance: CARDS + 100 }],
    keys: [{ name: 'full', secret: KEY, requestsPerMinute: 1_000_000 }],
    cards,
  };
}

function checkNdjson(file) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const ids = new Set(lines.map((l) => JSON.parse(l).id));
  if (lines.length !== CARDS || ids.size !== CARDS)
    throw new Error(`${file}: ${lines.length} lines, ${ids.size} distinct ids`);
}

function checkTable(file) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const ids = new Set(lines.slice(1).map((l) => l.split(' ')[0]));
  if (!/^ID {2,}NAME/.test(lines[0]) || lines.length !== CARDS + 1 || ids.size !== CARDS) {
    throw new Error(`${file}: ${lines.length} lines, ${ids.size} distinct ids (expected a header and ${CARDS} rows)`);
  }
  // Byte length bounds the display width from above only for ASCII; the names hold wide characters.
  const wide = lines.find(
    (l) =>
      [...l].reduce(
        (w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch) ? 2 : 1),
        0,
      ) > WIDTH,
  );
  if (wide) throw new Error(`${file}: a line wider than ${WIDTH} columns: ${wide}`);
}

async function main() {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-tables-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed()));
  const emu = await startEmulator(['--seed', seedFile]);
  try {
    const env = {
      CARDQR_BASE_URL: emu.baseUrl,
      CARDQR_API_KEY: KEY,
      CARDQR_CONFIG_DIR: join(dir, 'config'),
      COLUMNS: String(WIDTH),
      NO_COLOR: '1',
    };
    const runTo = async (file, args) => {
      const fd = openSync(file, 'w');
      try {
        return await measure(process.execPath, [CLI, ...args], { env, stdout: fd });
      } finally {
        closeSync(fd);
      }
    };
    const ndArgs = ['cards', 'list', '--all', '-o', 'ndjson'];
    const tableArgs = ['cards', 'list', '--all', '-o', 'table'];
    await runTo(join(dir, 'warm.ndjson'), ndArgs); // warm the emulator (its sorted list, the JIT), unmeasured

    const nd = [];
    const table = [];
    for (let round = 0; round < ROUNDS; round++) {
      const a = join(dir, `nd-${round}.ndjson`);
      nd.push(await runTo(a, ndArgs));
      checkNdjson(a);
      const b = join(dir, `table-${round}.txt`);
      table.push(await runTo(b, tableArgs));
      checkTable(b);
      rmSync(a);
      rmSync(b);
    }
    const tableMs = median(table.map((r) => r.ms));
    const ndMs = median(nd.map((r) => r.ms));
    const r = report({
      name: `cards list --all -o table (${CARDS} cards, ${CARDS / 100} pages, ${WIDTH} columns) vs -o ndjson`,
      value: CARDS / (tableMs / 1000),
      unit: 'cards/s',
      baseline: CARDS / (ndMs / 1000),
      ratio: median(table.map((t, i) => t.ms / nd[i].ms)),
      target: 1.5,
      rssMB: Math.max(...table.map((t) => t.rssMB)),
      rssTarget: 100,
    });
    process.exitCode = r.guard ? 0 : 1;
  } finally {
    emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
