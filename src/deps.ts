// The "factory": everything a command needs, built once. Only createDeps() reads `process`.
import type { ApiClient } from './api/client.js';
import { configDir } from './config/paths.js';
import { ProfileStore } from './config/profiles.js';
import {
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_S,
  type GlobalOptions,
  keyCommandNeeded,
  resolveProfile,
  resolveSettings,
  type Settings,
} from './config/settings.js';
import { UsageError } from './errors.js';
import { ignoreFileSizeSignal } from './fs/durable.js';
import type { IO } from './io.js';

declare const __CARDQR_VERSION__: string;
export const VERSION = typeof __CARDQR_VERSION__ === 'string' ? __CARDQR_VERSION__ : '0.0.0-dev';

export type Env = Readonly<Record<string, string | undefined>>;

export interface Deps {
  io: IO;
  env: Env;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  version: string;
  /** Global flags, filled in by the root command before any action runs. */
  globals: GlobalOptions;
  profiles: () => ProfileStore;
  settings: () => Promise<Settings>;
  /** True once settings() has been asked for (error reports then name the profile and base URL). */
  settingsResolved: () => boolean;
  /** The one API client, built on first use (so --help never builds it). */
  api: () => Promise<ApiClient>;
  /** A client for other credentials (profiles add verifies a key before storing it). */
  clientFor: (baseUrl: string, apiKey: string, requestsPerMinute?: number) => Promise<ApiClient>;
  readStdin: () => Promise<string>;
  prompt: (question: string, opts?: { hidden?: boolean }) => Promise<string>;
  /** Marks the command as interrupt-aware: Ctrl-C aborts this signal instead of exiting at once. */
  interruptible: () => AbortSignal;
  /** Closes what was opened (the client's sockets). */
  dispose: () => Promise<void>;
}

export interface DepsBase {
  io: IO;
  env: Env;
  now?: () => Date;
  /** Monotonic-enough clock for pacing and durations, in ms. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  readStdin: () => Promise<string>;
  prompt?: Deps['prompt'];
  interruptible?: () => AbortSignal;
}

/** Builds Deps around the given streams; the real process and tests differ only in `base`. */
export function buildDeps(base: DepsBase): Deps {
  let store: ProfileStore | undefined;
  let settings: Promise<Settings> | undefined;
  let client: Promise<ApiClient> | undefined;
  const sleep = base.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const clock = base.clock ?? Date.now;
  const deps: Deps = {
    io: base.io,
    env: base.env,
    now: base.now ?? (() => new Date()),
    sleep,
    random: base.random ?? Math.random,
    version: VERSION,
    globals: {},
    readStdin: base.readStdin,
    prompt: base.prompt ?? (async () => {
      throw new UsageError('cannot ask: no terminal');
    }),
    interruptible: base.interruptible ?? (() => new AbortController().signal),
    profiles: () => (store ??= new ProfileStore(configDir(base.env))),
    settingsResolved: () => settings !== undefined,
    settings: () =>
      (settings ??= (async () => {
        const stdinKey = deps.globals.apiKeyStdin ? await readKeyFromStdin(deps) : undefined;
        const warning = deps.profiles().permissionWarning();
        if (warning) deps.io.stderr.write(`${warning}\n`);
        const profile = resolveProfile(deps.globals, deps.env, deps.profiles());
        let commandKey: string | undefined;
        if (keyCommandNeeded(profile, deps.env, stdinKey)) {
          const { runKeyCommand, keyCommandTimeoutMs } = await import('./config/key-command.js');
          commandKey = await runKeyCommand(profile.keyCommand, { profile: profile.name, timeoutMs: keyCommandTimeoutMs(deps.env) });
        }
        return resolveSettings(deps.globals, deps.env, deps.profiles(), stdinKey, commandKey);
      })()),
    clientFor: async (baseUrl, apiKey, requestsPerMinute) => {
      const { ApiClient } = await import('./api/client.js');
      const g = deps.globals;
      const verbose = Boolean(g.verbose) || deps.env.CARDQR_DEBUG === '1';
      return new ApiClient({
        baseUrl,
        apiKey,
        userAgent: `cardqr/${VERSION}`,
        timeoutMs: (g.timeout ?? DEFAULT_TIMEOUT_S) * 1000,
        maxRetries: g.maxRetries ?? DEFAULT_MAX_RETRIES,
        requestsPerMinute,
        sleep,
        now: clock,
        random: deps.random,
        debug: verbose ? (line) => deps.io.stderr.write(`[debug] ${line}\n`) : undefined,
        notice: (line) => deps.io.stderr.write(`${line}\n`),
      });
    },
    api: () =>
      (client ??= deps.settings().then((s) => deps.clientFor(s.baseUrl, s.apiKey, s.requestsPerMinute))),
    dispose: async () => {
      if (client) await (await client.catch(() => undefined))?.close();
    },
  };
  return deps;
}

async function readKeyFromStdin(deps: Deps): Promise<string> {
  const key = (await deps.readStdin()).split(/\r?\n/)[0]?.trim();
  if (!key) throw new UsageError('--api-key-stdin: standard input held no key');
  return key;
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
      stderr.write(`\ninterrupted${name === 'SIGINT' ? '' : ` (${name})`}: finishing the request in flight (${again} to stop at once)\n`);
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
    readStdin: () => readAll(stdin),
    prompt: (q, opts) => promptTerminal(q, stdin, stderr, opts?.hidden ?? false),
    interruptible: () => (graceful ??= new AbortController()).signal,
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
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
