// The one way to run the built `bin/cardqr` as a child process (its own pid, the real clock, real
// signals, real pipes): `spawnCli`. In-process runs against the emulator use `runCli` (run-cli.ts).
//
// Tests that spawn it need a dist/ that matches src/: `ensureFreshBuild` is a no-op in CI (.ci/run
// builds first); locally it rebuilds when a source file is newer than the bundle. A lock directory
// keeps parallel test files from building at the same time.
import { execFile, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = `${ROOT}bin/cardqr`;
/**
 * PATH with the Node running the tests first: anything found through PATH (an installed `cardqr`, whose
 * shebang is `env node`; a completion script calling `cardqr`) runs on the Node under test, never on
 * an older default Node that cardqr refuses.
 */
export const NODE_FIRST_PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
/** The built CLI as a shell command line: `$CARDQR` in a `shell` script. */
export const CARDQR_COMMAND = `${process.execPath} ${BIN}`;

export interface SpawnOptions {
  /** Added to this process's environment (undefined removes a variable). */
  env?: Record<string, string | undefined>;
  /** Text written to stdin, which is then closed (default: an empty pipe); null: no stdin at all. */
  stdin?: string | null;
  /** A bash script to run instead of `cardqr args`; `$CARDQR` in it runs the built CLI. */
  shell?: string;
  /** Default: the repository root. */
  cwd?: string;
  /** SIGKILLed after this long; `done` and `exit` then reject. */
  timeoutMs?: number;
}

export interface SpawnResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface SpawnedCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once the process has closed, with everything it wrote. */
  done: Promise<SpawnResult>;
  /** Resolves with the exit code, or the signal name when killed. */
  exit: Promise<number | NodeJS.Signals>;
  /** Resolves when stdout+stderr match (checked on every chunk). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<void>;
}

export function spawnCli(args: string[], opts: SpawnOptions = {}): SpawnedCli {
  const env = { ...process.env, PATH: NODE_FIRST_PATH, CARDQR: CARDQR_COMMAND, ...opts.env };
  const stdio: StdioOptions = [opts.stdin === null ? 'ignore' : 'pipe', 'pipe', 'pipe'];
  const child: ChildProcess = opts.shell
    ? spawn('bash', ['-c', opts.shell], { env, cwd: opts.cwd ?? ROOT, stdio })
    : spawn(process.execPath, [BIN, ...args], { env, cwd: opts.cwd ?? ROOT, stdio });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  const poke = () => waiters.splice(0).forEach((w) => w());
  child.stdout!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
    poke();
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    err += c;
    poke();
  });
  if (opts.stdin !== null) {
    // A child that never reads its standard input (or has exited already) closes the pipe: EPIPE on
    // our side is its choice, not a failure of the test.
    child.stdin!.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
    });
    child.stdin!.end(opts.stdin ?? '');
  }
  const done = new Promise<SpawnResult>((resolve, reject) => {
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill('SIGKILL');
            reject(new Error(`timed out after ${opts.timeoutMs} ms: ${opts.shell ?? args.join(' ')}\n${out}\n${err}`));
          }, opts.timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      poke();
      resolve({ code, signal, stdout: out, stderr: err });
    });
  });
  const exit = done.then((r) => r.signal ?? r.code ?? -1);
  exit.catch(() => undefined); // a timeout is reported through `done`; awaiting only one of the two is fine
  const waitFor = (re: RegExp, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re} in:\n${out}\n${err}`)), timeoutMs);
      const check = () => {
        if (re.test(out + err)) {
          clearTimeout(timer);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer);
          reject(new Error(`exited before ${re}:\n${out}\n${err}`));
        } else {
          waiters.push(check);
        }
      };
      check();
    });
  return { child, stdout: () => out, stderr: () => err, done, exit, waitFor };
}

const LOCK = join(ROOT, '.tmp', 'build.lock');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function buildIsFresh(): boolean {
  const bundle = join(ROOT, 'dist', 'cli.js');
  if (!existsSync(bundle)) return false;
  const inputs = Math.max(newestSource(join(ROOT, 'src')), statSync(join(ROOT, 'package.json')).mtimeMs);
  return statSync(bundle).mtimeMs >= inputs;
}

/** Builds when dist/ is missing or older than src/. A failed rebuild over an existing dist/ is reported, not fatal. */
export async function ensureFreshBuild(): Promise<void> {
  if (buildIsFresh()) return;
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 300_000)
        rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      if (buildIsFresh()) return; // another test file just built it
    }
  }
  try {
    if (buildIsFresh()) return;
    await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 16 << 20 });
  } catch (e) {
    if (!existsSync(join(ROOT, 'dist', 'cli.js'))) throw e;
    process.stderr.write(
      `warning: rebuilding dist/ failed; testing the existing bundle\n${(e as { stderr?: string }).stderr ?? ''}\n`,
    );
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
