// Shared helpers for `npm run bench`: an emulator child, measured runs, medians, one line per figure.
// Figures are ratios against a baseline measured in the same run (these machines are noisy).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The CLI under test; CARDQR_BENCH_CLI measures another build (e.g. a copy of an older dist/). */
export const CLI = process.env.CARDQR_BENCH_CLI ?? join(ROOT, 'bin/cardqr');
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/**
 * The Node binaries to measure: the supported versions installed by `npm run node-versions` (tools/node:
 * the floors 22.21 and 24.6, and 26), each once. CARDQR_BENCH_NODES (a comma-separated list of
 * binaries) replaces the list.
 */
export function nodeBinaries() {
  const listed = process.env.CARDQR_BENCH_NODES?.split(',').filter(Boolean);
  const candidates =
    listed ?? ['node22', 'node24', 'node26'].map((n) => join(ROOT, 'tools', 'node', 'node_modules', n, 'bin', 'node'));
  const seen = new Set();
  const found = [];
  for (const bin of candidates) {
    if (!existsSync(bin)) continue;
    const r = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const version = r.stdout?.trim();
    if (r.status !== 0 || !version || seen.has(version)) continue;
    seen.add(version);
    found.push({ bin, version, major: Number(version.split('.')[0]) });
  }
  return found;
}

export function ensureBuilt() {
  if (process.env.CARDQR_BENCH_CLI) return;
  if (!existsSync(join(ROOT, 'dist/cli.js'))) throw new Error('run `npm run build` first');
}

/** Starts `cardqr emulator` as a child on a free port; resolves with its start line. */
export async function startEmulator(args = [], env = {}) {
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0', '--quiet', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const line = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (c) => {
      buf += c;
      const nl = buf.indexOf('\n');
      if (nl >= 0) resolve(buf.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`emulator exited ${code}`)));
  });
  const info = JSON.parse(line);
  return {
    ...info,
    async control(path, body) {
      const res = await fetch(`${info.publicBaseUrl}/_emulator/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    /** Stops it; resolves once it has exited (and removed any profile it wrote). */
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Runs a command, returning wall time (ms) and peak RSS (MB) from GNU time.
 * Throws on a non-zero exit unless allowFail.
 */
export async function measure(cmd, args, { env = {}, cwd = ROOT, allowFail = false, stdout = 'ignore' } = {}) {
  const rssFile = join(tmpdir(), `bench-rss-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const started = process.hrtime.bigint();
  const code = await new Promise((resolve) => {
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', rssFile, cmd, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', stdout, 'inherit'],
    });
    child.on('exit', resolve);
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const kb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop());
  rmSync(rssFile, { force: true });
  if (code !== 0 && !allowFail) throw new Error(`${cmd} ${args.join(' ')} exited ${code}`);
  return { ms, rssMB: kb / 1024, code };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Prints one figure line and returns whether it is within its target (and within the CI noise
 * guard: `guard` times the target, twice unless given). `ratio` is value / baseline where lower is better. `absolute`: the
 * ratio compares with a fixed number (rows/s), not a baseline measured in the same run, so on a
 * busy machine it says nothing about the code: shown, never failing the guard.
 */
export function report({
  name,
  value,
  unit,
  baseline,
  ratio,
  target,
  rssMB,
  rssTarget,
  absolute = false,
  guard: factor = 2,
}) {
  const parts = [`${name}:`, `${fmt(value)} ${unit}`];
  if (baseline !== undefined) parts.push(`baseline ${fmt(baseline)} ${unit}`);
  if (ratio !== undefined) parts.push(`ratio ${ratio.toFixed(2)}${target ? ` (target <= ${target})` : ''}`);
  // MB: 2^20 bytes (GNU time's KiB / 1024); one decimal where there is a target, which may be close.
  if (rssMB !== undefined)
    parts.push(`peak RSS ${rssMB.toFixed(rssTarget ? 1 : 0)} MB${rssTarget ? ` (target < ${rssTarget})` : ''}`);
  const okRatio = ratio === undefined || !target || ratio <= target;
  const okRss = rssMB === undefined || !rssTarget || rssMB < rssTarget;
  const guard =
    (absolute || ratio === undefined || !target || ratio <= target * factor) &&
    (rssMB === undefined || !rssTarget || rssMB < rssTarget * 2);
  parts.push(okRatio && okRss ? 'OK' : guard ? 'MISSED (within noise guard)' : 'FAILED');
  console.log(parts.join('  '));
  return { ok: okRatio && okRss, guard };
}

function fmt(n) {
  return n >= 100 ? n.toFixed(0) : n.toFixed(2);
}
