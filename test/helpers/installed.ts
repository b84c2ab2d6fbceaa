// The installed package as a user runs it (test/shipped/install.ts packs and installs it once per run):
// `cardqr` found through PATH, the Node under test first on PATH (its shebang is `env node`), a home of
// the test's own (configuration, state and cache in their default places under it), no CARDQR_*
// variables from the outside. Never the checkout's bin/ or src/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { inject } from 'vitest';
import { tempDir } from './temp-dirs.js';

export interface Installed {
  home: string;
  env: Record<string, string>;
  /** Runs `cardqr args` to its end. */
  run(
    args: string[],
    opts?: { env?: Record<string, string>; stdin?: string; cwd?: string; node?: string },
  ): Promise<Ran>;
  /** Starts `cardqr args` and leaves it running. */
  start(args: string[], opts?: { env?: Record<string, string>; cwd?: string }): ChildProcess;
}

export interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The installed package's paths (from the project's global setup). */
export const shipped = () => inject('shipped');

/** A user of the installed package, on `node` (default: the Node running the tests). */
export function installedUser(node = process.execPath): Installed {
  const home = tempDir('cardqr-home-');
  mkdirSync(join(home, 'work'));
  const { prefix } = shipped();
  const env: Record<string, string> = {
    HOME: home,
    PATH: [dirname(node), join(prefix, 'bin'), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    ...sharedClock(),
  };
  const start = (args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}) =>
    spawn('cardqr', args, { env: { ...env, ...opts.env }, cwd: opts.cwd ?? join(home, 'work'), stdio: 'pipe' });
  const run = (
    args: string[],
    opts: { env?: Record<string, string>; stdin?: string; cwd?: string; node?: string } = {},
  ): Promise<Ran> =>
    new Promise((resolve, reject) => {
      const child = start(args, opts);
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      child.stdin.on('error', () => undefined); // a command that never reads its stdin
      child.stdin.end(opts.stdin ?? '');
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr });
      });
    });
  return { home, env, run, start };
}

/**
 * A run under faketime (the far-date checks) keeps its clock in the processes it starts: the test's own
 * TLS client and the installed emulator must agree on what time it is, or the emulator's fresh
 * certificate looks expired or not yet valid to the test.
 */
function sharedClock(): Record<string, string> {
  const clock: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined && (name === 'LD_PRELOAD' || name.startsWith('FAKETIME'))) clock[name] = value;
  return clock;
}

export interface RunningEmulator {
  baseUrl: string;
  keys: Record<string, string>;
  caFile?: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `cardqr emulator --port 0 …` from the installed package; resolves with its start line (JSON on a pipe). */
export function startEmulator(user: Installed, args: string[]): Promise<RunningEmulator> {
  const child = user.start(['emulator', '--port', '0', ...args]);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start:\n${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}):\n${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      const start = JSON.parse(line) as { baseUrl: string; keys: Record<string, string>; caFile?: string };
      resolve({
        ...start,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGINT');
          }),
      });
    });
  });
}
