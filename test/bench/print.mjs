// Benchmark: `cardqr print` of 1,000 QR codes on L7651 label sheets (16 pages) against
// `cardqr image -d` of the same codes as svg (the same downloads, no layout). Targets: time within
// 1.5x of the image batch, peak RSS under 150 MB. The PDF is decoded page by page by nobody here
// (the tests do that); this measures cost only.
// Usage: npm run build && node test/bench/print.mjs [--quick]   (quick: 300 codes, one round)
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ensureBuilt, measure, median, report, startEmulator } from './lib.mjs';

const COUNT = QUICK ? 300 : 1000;
const ROUNDS = QUICK ? 1 : 3;
const KEY = 'cq_live_bench_print_0123456789ab';

ensureBuilt();
const work = mkdtempSync(join(tmpdir(), 'cardqr-bench-print-'));
const ids = Array.from({ length: COUNT }, (_, i) => `qr_print${String(i + 1).padStart(5, '0')}`);
const seed = {
  accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', qrAllowance: COUNT + 10 }],
  keys: [{ name: 'full', secret: KEY, requestsPerMinute: 1_000_000 }],
  qrCodes: ids.map((id, i) => ({
    id,
    name: `Label ${i + 1}`,
    shortCode: `lbl-${i + 1}`,
    destinationUrl: `https://example.com/asset/${i + 1}`,
  })),
};
const seedFile = join(work, 'seed.json');
writeFileSync(seedFile, JSON.stringify(seed));
const idsFile = join(work, 'ids.txt');
writeFileSync(idsFile, `${ids.join('\n')}\n`);

const emu = await startEmulator(['--seed', seedFile]);
try {
  const warm = await fetch(`${emu.baseUrl}/qr-codes/${ids[0]}/image?format=svg`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  if (warm.status !== 200) throw new Error(`warm-up: HTTP ${warm.status}`);
  await warm.arrayBuffer();

  const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(work, 'config') };
  const printRuns = [];
  const imageRuns = [];
  for (let round = 0; round < ROUNDS; round++) {
    const out = join(mkdtempSync(join(work, 'print-')), 'labels.pdf');
    printRuns.push(
      await measure(
        'sh',
        ['-c', `exec "${process.execPath}" "${CLI}" print - --sheet L7651 -O "${out}" -q < "${idsFile}"`],
        { env },
      ),
    );
    if (!statSync(out).size) throw new Error('print wrote an empty PDF');
    const dir = mkdtempSync(join(work, 'image-'));
    imageRuns.push(
      await measure('sh', ['-c', `exec "${process.execPath}" "${CLI}" image - -f svg -d "${dir}" -q < "${idsFile}"`], {
        env,
      }),
    );
    const saved = readdirSync(dir).filter((n) => n.endsWith('.svg')).length;
    if (saved !== COUNT) throw new Error(`expected ${COUNT} svg files, found ${saved}`);
  }
  const printMs = median(printRuns.map((r) => r.ms));
  const imageMs = median(imageRuns.map((r) => r.ms));
  const rss = Math.max(...printRuns.map((r) => r.rssMB));
  const ok = report({
    name: `print on label sheets (${COUNT} codes, L7651)`,
    value: COUNT / (printMs / 1000),
    unit: 'codes/s',
    baseline: COUNT / (imageMs / 1000),
    ratio: printMs / imageMs,
    target: 1.5,
    rssMB: rss,
    rssTarget: 150,
  });
  process.exitCode = ok.guard ? 0 : 1;
} finally {
  emu.stop();
  rmSync(work, { recursive: true, force: true });
}
