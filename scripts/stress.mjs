#!/usr/bin/env node
// `npm run test:stress`: the whole suite on a busy machine. Two busy loops (one per core of these
// 2-core machines) spin while vitest runs, so every test that assumed timing shows itself. Not part of
// .ci/run; run it (three times) before landing a change to waits, signals or child processes.
// Usage: npm run test:stress [-- <vitest args>]
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const loops = Array.from({ length: Math.max(2, availableParallelism()) }, () =>
  // Bounded: each loop ends by itself after 90 minutes even if this script is killed with SIGKILL.
  spawn(process.execPath, ['-e', 'const end = Date.now() + 90 * 60_000; while (Date.now() < end);'], {
    stdio: 'ignore',
  }),
);
const stop = () => loops.forEach((l) => l.kill('SIGKILL'));
process.on('exit', stop);
process.stderr.write(`test:stress: ${loops.length} busy loops running beside the suite\n`);
const vitest = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));
vitest.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
