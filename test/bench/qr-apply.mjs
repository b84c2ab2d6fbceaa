// Benchmark of `cardqr qr apply` (PRODUCT §11) with the built CLI against an emulator child:
//   1. 10,000 rows (2,000 with --quick), half new codes and half destination changes of existing ones,
//      no rate limit: time against a minimal undici loop sending the same requests (the pages of
//      GET /qr-codes, then one POST or PATCH per row with an Idempotency-Key; target ratio <= 1.2),
//      and peak RSS (< 150 MB);
//   2. at a rate limit R (requests per minute), wall time against the least the limit allows for the
//      requests sent (target <= 1.1) and no 429.
// Usage: npm run build && node test/bench/qr-apply.mjs [--quick]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, QUICK, ensureBuilt, measure, median, nodeBinaries, report, startEmulator } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROWS = QUICK ? 2_000 : 10_000;
const ROUNDS = QUICK ? 3 : 5; // one quick round alone moved the ratio by ±0.1
const KEY = 'cq_live_bench_apply_0123456789';

if (process.argv[2] === '--baseline') await baseline(...process.argv.slice(3));
else await main();

/** The least a script can do: read every code (both lists), then one write per row of the file. */
async function baseline(baseUrl, key, file) {
  const { Agent, request } = await import('undici');
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const byCode = new Map();
  for (const status of ['', '&status=archived'])
    for (let offset = 0; ; offset += 100) {
      const res = await request(`${baseUrl}/qr-codes?limit=100&offset=${offset}${status}`, { headers, dispatcher });
      const page = await res.body.json();
      for (const q of page.data) byCode.set(q.shortCode.toLowerCase(), q);
      if (!page.pagination.hasMore) break;
    }
  const lines = readFileSync(file, 'utf8').split('\n').slice(1).filter(Boolean);
  for (const [i, line] of lines.entries()) {
    const [shortCode, name, destinationUrl] = line.split(',');
    const have = byCode.get(shortCode.toLowerCase());
    const body = JSON.stringify(have ? { destinationUrl } : { name, destinationUrl, shortCode });
    const res = await request(`${baseUrl}/qr-codes${have ? `/${have.id}` : ''}`, {
      method: have ? 'PATCH' : 'POST',
      headers: { ...headers, 'idempotency-key': `bench-${process.pid}-${i}` },
      body,
      dispatcher,
    });
    await res.body.arrayBuffer();
    if (res.statusCode >= 300) throw new Error(`row ${i}: HTTP ${res.statusCode}`);
  }
  await dispatcher.close();
}

function seed(existing, requestsPerMinute) {
  return {
    accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', qrAllowance: 1_000_000 }],
    keys: [{ name: 'full', secret: KEY, requestsPerMinute }],
    qrCodes: Array.from({ length: existing }, (_, i) => ({
      id: `qr_bench${String(i).padStart(6, '0')}`,
      name: `Stand ${i}`,
      shortCode: `fair-${i}`,
      destinationUrl: `https://fair.example/stand/${i}`,
      createdAt: '2026-01-01T00:00:00.000Z',
    })),
  };
}

/** `rows` rows: the first half retarget existing codes, the second half are new. */
function applyFile(dir, rows) {
  const lines = ['shortCode,name,destinationUrl'];
  for (let i = 0; i < rows; i++)
    lines.push(`fair-${i},Stand ${i},https://fair.example/${i < rows / 2 ? 'after' : 'stand'}/${i}`);
  const file = join(dir, `apply-${rows}.csv`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

async function main() {
  ensureBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-apply-'));
  try {
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed(ROWS / 2, 10_000_000)));
    const emu = await startEmulator(['--seed', seedFile]);
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(dir, 'config') };
    const file = applyFile(dir, ROWS);
    try {
      // On every supported Node (issue 26), CLI and baseline alternating.
      for (const node of nodeBinaries()) {
        const baseline = () => measure(node.bin, [SELF, '--baseline', emu.baseUrl, KEY, file]);
        await emu.control('reset', {});
        await baseline(); // warm-up, unmeasured
        const cli = [];
        const base = [];
        for (let round = 0; round < ROUNDS; round++) {
          await emu.control('reset', {});
          const reportFile = join(dir, `r${node.major}-${round}.ndjson`);
          cli.push(await measure(node.bin, [CLI, 'qr', 'apply', file, '--yes', '-q', '--report', reportFile], { env }));
          const writes = readFileSync(reportFile, 'utf8')
            .split('\n')
            .filter((l) => /"outcome":"(created|updated)"/.test(l));
          if (writes.length !== ROWS) throw new Error(`qr apply wrote ${writes.length} rows, not ${ROWS}`);
          await emu.control('reset', {});
          base.push(await baseline());
        }
        report({
          name: `node ${node.version}: qr apply (${ROWS} rows: ${ROWS / 2} created, ${ROWS / 2} retargeted)`,
          value: ROWS / (median(cli.map((r) => r.ms)) / 1000),
          unit: 'rows/s',
          baseline: ROWS / (median(base.map((r) => r.ms)) / 1000),
          // The median of the per-round ratios: steadier than the ratio of the medians on a busy machine.
          ratio: median(cli.map((r, i) => r.ms / base[i].ms)),
          target: 1.2, // the same figure for every job on the row engine (issue 26)
          rssMB: Math.max(...cli.map((r) => r.rssMB)),
          rssTarget: 150,
        });
      }
    } finally {
      emu.stop();
    }

    // 2. Paced: R requests a minute; every request (GET /me, the lists, the writes) counts.
    const R = 1200;
    const N = QUICK ? 40 : 200;
    writeFileSync(seedFile, JSON.stringify(seed(N / 2, R)));
    const limited = await startEmulator(['--seed', seedFile]);
    try {
      const small = applyFile(dir, N);
      const r = await measure(
        process.execPath,
        [CLI, 'qr', 'apply', small, '--yes', '-q', '--report', join(dir, 'paced.ndjson')],
        { env: { ...env, CARDQR_BASE_URL: limited.baseUrl } },
      );
      const sent = (await limited.control('requests')).requests;
      if (sent.some((q) => q.status === 429)) throw new Error('a 429 while paced');
      const count = sent.length;
      // The issue's bound is N/R for N rows; the lists and GET /me are paced too, so they are added.
      const least = ((count - 1) / R) * 60_000;
      report({
        name: `qr apply at ${R} requests/min (${N} rows, ${count} requests)`,
        value: r.ms / 1000,
        unit: 's',
        baseline: least / 1000,
        ratio: r.ms / least,
        target: 1.1,
      });
    } finally {
      limited.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
