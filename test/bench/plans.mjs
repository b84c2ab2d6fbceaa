// Benchmark of an agent plan (PRODUCT §17, src/plans/): one qr_apply plan of 10,000 rows (2,000 with
// --quick; half retarget existing codes, half new) made against an emulator, in a process of its own:
// peak RSS (target < 150 MB), and its time against the least such a plan needs: a process reading the
// same pages of GET /qr-codes (both lists) with fetch (shown, no target: a plan also checks, diffs,
// hashes and writes its file).
// The measured entries are bundled from the sources with esbuild (as the build does), so no dist/ is needed.
// Usage: node test/bench/plans.mjs [--quick]
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { QUICK, ROOT, measure, median, report } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROWS = QUICK ? 2_000 : 10_000;
const ROUNDS = QUICK ? 2 : 3;
const KEY = 'cq_live_bench_plans_0123456789';

if (process.argv[2] === '--baseline') await baseline(process.argv[3], process.argv[4]);
else await main();

/** The reads alone: every page of both lists, kept as the plan keeps them. */
async function baseline(baseUrl, key) {
  const byCode = new Map();
  for (const status of ['', '&status=archived'])
    for (let offset = 0; ; offset += 100) {
      const res = await fetch(`${baseUrl}/qr-codes?limit=100&offset=${offset}${status}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const page = await res.json();
      for (const q of page.data) byCode.set(q.shortCode.toLowerCase(), q);
      if (!page.pagination.hasMore) break;
    }
  if (byCode.size < ROWS / 2) throw new Error(`read ${byCode.size} codes`);
}

async function bundle(entry, dir, name) {
  const outfile = join(dir, `${name}.mjs`);
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['sharp'],
    define: { __CARDQR_VERSION__: '"0.0.0-bench"' },
    banner: { js: "const require = process.getBuiltinModule('node:module').createRequire(import.meta.url);" },
    logLevel: 'silent',
  });
  return outfile;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-plans-'));
  try {
    const [emulatorJs, child] = await Promise.all([
      bundle('src/emulator/index.ts', dir, 'emulator'),
      bundle('test/plans/_bench-child.ts', dir, 'child'),
    ]);
    const { createEmulator, parseSeed } = await import(emulatorJs);
    const seed = parseSeed({
      accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', qrAllowance: 1_000_000 }],
      keys: [{ name: 'full', secret: KEY, requestsPerMinute: 10_000_000 }],
      qrCodes: Array.from({ length: ROWS / 2 }, (_, i) => ({
        id: `qr_bench${String(i).padStart(6, '0')}`,
        name: `Stand ${i}`,
        shortCode: `fair-${i}`,
        destinationUrl: `https://fair.example/stand/${i}`,
        createdAt: '2026-01-01T00:00:00.000Z',
      })),
    });
    const emu = await createEmulator({ port: 0, seed, rateLimit: 10_000_000 });
    try {
      const rows = Array.from({ length: ROWS }, (_, i) => ({
        shortCode: `fair-${i}`,
        name: `Stand ${i}`,
        destinationUrl: `https://fair.example/${i < ROWS / 2 ? 'after' : 'stand'}/${i}`,
      }));
      const rowsFile = join(dir, 'rows.json');
      writeFileSync(rowsFile, JSON.stringify(rows));
      const runs = [];
      const base = [];
      for (let round = 0; round < ROUNDS; round++) {
        const state = join(dir, `state-${round}`);
        const run = await measure(process.execPath, [child, emu.baseUrl, KEY, state, rowsFile], { stdout: 'pipe' });
        runs.push(run);
        const plans = join(state, 'plans');
        const files = readdirSync(plans).filter((f) => f.endsWith('.json'));
        const plan = JSON.parse(readFileSync(join(plans, files[0]), 'utf8'));
        if (plan.rows.length !== ROWS) throw new Error(`the plan holds ${plan.rows.length} rows, not ${ROWS}`);
        base.push(
          await measure(process.execPath, [SELF, '--baseline', emu.baseUrl, KEY], {
            env: { BENCH_QUICK: QUICK ? '1' : '' },
          }),
        );
      }
      report({
        name: `plan_qr_apply (${ROWS} rows: ${ROWS / 2} new, ${ROWS / 2} retargeted), against reading the codes`,
        value: median(runs.map((r) => r.ms)) / 1000,
        unit: 's',
        baseline: median(base.map((r) => r.ms)) / 1000,
        ratio: median(runs.map((r, i) => r.ms / base[i].ms)),
        rssMB: Math.max(...runs.map((r) => r.rssMB)),
        rssTarget: 150,
      });
    } finally {
      await emu.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
