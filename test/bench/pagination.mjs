// Benchmark: `cardqr cards list --all -o ndjson` over 10,000 cards (100 pages of 100) against the
// emulator as a child process, compared with a minimal undici loop fetching the same pages and
// writing the same lines (target: within 1.3x). Both write to a file; every run is checked for
// 10,000 distinct lines. Runs alternate baseline and CLI; the figure is the median.
//
//   npm run build && node test/bench/pagination.mjs [--quick]
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, QUICK, ensureBuilt, measure, median, report, startEmulator } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const CARDS = 10_000;
const ROUNDS = QUICK ? 3 : 7;
const KEY = 'cq_live_bench_pagination_0123456789';

if (process.argv[2] === '--baseline') {
  await baseline(process.argv[3], process.argv[4]);
} else {
  await main();
}

/** The baseline child: GET /cards page by page (100 a page), one JSON line per card to stdout. */
async function baseline(baseUrl, key) {
  const { request, Agent } = await import('undici');
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  for (let offset = 0; ;) {
    const res = await request(`${baseUrl}/cards?limit=100&offset=${offset}`, {
      headers: { authorization: `Bearer ${key}` },
      dispatcher,
    });
    if (res.statusCode !== 200) throw new Error(`baseline: HTTP ${res.statusCode}`);
    const page = await res.body.json();
    let chunk = '';
    for (const card of page.data) chunk += JSON.stringify(card) + '\n';
    if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once('drain', r));
    if (!page.pagination.hasMore || page.data.length === 0) break;
    offset += page.data.length;
  }
  await dispatcher.close();
}

function seed() {
  const t0 = Date.UTC(2026, 0, 1);
  const titles = ['Account Executive', 'Field Engineer', 'Head of Sales', 'Product Manager', 'Support Lead'];
  const cards = [];
  for (let i = 0; i < CARDS; i++) {
    const n = String(i).padStart(5, '0');
    cards.push({
      id: `crd_bench${n}`,
      name: `Person ${n}`,
      shortCode: `bench-${n}`,
      createdAt: new Date(t0 + i * 60_000).toISOString(),
      updatedAt: new Date(t0 + i * 60_000).toISOString(),
      fields: {
        firstName: 'Person',
        lastName: n,
        title: titles[i % titles.length],
        company: 'Bench Robotics',
        emails: [{ label: 'Work', value: `person.${n}@bench.example` }],
        phones: [{ label: 'Mobile', value: `+33 6 12 34 ${n.slice(0, 2)} ${n.slice(2, 4)}` }],
        links: [{ type: 'linkedin', url: `https://www.linkedin.com/in/person-${n}` }],
      },
    });
  }
  return {
    accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', cardAllowance: CARDS + 100 }],
    keys: [{ name: 'full', secret: KEY, requestsPerMinute: 1_000_000 }],
    cards,
  };
}

function checkOutput(file) {
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const ids = new Set(lines.map((l) => JSON.parse(l).id));
  if (lines.length !== CARDS || ids.size !== CARDS)
    throw new Error(`${file}: ${lines.length} lines, ${ids.size} distinct ids (expected ${CARDS})`);
}

async function main() {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-pages-'));
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(seed()));
  const emu = await startEmulator(['--seed', seedFile]);
  try {
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(dir, 'config') };
    const runTo = async (file, cmd, args, opts = {}) => {
      const fd = openSync(file, 'w');
      try {
        return await measure(cmd, args, { ...opts, stdout: fd });
      } finally {
        closeSync(fd);
      }
    };
    const baseArgs = [SELF, '--baseline', emu.baseUrl, KEY];
    const cliArgs = [CLI, 'cards', 'list', '--all', '-o', 'ndjson'];
    // Warm the emulator (its sorted list, the JIT) once, unmeasured.
    await runTo(join(dir, 'warm.ndjson'), process.execPath, baseArgs);

    const base = [];
    const cli = [];
    for (let round = 0; round < ROUNDS; round++) {
      const b = join(dir, `base-${round}.ndjson`);
      base.push(await runTo(b, process.execPath, baseArgs));
      checkOutput(b);
      const c = join(dir, `cli-${round}.ndjson`);
      cli.push(await runTo(c, process.execPath, cliArgs, { env }));
      checkOutput(c);
      rmSync(b);
      rmSync(c);
    }
    const cliMs = median(cli.map((r) => r.ms));
    const baseMs = median(base.map((r) => r.ms));
    const r = report({
      name: `cards list --all -o ndjson (${CARDS} cards, ${CARDS / 100} pages)`,
      value: CARDS / (cliMs / 1000),
      unit: 'cards/s',
      baseline: CARDS / (baseMs / 1000),
      ratio: median(cli.map((c, i) => c.ms / base[i].ms)),
      target: 1.3,
      rssMB: Math.max(...cli.map((c) => c.rssMB)),
    });
    process.exitCode = r.guard ? 0 : 1;
  } finally {
    emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
