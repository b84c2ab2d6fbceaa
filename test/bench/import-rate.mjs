// Benchmark: `cardqr campaigns import` under a rate limit (the emulator's --rate-limit, which GET /me
// reports, so the import paces itself to it). Target: the whole run within 1.1x rows ÷ limit, and not
// one 429. Rows and limit keep the run short: 1,000 rows at 6,000/minute (10 s); --quick: 200 rows
// at 2,400/minute (5 s). The ratio's floor is the pacer's 2% safety margin.
// Usage: npm run build && node test/bench/import-rate.mjs [--quick]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ensureBuilt, measure, report, startEmulator } from './lib.mjs';

const ROWS = QUICK ? 200 : 1_000;
const LIMIT = QUICK ? 2_400 : 6_000; // requests per minute
const KEY = 'cq_live_bench_import_rate_0123456789';
const CAMPAIGN = 'cmp_bench';

ensureBuilt();
const work = mkdtempSync(join(tmpdir(), 'cardqr-bench-import-rate-'));
const seed = {
  accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', cardAllowance: ROWS + 100 }],
  keys: [{ name: 'full', secret: KEY }],
  templates: [
    {
      id: 'tpl_bench',
      name: 'Bench',
      policy: {
        fields: { firstName: { mode: 'required' }, lastName: { mode: 'optional' }, company: { mode: 'optional' } },
      },
    },
  ],
  campaigns: [
    { id: CAMPAIGN, name: 'Bench import', templateId: 'tpl_bench', api: { payloadMode: 'native', strictKeys: true } },
  ],
};
writeFileSync(join(work, 'seed.json'), JSON.stringify(seed));
let csv = 'externalId,firstName,lastName,company\n';
for (let i = 0; i < ROWS; i++) csv += `R-${String(i).padStart(6, '0')},Ada${i},Lovelace,Analytical Engines\n`;
const file = join(work, 'rows.csv');
writeFileSync(file, csv);

const emu = await startEmulator(['--seed', join(work, 'seed.json'), '--rate-limit', String(LIMIT)]);
try {
  const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(work, 'config') };
  const run = await measure(process.execPath, [CLI, 'campaigns', 'import', CAMPAIGN, file, '-q'], { env });
  const { requests } = await emu.control('requests');
  const created = requests.filter((q) => q.method === 'POST' && q.status === 201).length;
  const limited = requests.filter((q) => q.status === 429).length;
  if (created !== ROWS) throw new Error(`expected ${ROWS} cards created, got ${created}`);
  const ideal = ROWS / (LIMIT / 60);
  const r = report({
    name: `import at a rate limit (${ROWS} rows, ${LIMIT}/min, ${limited} answers 429)`,
    value: run.ms / 1000,
    unit: 's',
    baseline: ideal,
    ratio: run.ms / 1000 / ideal,
    target: 1.1,
    rssMB: run.rssMB,
  });
  if (limited)
    console.log(`  FAILED: ${limited} requests were refused with 429 (the import must pace itself under the limit)`);
  process.exitCode = r.guard && !limited ? 0 : 1;
} finally {
  emu.stop();
  rmSync(work, { recursive: true, force: true });
}
