// For the few smoke tests that spawn the built `bin/cardqr` (bundling, exit codes, pipes).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = `${ROOT}bin/cardqr`;

/** Builds once if dist/ is missing (CI builds before testing). */
export function ensureBuilt(): void {
  if (!existsSync(`${ROOT}dist/cli.js`)) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
}

export interface SpawnResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function runBin(args: string[], opts: { env?: Record<string, string | undefined>; stdin?: string; shell?: string } = {}): Promise<SpawnResult> {
  return new Promise((resolve) => {
    const child = opts.shell
      ? spawn('bash', ['-c', opts.shell], { env: { ...process.env, ...opts.env }, cwd: ROOT })
      : spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...opts.env }, cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.stdin.end(opts.stdin ?? '');
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
