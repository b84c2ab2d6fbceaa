// `npm run bench [-- --quick] [name...]`: builds if dist/ is missing, runs every figure script that
// exists (one child process each, one at a time), passes their figure lines through, and writes
// them to bench-results/latest.txt. Each line: the median, the baseline's median, the ratio (the
// figure that counts on a noisy machine), peak RSS, and OK / MISSED (within noise guard) / FAILED.
// Exit status 1 when a script fails (crash, wrong output) or a figure is FAILED: a ratio more than
// twice its target or a peak RSS over twice its limit. Never on an absolute time.
// --quick (CI): smaller inputs and fewer rounds; the whole run takes under two minutes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { QUICK, ROOT } from './lib.mjs';

const SCRIPTS = [
  'startup',
  'pagination',
  'tables',
  'images',
  'import',
  'import-rate',
  'leads-export',
  'leads-follow',
  'qr-apply',
  'plans',
  'print',
  'serve',
  'mcp',
  'history',
];
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const FIGURE = /\s(OK|MISSED \(within noise guard\)|FAILED)$/;

if (!process.env.CARDQR_BENCH_CLI && !existsSync(join(ROOT, 'dist', 'cli.cjs'))) {
  console.log('bench: dist/ is missing; building');
  const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (b.status !== 0) {
    console.log('bench: the build failed');
    process.exit(1);
  }
}

const started = Date.now();
const figures = [];
const problems = [];
for (const name of SCRIPTS) {
  if (only.length && !only.includes(name)) continue;
  const file = join(ROOT, 'test', 'bench', `${name}.mjs`);
  if (!existsSync(file)) {
    console.log(`bench: ${name}.mjs not found; skipped`);
    continue;
  }
  const t0 = Date.now();
  const code = await runScript(file, (line) => {
    console.log(line);
    if (FIGURE.test(line)) figures.push(line);
  });
  console.log(`  (${name}.mjs: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  if (code !== 0) problems.push(`${name}.mjs exited ${code}`);
}

const failed = figures.filter((l) => l.endsWith('FAILED'));
const missed = figures.filter((l) => l.endsWith('(within noise guard)'));
const summary = `bench${QUICK ? ' (quick)' : ''}: ${figures.length} figures, ${figures.length - failed.length - missed.length} OK, ${missed.length} missed within the noise guard, ${failed.length} failed (${((Date.now() - started) / 1000).toFixed(0)} s)`;
console.log(summary);
for (const p of problems) console.log(`bench: ${p}`);
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench-results', 'latest.txt'),
  `${new Date().toISOString()} node ${process.version}${QUICK ? ' --quick' : ''}\n${figures.join('\n')}\n${summary}\n`,
);
process.exitCode = failed.length || problems.length ? 1 : 0;

/** Runs one figure script; its stdout lines go to `onLine`, its stderr passes through (minus the emulator's banner). */
function runScript(file, onLine) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...(QUICK ? ['--quick'] : [])], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    createInterface({ input: child.stdout }).on('line', onLine);
    createInterface({ input: child.stderr }).on('line', (line) => {
      if (!/^emulator listening on /.test(line)) process.stderr.write(`${line}\n`);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}
