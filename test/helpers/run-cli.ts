// Runs the real CLI entry point in-process with test streams. Never mocks HTTP: tests point
// the CLI at the emulator over 127.0.0.1.
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli.js';
import { buildDeps, type Deps } from '../../src/deps.js';
import type { IO } from '../../src/io.js';
import type { RunF } from '../../src/commands/model/run.js';

export interface RunOptions {
  /** Emulator to talk to: sets base URL, the key (default `full`), and a virtual clock for waits. */
  emu?: { baseUrl: string; keys: Record<string, string>; advanceTime(ms: number): void; now(): number };
  key?: string | null;
  env?: Record<string, string | undefined>;
  stdin?: string;
  tty?: boolean | { stdout?: boolean; stderr?: boolean; stdin?: boolean };
  /** Answers to prompts, in order; an Error is thrown by the prompt instead (`new QuestionCancelled()`: Ctrl-C). */
  answers?: Array<string | Error>;
  configDir?: string;
  columns?: number;
  now?: Date;
  /** The wall clock (timestamps, Retry dates) when it must differ from the emulator's: a clock stepped mid-run. */
  wallClock?: () => number;
  /** Aborts the command's interrupt signal (simulated Ctrl-C) when this resolves. */
  interruptAfter?: Promise<unknown>;
  /**
   * Also called for every wait, after the virtual clock moved: lets a bounded amount of real time pass
   * where the server works in real time (the emulator's `slow` fault), e.g. `(ms) => realWait(Math.min(ms, 100))`.
   * `signal` is the wait's abort signal (a stop was asked): a wait must end once it is aborted.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The seam between parsing and running (model/run.ts): the parsed command goes here instead of running. */
  runF?: RunF;
  /** Sees stdout as it is written (a server's start line, read while it runs). */
  onStdout?: (chunk: string) => void;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  exitCode: number;
  /** Every wait the client asked for (retries, pacing), in ms. */
  sleeps: number[];
  prompts: string[];
}

import { join } from 'node:path';
import { removeTempDir, tempDir } from './temp-dirs.js';

export { removeTempDir, tempDir };

export async function runCli(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => {
    out += c;
    opts.onStdout?.(String(c));
  });
  stderr.on('data', (c) => (err += c));
  const tty = typeof opts.tty === 'object' ? opts.tty : { stdout: opts.tty, stderr: opts.tty, stdin: opts.tty };
  const io: IO = {
    stdout,
    stderr,
    stdin: Readable.from(opts.stdin !== undefined ? [opts.stdin] : []),
    isStdoutTTY: Boolean(tty.stdout),
    isStderrTTY: Boolean(tty.stderr),
    isStdinTTY: Boolean(tty.stdin),
    columns: opts.columns ?? 100,
  };
  const emu = opts.emu;
  const ownConfig =
    opts.configDir === undefined && opts.env?.CARDQR_CONFIG_DIR === undefined ? tempDir('cardqr-cfg-') : undefined;
  const env: Record<string, string | undefined> = {
    CARDQR_CONFIG_DIR: opts.configDir ?? ownConfig,
    // The journal of lost writes (and other state) stays with the run's config folder, never in the home folder.
    CARDQR_STATE_DIR: join(opts.configDir ?? opts.env?.CARDQR_CONFIG_DIR ?? ownConfig!, 'state'),
    // And the data (the scan history store).
    CARDQR_DATA_DIR: join(opts.configDir ?? opts.env?.CARDQR_CONFIG_DIR ?? ownConfig!, 'data'),
    ...(emu ? { CARDQR_BASE_URL: emu.baseUrl } : {}),
    ...(emu && opts.key !== null ? { CARDQR_API_KEY: opts.key ?? emu.keys.full } : {}),
    ...opts.env,
  };
  const sleeps: number[] = [];
  const prompts: string[] = [];
  const answers = [...(opts.answers ?? [])];
  const controller = new AbortController();
  void opts.interruptAfter?.then(() => controller.abort());
  const deps: Deps = buildDeps({
    io,
    env,
    now: opts.wallClock
      ? () => new Date(opts.wallClock!())
      : opts.now
        ? () => opts.now as Date
        : emu
          ? () => new Date(emu.now())
          : undefined,
    clock: emu ? () => emu.now() : undefined,
    // No test waits on real time: a wait moves the emulator's clock instead.
    sleep: async (ms, signal) => {
      sleeps.push(ms);
      if (signal?.aborted) return;
      emu?.advanceTime(ms);
      await opts.sleep?.(ms, signal);
    },
    random: () => 0.5,
    readStdin: async () => opts.stdin ?? '',
    prompt: async (q) => {
      prompts.push(q);
      const answer = answers.shift() ?? '';
      if (answer instanceof Error) throw answer;
      return answer;
    },
    interruptible: () => controller.signal,
    stopped: controller.signal,
  });
  const exitCode = await main(args, deps, { runF: opts.runF }).finally(() => ownConfig && removeTempDir(ownConfig));
  stdout.end();
  stderr.end();
  return { stdout: out, stderr: err, exitCode, sleeps, prompts };
}

/** Parses stdout as JSON, failing with both streams shown. */
export function json<T = any>(r: RunResult): T {
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${r.exitCode}).\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
  }
}

/** What argv parses to for a command defined as data, without running it: its input, or the refusal (stderr, exit). */
export async function inputOf(
  args: string[],
  opts: RunOptions = {},
): Promise<{ path?: string; input?: Record<string, unknown>; stderr: string; exitCode: number }> {
  let seen: { path: string; input: Record<string, unknown> } | undefined;
  const r = await runCli(args, { ...opts, runF: (p) => void (seen = { path: p.path, input: p.input }) });
  return { ...seen, stderr: r.stderr, exitCode: r.exitCode };
}
