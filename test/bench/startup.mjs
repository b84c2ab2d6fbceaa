// Benchmark: start-up of the built CLI against `node -e 0`, runs alternated (baseline, subject,
// baseline, subject, ...) so that noise from other work on the machine hits both alike.
//   --version, --help                 target <= 1.25x node -e 0
//   me -o json, cards list -o json    target <= 2.0x  (one request to an emulator already running)
// Usage: npm run build && node test/bench/startup.mjs [--quick]
// CARDQR_BENCH_CLI=/path/to/bin/cardqr measures another build (e.g. a copy of an older dist/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ensureBuilt, measure, median, report, startEmulator } from './lib.mjs';

const RUNS = QUICK ? 9 : 31;
const WARMUP = 2;
const bin = CLI;
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-startup-'));
const emu = await startEmulator();
let ok = true;
try {
  const env = { CARDQR_BASE_URL: emu.baseUrl, CARDQR_API_KEY: emu.keys.full, CARDQR_CONFIG_DIR: join(dir, 'config') };
  const cases = [
    { name: 'cardqr --version', args: ['--version'], target: 1.25 },
    { name: 'cardqr --help', args: ['--help'], target: 1.25 },
    { name: 'cardqr me -o json', args: ['me', '-o', 'json'], target: 2.0 },
    { name: 'cardqr cards list -o json', args: ['cards', 'list', '-o', 'json'], target: 2.0 },
  ].filter((c) => !only.length || only.some((o) => c.name.includes(o)));
  for (const c of cases) {
    const base = [];
    const subject = [];
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const b = await measure(process.execPath, ['-e', '0']);
      const s = await measure(process.execPath, [bin, ...c.args], { env });
      if (i < WARMUP) continue;
      base.push(b);
      subject.push(s);
    }
    const ms = median(subject.map((r) => r.ms));
    const baseMs = median(base.map((r) => r.ms));
    // The median of the per-pair ratios is steadier than the ratio of the medians on a busy machine.
    const ratio = median(subject.map((r, i) => r.ms / base[i].ms));
    const r = report({
      name: c.name,
      value: ms,
      unit: 'ms',
      baseline: baseMs,
      ratio,
      target: c.target,
      rssMB: Math.max(...subject.map((x) => x.rssMB)),
    });
    ok &&= r.guard;
  }
} finally {
  emu.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
