// Benchmark: save 200 png images at 512 px with the built CLI (`cardqr image <ids> -d dir`)
// against a minimal undici script fetching and writing the same images (images-baseline.mjs).
// Usage: npm run build && node test/bench/images.mjs [--quick]   (quick: 50 images, one round)
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ROOT, ensureBuilt, measure, median, report, startEmulator } from './lib.mjs';

const COUNT = QUICK ? 50 : 200;
const ROUNDS = QUICK ? 1 : 3;
const SIZE = 512;
const KEY = 'cq_live_bench_images_0123456789';

ensureBuilt();
const work = mkdtempSync(join(tmpdir(), 'cardqr-bench-images-'));
const ids = Array.from({ length: COUNT }, (_, i) => `qr_bench${String(i + 1).padStart(4, '0')}`);
const seed = {
  accounts: [{ id: 'acc_bench', email: 'bench@example.com', plan: 'pro', qrAllowance: COUNT + 10 }],
  keys: [{ name: 'full', secret: KEY, requestsPerMinute: 1_000_000 }],
  qrCodes: ids.map((id, i) => ({
    id,
    name: `Bench code ${i + 1}`,
    shortCode: `bench-${i + 1}`,
    destinationUrl: `https://example.com/bench/${i + 1}`,
    // every tenth code has a framed, coloured design, like a real account
    ...(i % 10 === 0 ? { design: { foreground: '#0B3D91', background: '#FFFFFF', frame: 'scan_me' } } : {}),
  })),
};
const seedFile = join(work, 'seed.json');
writeFileSync(seedFile, JSON.stringify(seed));

const emu = await startEmulator(['--seed', seedFile]);
try {
  // Warm the emulator (its image libraries load on the first image request).
  const warm = await fetch(`${emu.baseUrl}/qr-codes/${ids[0]}/image`, { headers: { authorization: `Bearer ${KEY}` } });
  if (warm.status !== 200) throw new Error(`warm-up: HTTP ${warm.status}`);
  await warm.arrayBuffer();

  const cli = [];
  const base = [];
  for (let round = 0; round < ROUNDS; round++) {
    const dirCli = mkdtempSync(join(work, 'cli-'));
    const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: KEY, CARDQR_CONFIG_DIR: join(work, 'config') };
    cli.push(
      await measure(process.execPath, [CLI, 'image', ...ids, '--size', String(SIZE), '-d', dirCli, '-q'], { env }),
    );
    check(dirCli);
    const dirBase = mkdtempSync(join(work, 'base-'));
    base.push(
      await measure(process.execPath, [
        join(ROOT, 'test/bench/images-baseline.mjs'),
        emu.baseUrl,
        KEY,
        dirBase,
        String(SIZE),
        ...ids,
      ]),
    );
    check(dirBase);
  }
  const cliMs = median(cli.map((r) => r.ms));
  const baseMs = median(base.map((r) => r.ms));
  const cliRss = Math.max(...cli.map((r) => r.rssMB));
  const baseRss = Math.max(...base.map((r) => r.rssMB));
  const results = [
    report({
      name: `image batch (${COUNT} png, ${SIZE} px)`,
      value: COUNT / (cliMs / 1000),
      unit: 'images/s',
      baseline: COUNT / (baseMs / 1000),
      ratio: cliMs / baseMs,
      target: 1.3,
    }),
    report({ name: 'image batch peak RSS', value: cliRss, unit: 'MB', baseline: baseRss, ratio: cliRss / baseRss }),
  ];
  process.exitCode = results.every((r) => r.guard) ? 0 : 1;
} finally {
  emu.stop();
  rmSync(work, { recursive: true, force: true });
}

function check(dir) {
  const saved = readdirSync(dir).filter((n) => n.endsWith('.png'));
  if (saved.length !== COUNT) throw new Error(`expected ${COUNT} images in ${dir}, found ${saved.length}`);
}
