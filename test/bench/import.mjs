// Benchmark of `cardqr campaigns import` (PRODUCT §6) with the built CLI against an emulator child
// (no rate limit, no latency, a large card allowance from a seed file):
//   1. 10,000 rows imported at concurrency 1: rows/s (target >= 1,000) and time against a minimal undici
//      script sending the same POSTs (import-baseline.mjs; target ratio <= 1.2 on every supported Node);
//   2. --validate-only on 1,000,000 rows: rows/s (target >= 100,000) and peak RSS (< 150 MB);
//   3. the real import's peak RSS at 100,000 rows (< 150 MB).
// Usage: npm run build && node test/bench/import.mjs [--quick]   (quick: 2,000 / 200,000 / 20,000 rows)
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ROOT, ensureBuilt, measure, median, nodeBinaries, report, startEmulator } from './lib.mjs';

const IMPORT_ROWS = QUICK ? 2_000 : 10_000;
const VALIDATE_ROWS = QUICK ? 200_000 : 1_000_000;
const RSS_ROWS = QUICK ? 20_000 : 100_000;
const ROUNDS = QUICK ? 3 : 5; // one quick round alone moved the ratio by ±0.1
const KEY = 'cq_live_bench_import_0123456789';
const CAMPAIGN = 'cmp_bench';

ensureBuilt();
const work = mkdtempSync(join(tmpdir(), 'cardqr-bench-import-'));
const seed = {
  accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', cardAllowance: 1_000_000 }],
  keys: [{ name: 'full', secret: KEY, requestsPerMinute: 10_000_000 }],
  templates: [
    {
      id: 'tpl_bench',
      name: 'Bench',
      policy: {
        fields: {
          firstName: { mode: 'required' },
          lastName: { mode: 'optional' },
          company: { mode: 'optional' },
          emails: { mode: 'optional' },
        },
      },
      sections: [
        {
          key: 'emails',
          label: 'Email addresses',
          kind: 'list',
          max: 3,
          props: [
            { prop: 'label', label: 'Label' },
            { prop: 'value', label: 'Email' },
          ],
        },
      ],
    },
  ],
  campaigns: [
    { id: CAMPAIGN, name: 'Bench import', templateId: 'tpl_bench', api: { payloadMode: 'native', strictKeys: true } },
  ],
};
const seedFile = join(work, 'seed.json');
writeFileSync(seedFile, JSON.stringify(seed));

const emu = await startEmulator(['--seed', seedFile]);
const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(work, 'config') };
const results = [];
try {
  // 1. Throughput against the baseline, the emulator reset to its seed before every run, on every
  // supported Node (issue 26: Node 20 and 24 at least), CLI and baseline alternating.
  const small = await csv('import.csv', IMPORT_ROWS);
  let cliMs;
  for (const node of nodeBinaries()) {
    const baseline = () =>
      measure(node.bin, [join(ROOT, 'test/bench/import-baseline.mjs'), emu.baseUrl, KEY, CAMPAIGN, small]);
    // Warm the emulator once, unmeasured: otherwise the first CLI run also pays its JIT warm-up.
    await emu.control('reset', {});
    await baseline();
    const cli = [];
    const base = [];
    for (let round = 0; round < ROUNDS; round++) {
      await emu.control('reset', {});
      const reportFile = join(work, `r${node.major}-${round}.ndjson`);
      cli.push(
        await measure(node.bin, [CLI, 'campaigns', 'import', CAMPAIGN, small, '--report', reportFile, '-q'], { env }),
      );
      await emu.control('reset', {});
      base.push(await baseline());
    }
    const ms = median(cli.map((r) => r.ms));
    cliMs ??= ms; // the machine's Node: the rows/s figure below
    results.push(
      report({
        name: `node ${node.version}: import (${IMPORT_ROWS} rows, concurrency 1)`,
        value: IMPORT_ROWS / (ms / 1000),
        unit: 'rows/s',
        baseline: IMPORT_ROWS / (median(base.map((r) => r.ms)) / 1000),
        // The median of the per-round ratios: steadier than the ratio of the medians on a busy machine.
        ratio: median(cli.map((r, i) => r.ms / base[i].ms)),
        target: 1.2, // issue 26: the bulk path within 1.2x a raw keep-alive loop
      }),
    );
  }
  const rowsPerS = IMPORT_ROWS / (cliMs / 1000);
  results.push(
    report({
      name: 'import rows/s (target >= 1000)',
      value: rowsPerS,
      unit: 'rows/s',
      ratio: 1000 / rowsPerS,
      target: 1,
      absolute: true,
    }),
  );

  // 2. Validation only, a million rows: speed and memory.
  const big = await csv('validate.csv', VALIDATE_ROWS);
  const v = await measure(process.execPath, [CLI, 'campaigns', 'import', CAMPAIGN, big, '--validate-only', '-q'], {
    env,
  });
  const vRate = VALIDATE_ROWS / (v.ms / 1000);
  results.push(
    report({
      name: `validate-only (${VALIDATE_ROWS} rows) (target >= 100000 rows/s)`,
      value: vRate,
      unit: 'rows/s',
      ratio: 100_000 / vRate,
      target: 1,
      rssMB: v.rssMB,
      rssTarget: 150,
      absolute: true,
    }),
  );

  // 3. The real import's memory at scale.
  await emu.control('reset', {});
  const many = await csv('rss.csv', RSS_ROWS);
  const m = await measure(process.execPath, [CLI, 'campaigns', 'import', CAMPAIGN, many, '--concurrency', '4', '-q'], {
    env,
  });
  results.push(
    report({
      name: `import (${RSS_ROWS} rows, concurrency 4)`,
      value: RSS_ROWS / (m.ms / 1000),
      unit: 'rows/s',
      rssMB: m.rssMB,
      rssTarget: 150,
    }),
  );
  process.exitCode = results.every((r) => r.guard) ? 0 : 1;
} finally {
  emu.stop();
  rmSync(work, { recursive: true, force: true });
}

/** A native-mode CSV of n valid rows, written as a stream. */
async function csv(name, n) {
  const path = join(work, name);
  const out = createWriteStream(path);
  out.write('externalId,firstName,lastName,company,emails.0.label,emails.0.value\n');
  for (let i = 0; i < n; i++) {
    const id = String(i).padStart(7, '0');
    if (!out.write(`B-${id},Ada${id},Lovelace,Analytical Engines ${i % 100},Work,ada.${id}@bench.example\n`)) {
      await new Promise((r) => out.once('drain', r));
    }
  }
  await new Promise((r) => out.end(r));
  return path;
}
