// The "factory": what the process offers every command (streams, clock, profile store), built once.
// Only createDeps() reads `process`. The flags of a run are in the Context (context.ts), built per action.
import { configDir } from './config/paths.js';
import { ProfileStore } from './config/profiles.js';
import { UsageError } from './errors.js';
import { ignoreFileSizeSignal } from './fs/durable.js';
import type { IO } from './io.js';
import { unflaggedMessages } from './output/messages.js';
import { readBounded, type StdinLimits } from './stdin-reader.js';

declare const __CARDQR_VERSION__: string;
export const VERSION = typeof __CARDQR_VERSION__ === 'string' ? __CARDQR_VERSION__ : '0.0.0-dev';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Deps {
  io: IO;
  env: Env;
  now: () => Date;
  /** Monotonic clock for waits, rates, timeouts and durations, in ms (never the wall clock: it can step). */
  clock: () => number;
  /** Waits ms, or less: it returns as soon as `signal` is aborted (every wait is interruptible). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  version: string;
  profiles: () => ProfileStore;
  /** Standard input with bounded memory (stdin-reader.ts); past the limit, a usage error. */
  readStdin: (limits?: StdinLimits) => Promise<string>;
  /**
   * Asks one question on the terminal (stderr) and resolves with the line typed ('' at the end of input);
   * `hidden`: nothing typed is echoed (a key). Rejects with QuestionCancelled on Ctrl-C or a stop.
   * Callers ask only when stdin and stderr are terminals (commands/confirm.ts).
   */
  prompt: (question: string, opts?: { hidden?: boolean }) => Promise<string>;
  /**
   * Marks the command as interrupt-aware: Ctrl-C aborts this signal instead of exiting at once.
   * `say` tells the person so (the Context's Messages, which clears a running spinner around it).
   */
  interruptible: (say?: (notice: string) => void) => AbortSignal;
  /** Aborted once a stop was asked (SIGINT, SIGTERM, SIGHUP): no request starts after it, waits end. */
  stopped: AbortSignal;
}

export interface DepsBase {
  io: IO;
  env: Env;
  now?: () => Date;
  /** Monotonic clock for waits, rates, timeouts and durations, in ms (never the wall clock: it can step). */
  clock?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  readStdin: (limits?: StdinLimits) => Promise<string>;
  prompt?: Deps['prompt'];
  interruptible?: Deps['interruptible'];
  stopped?: AbortSignal;
}

/** Builds Deps around the given streams; the real process and tests differ only in `base`. */
export function buildDeps(base: DepsBase): Deps {
  let store: ProfileStore | undefined;
  return {
    io: base.io,
    env: base.env,
    now: base.now ?? (() => new Date()),
    clock: base.clock ?? monotonicMs(),
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
    stopped: base.stopped ?? new AbortController().signal,
    profiles: () => (store ??= new ProfileStore(configDir(base.env))),
  };
}

/**
 * Milliseconds since the call, monotonic: process.hrtime, not `performance.now()`, whose first use
 * loads perf_hooks (eight of Node's modules) in every run.
 */
function monotonicMs(): () => number {
  const start = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - start) / 1e6;
}

/** setTimeout past 2^31-1 ms fires at once (a retry storm): longer waits are slept in pieces. */
const TIMER_MAX_MS = 2 ** 31 - 1;
export async function safeSleep(ms: number, signal?: AbortSignal): Promise<void> {
  for (let left = Number.isFinite(ms) ? Math.max(0, ms) : TIMER_MAX_MS; left > 0; left -= TIMER_MAX_MS) {
    if (signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(left, TIMER_MAX_MS));
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

export function createDeps(): Deps {
  const { stdout, stderr, env } = process;
  // Standard input is opened on first use only: for a file or /dev/null (cron, CI) process.stdin is a
  // file stream, whose modules (fs streams, fs/promises, readline) most commands never need.
  const io: IO = {
    stdout,
    stderr,
    get stdin() {
      return process.stdin;
    },
    isStdoutTTY: Boolean(stdout.isTTY),
    isStderrTTY: Boolean(stderr.isTTY),
    get isStdinTTY() {
      return Boolean(process.stdin.isTTY);
    },
    columns: stdout.columns || stderr.columns || 80,
    stdoutFd: 1,
  };
  let graceful: AbortController | undefined;
  let say = (notice: string) => unflaggedMessages(io).say(notice);
  const stopping = new AbortController();
  ignoreFileSizeSignal(); // under `ulimit -f` a write then fails with EFBIG (reported) instead of killing us
  // SIGINT (Ctrl-C), SIGTERM (kill, systemd, docker stop) and SIGHUP (terminal closed) alike: an
  // interrupt-aware command finishes the request in flight, records it and prints how to resume; a
  // second signal, or one during a command that is not interrupt-aware, stops at once (128 + signal).
  const onSignal = (name: 'SIGINT' | 'SIGTERM' | 'SIGHUP', status: number) => () => {
    stopping.abort();
    if (graceful && !graceful.signal.aborted) {
      graceful.abort();
      const again = name === 'SIGINT' ? 'Ctrl-C again' : `${name} again`;
      say(
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
    readStdin: (limits) => readBounded(process.stdin, limits),
    // Loaded on the first question only. A stop (SIGTERM, SIGHUP) while it waits ends it, the terminal
    // restored before the signal handler above exits.
    prompt: async (q, opts) => {
      const [{ askOnTerminal }, { displayWidth, loadWidth }] = await Promise.all([
        import('./terminal-question.js'),
        import('./output/width.js'),
      ]);
      await loadWidth();
      return askOnTerminal(q, process.stdin, stderr, {
        hidden: opts?.hidden ?? false,
        signal: stopping.signal,
        width: displayWidth,
      });
    },
    interruptible: (sayNotice) => {
      if (sayNotice) say = sayNotice;
      return (graceful ??= new AbortController()).signal;
    },
    stopped: stopping.signal,
  });
}
