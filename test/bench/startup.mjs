// Benchmark: start-up of the built CLI against `node -e 0` of the same Node binary, on every supported
// version installed (the machine's Node, and 22 and 24 from tools/node: `npm run node-versions`). Runs
// alternate (baseline, subject, baseline, subject, ...) so that noise from other work on the machine
// hits both alike; the figure is the median of the per-pair ratios.
//   Node 20:   --version <= 1.15x, --help <= 1.25x, me / cards list / __complete <= 1.5x
//   Node 22+:  --version, --help <= 1.5x, me / cards list / __complete <= 2.0x
//   peak RSS of `me` < 50 MB on each version
// and `cardqr me -o json` next to curl for the same GET (shown, no target; skipped without curl).
// me and cards list make one request to an emulator already running. The compile cache (Node >= 22.1)
// lives in a fresh XDG_CACHE_HOME, filled by the warm-up runs, as on a user's second run.
// Usage: npm run build && node test/bench/startup.mjs [--quick] [case...]   (case: a part of a name)
// CARDQR_BENCH_CLI=/path/to/bin/cardqr measures another build (e.g. a copy of an older dist/).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI, QUICK, ensureBuilt, measure, median, nodeBinaries, report, startEmulator } from './lib.mjs';

const RUNS = QUICK ? 9 : 31;
const WARMUP = 2;
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const CURL = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0 ? 'curl' : undefined;

/** Targets by Node major: Node 20 starts slowly itself (~3x Node 24's `node -e 0`), so ours weighs less there. */
function targets(major) {
  return major < 22 ? { version: 1.15, help: 1.25, request: 1.5 } : { version: 1.5, help: 1.5, request: 2.0 };
}

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'cardqr-bench-startup-'));
const emu = await startEmulator();
let ok = true;
try {
  const env = {
    CARDQR_BASE_URL: emu.baseUrl,
    CARDQR_API_KEY: emu.keys.full,
    CARDQR_CONFIG_DIR: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    CARDQR_NO_CACHE: '',
    NODE_COMPILE_CACHE: '',
  };
  for (const node of nodeBinaries()) {
    const t = targets(node.major);
    const cases = [
      { name: 'cardqr --version', args: ['--version'], target: t.version },
      { name: 'cardqr --help', args: ['--help'], target: t.help },
      { name: 'cardqr me -o json', args: ['me', '-o', 'json'], target: t.request, rssTarget: 50 },
      { name: 'cardqr cards list -o json', args: ['cards', 'list', '-o', 'json'], target: t.request },
      { name: 'cardqr __complete profiles', args: ['__complete', 'profiles'], target: t.request },
    ].filter((c) => !only.length || only.some((o) => c.name.includes(o)));
    for (const c of cases) {
      const { ratio, ms, baseMs, rssMB } = await pairs(
        () => measure(node.bin, ['-e', '0']),
        () => measure(node.bin, [CLI, ...c.args], { env }),
      );
      const r = report({
        name: `node ${node.version}: ${c.name}`,
        value: ms,
        unit: 'ms',
        baseline: baseMs,
        ratio,
        target: c.target,
        rssMB,
        rssTarget: c.rssTarget,
      });
      ok &&= r.guard;
    }
    if (only.length && !only.some((o) => 'curl'.includes(o) || o === 'me')) continue;
    if (!CURL) {
      console.log(`node ${node.version}: cardqr me next to curl: skipped (no curl on this machine)`);
      continue;
    }
    // The same GET: curl is the floor an operator compares with in an `xargs` loop (shown, no target).
    const curlArgs = [
      '-sS',
      '-f',
      '-o',
      '/dev/null',
      '-H',
      `Authorization: Bearer ${emu.keys.full}`,
      `${emu.baseUrl}/me`,
    ];
    const { ratio, ms, baseMs } = await pairs(
      () => measure(CURL, curlArgs),
      () => measure(node.bin, [CLI, 'me', '-o', 'json'], { env }),
    );
    report({
      name: `node ${node.version}: cardqr me -o json next to curl (the same GET)`,
      value: ms,
      unit: 'ms',
      baseline: baseMs,
      ratio,
    });
  }
} finally {
  emu.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;

/** Alternated runs of baseline and subject after a warm-up; medians, the median per-pair ratio, peak RSS. */
async function pairs(baseline, subject) {
  const base = [];
  const sub = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const b = await baseline();
    const s = await subject();
    if (i < WARMUP) continue;
    base.push(b);
    sub.push(s);
  }
  return {
    ms: median(sub.map((r) => r.ms)),
    baseMs: median(base.map((r) => r.ms)),
    // The median of the per-pair ratios is steadier than the ratio of the medians on a busy machine.
    ratio: median(sub.map((r, i) => r.ms / base[i].ms)),
    rssMB: Math.max(...sub.map((x) => x.rssMB)),
  };
}
