// The "factory": what the process offers every command (streams, clock, profile store), built once.
// Only createDeps() reads `process`. The flags of a run are in the Context (context.ts), built per action.
import { configDir } from './config/paths.js';
import { ProfileStore } from './config/profiles.js';
import { UsageError } from './errors.js';
import { ignoreFileSizeSignal } from './fs/durable.js';
import type { IO } from './io.js';
import { readBounded, type StdinLimits } from './stdin-reader.js';

declare const __CARDQR_VERSION__: string;
export const VERSION = typeof __CARDQR_VERSION__ === 'string' ? __CARDQR_VERSION__ : '0.0.0-dev';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Deps {
  io: IO;
  env: Env;
  now: () => Date;
  /** Monotonic-enough clock for pacing and durations, in ms. */
  clock: () => number;
  /** Waits `ms`; ends early (resolves) when `signal` aborts, clearing its timer. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  version: string;
  profiles: () => ProfileStore;
  /** Standard input with bounded memory (stdin-reader.ts); past the limit, a usage error. */
  readStdin: (limits?: StdinLimits) => Promise<string>;
  prompt: (question: string, opts?: { hidden?: boolean }) => Promise<string>;
  /** Marks the command as interrupt-aware: Ctrl-C aborts this signal instead of exiting at once. */
  interruptible: () => AbortSignal;
}

export interface DepsBase {
  io: IO;
  env: Env;
  now?: () => Date;
  /** Monotonic-enough clock for pacing and durations, in ms. */
  clock?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  readStdin: (limits?: StdinLimits) => Promise<string>;
  prompt?: Deps['prompt'];
  interruptible?: () => AbortSignal;
}

/** Builds Deps around the given streams; the real process and tests differ only in `base`. */
export function buildDeps(base: DepsBase): Deps {
  let store: ProfileStore | undefined;
  return {
    io: base.io,
    env: base.env,
    now: base.now ?? (() => new Date()),
    clock: base.clock ?? Date.now,
    sleep: base.sleep ?? safeSleep,
    random: base.random ?? Math.random,
    version: VERSION,
    readStdin: base.readStdin,
    prompt:
      base.prompt ??
      (async () => {
        throw new UsageError('cannot ask: no terminal');
      }),
    interruptible: base.interruptible ?? (() => new AbortController().signal),
    profiles: () => (store ??= new ProfileStore(configDir(base.env))),
  };
}

/** setTimeout past 2^31-1 ms fires at once (a retry storm): longer waits are slept in pieces. */
const TIMER_MAX_MS = 2 ** 31 - 1;
async function safeSleep(ms: number, signal?: AbortSignal): Promise<void> {
  for (let left = Number.isFinite(ms) ? Math.max(0, ms) : TIMER_MAX_MS; left > 0; left -= TIMER_MAX_MS) {
    if (signal?.aborted) return;
    await new Promise<void>((r) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        r();
      };
      const timer = setTimeout(done, Math.min(left, TIMER_MAX_MS));
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

export function createDeps(): Deps {
  const { stdout, stderr, stdin, env } = process;
  const io: IO = {
    stdout,
    stderr,
    stdin,
    isStdoutTTY: Boolean(stdout.isTTY),
    isStderrTTY: Boolean(stderr.isTTY),
    isStdinTTY: Boolean(stdin.isTTY),
    columns: stdout.columns || stderr.columns || 80,
    stdoutFd: 1,
  };
  let graceful: AbortController | undefined;
  ignoreFileSizeSignal(); // under `ulimit -f` a write then fails with EFBIG (reported) instead of killing us
  // SIGINT (Ctrl-C), SIGTERM (kill, systemd, docker stop) and SIGHUP (terminal closed) alike: an
  // interrupt-aware command finishes the request in flight, records it and prints how to resume; a
  // second signal, or one during a command that is not interrupt-aware, stops at once (128 + signal).
  const onSignal = (name: 'SIGINT' | 'SIGTERM' | 'SIGHUP', status: number) => () => {
    if (graceful && !graceful.signal.aborted) {
      graceful.abort();
      const again = name === 'SIGINT' ? 'Ctrl-C again' : `${name} again`;
      stderr.write(
        `\ninterrupted${name === 'SIGINT' ? '' : ` (${name})`}: finishing the request in flight (${again} to stop at once)\n`,
      );
    } else {
      process.exit(status);
    }
  };
  process.on('SIGINT', onSignal('SIGINT', 130));
  process.on('SIGTERM', onSignal('SIGTERM', 143));
  process.on('SIGHUP', onSignal('SIGHUP', 129));
  return buildDeps({
    io,
    env,
    readStdin: (limits) => readBounded(stdin, limits),
    prompt: (q, opts) => promptTerminal(q, stdin, stderr, opts?.hidden ?? false),
    interruptible: () => (graceful ??= new AbortController()).signal,
  });
}

async function promptTerminal(
  question: string,
  input: NodeJS.ReadStream,
  output: NodeJS.WriteStream,
  hidden: boolean,
): Promise<string> {
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input, output, terminal: true });
  if (hidden) {
    // Echo nothing typed after the question (the key must never show on screen).
    const internal = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    internal._writeToOutput = (s: string) => {
      if (!asked) output.write(s);
      asked = true;
    };
  }
  try {
    return await new Promise<string>((resolve) => rl.question(question, resolve));
  } finally {
    if (hidden) output.write('\n');
    rl.close();
  }
}
