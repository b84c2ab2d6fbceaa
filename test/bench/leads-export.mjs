// Benchmark: `cardqr leads export` of 100,000 leads (10,000 with --quick) to ndjson, against the
// emulator as a child process. Prints leads/s and the CLI's peak RSS (target < 150 MB: the export
// spools pages to disk instead of holding leads), and the ratio of its wall time to a baseline: a
// minimal undici loop fetching the same pages and writing the same lines (no spool, no reversal).
//
//   npm run build && node test/bench/leads-export.mjs [--quick]
import { mkdtempSync, readFileSync, rmSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, QUICK, ROOT, ensureBuilt, measure, report, startEmulator } from './lib.mjs';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--baseline') {
  await baseline(process.argv[3], process.argv[4], process.argv[5]);
} else {
  await main();
}

/** The baseline child: GET /leads page by page (newest first), one JSON line per lead to a file. */
async function baseline(baseUrl, key, outFile) {
  const { request, Agent } = await import('undici');
  const dispatcher = new Agent({ keepAliveTimeout: 10_000 });
  const out = createWriteStream(outFile);
  for (let offset = 0; ;) {
    const res = await request(`${baseUrl}/leads?includeArchived=true&limit=100&offset=${offset}`, {
      headers: { authorization: `Bearer ${key}` },
      dispatcher,
    });
    if (res.statusCode !== 200) throw new Error(`baseline: HTTP ${res.statusCode}`);
    const page = await res.body.json();
    let chunk = '';
    for (const lead of page.data) chunk += JSON.stringify(lead) + '\n';
    if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
    if (!page.pagination.hasMore || page.data.length === 0) break;
    offset += page.data.length;
  }
  await new Promise((r) => out.end(r));
  await dispatcher.close();
}

async function main() {
  ensureBuilt();
  const n = QUICK ? 10_000 : 100_000;
  const emu = await startEmulator(['--rate-limit', '1000000']);
  const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-export-'));
  try {
    const t0 = Date.now() - n * 1000 - 86_400_000;
    const cards = ['crd_amelie', 'crd_kenji', 'crd_zoe', 'crd_jose', 'qr_careers'];
    for (let i = 0; i < n; i += 5000) {
      const leads = [];
      for (let j = i; j < Math.min(n, i + 5000); j++) {
        leads.push({
          id: `lead_bench_${String(j).padStart(6, '0')}`,
          cardId: cards[j % cards.length],
          source: j % 3 ? 'form' : 'exchange',
          createdAt: new Date(t0 + j * 1000).toISOString(),
          locked: j % 50 === 0,
          contact:
            j % 50 === 0
              ? null
              : {
                  name: `Person ${j}`,
                  email: `p${j}@bench.example`,
                  phone: '+1 555 0100',
                  company: 'Bench Inc.',
                  title: 'Buyer',
                },
          answers: [
            { fieldId: 'fld_name', label: 'Your name', type: 'text', value: `Person ${j}` },
            { fieldId: 'fld_topics', label: 'Topics', type: 'multi_select', value: ['Pricing', 'Integration'] },
          ],
          country: 'FR',
          city: 'Lyon',
        });
      }
      await emu.control('leads', { leads });
    }
    const total = n + 30; // the default seed's 30 leads (archived ones included)
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: dir };

    // Warm the emulator's sorted index and the file cache once, unmeasured.
    await measure(process.execPath, [SELF, '--baseline', emu.baseUrl, emu.keys.full, join(dir, 'warm.ndjson')]);

    const base = await measure(process.execPath, [
      SELF,
      '--baseline',
      emu.baseUrl,
      emu.keys.full,
      join(dir, 'baseline.ndjson'),
    ]);
    const out = join(dir, 'export.ndjson');
    const cli = await measure(
      process.execPath,
      [CLI, '-q', 'leads', 'export', '--state', join(dir, 'state.json'), '--out', out],
      { env, cwd: ROOT },
    );
    const lines = readFileSync(out, 'utf8').split('\n').filter(Boolean);
    if (lines.length !== total) throw new Error(`expected ${total} leads in the export, got ${lines.length}`);
    const first = JSON.parse(lines[0]).createdAt;
    const last = JSON.parse(lines[lines.length - 1]).createdAt;
    if (first > last) throw new Error('export is not oldest first');

    const rate = total / (cli.ms / 1000);
    const baseRate = total / (base.ms / 1000);
    report({
      name: `leads export, ${total} leads to ndjson`,
      value: rate,
      unit: 'leads/s',
      baseline: baseRate,
      ratio: cli.ms / base.ms,
      target: 2,
      rssMB: cli.rssMB,
      rssTarget: 150,
    });
    console.log(
      `  (baseline undici loop: ${(base.ms / 1000).toFixed(2)} s, peak RSS ${base.rssMB.toFixed(0)} MB; cardqr: ${(cli.ms / 1000).toFixed(2)} s)`,
    );
  } finally {
    emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
