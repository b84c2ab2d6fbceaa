// A command on a real pseudo-terminal (@lydell/node-pty): what a person at a terminal sees and types.
// The program gets a terminal on stdin, stdout and stderr (isTTY, raw mode, echo and signals as the line
// discipline does them), so what the transcript holds is what the program let the terminal echo.
//
//   const t = spawnPty('bash', ['-c', 'cardqr qr delete qr_1; stty -a']);
//   await t.waitFor(/\[y\/N\] $/);
//   t.write('y\r');
//   const status = await t.exit;   // the exit status (or 128 + signal)
//   t.text();                      // the transcript, ANSI stripped, \r\n as \n
import { createRequire } from 'node:module';
import type { IPty } from '@lydell/node-pty';

const { spawn } = createRequire(import.meta.url)('@lydell/node-pty') as typeof import('@lydell/node-pty');

export interface PtyOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  cols?: number;
  rows?: number;
  /** Killed (SIGKILL) after this long; `exit` then rejects with the transcript. Default 20 s. */
  timeoutMs?: number;
}

export interface PtySession {
  pty: IPty;
  /** Everything the terminal showed so far, as written (escape sequences included). */
  raw(): string;
  /** The same without escape sequences, `\r\n` (and lone `\r`) as `\n`. */
  text(): string;
  /** Resolves once text() matches, checked on every chunk; rejects on exit or after `timeoutMs`. */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<void>;
  /** Types on the terminal (raw bytes: '\r' is Enter, '\x03' Ctrl-C, '\x04' Ctrl-D). */
  write(data: string): void;
  /** The exit status (128 + signal when killed by one); rejects when the timeout killed it. */
  exit: Promise<number>;
  kill(signal?: NodeJS.Signals): void;
}

// CSI (with private parameters), OSC (ended by BEL or ST), other two-byte escapes.
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '').replace(/\r+\n/g, '\n').replace(/\r/g, '\n');
}

export function spawnPty(file: string, args: string[], opts: PtyOptions = {}): PtySession {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, TERM: 'xterm-256color', ...opts.env }))
    if (v !== undefined) env[k] = v;
  const pty = spawn(file, args, { cols: opts.cols ?? 100, rows: opts.rows ?? 30, cwd: opts.cwd, env });
  let out = '';
  let exited = false;
  const waiters = new Set<() => void>();
  const poke = () => [...waiters].forEach((w) => w());
  pty.onData((d) => {
    out += d;
    poke();
  });
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const exit = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      pty.kill('SIGKILL');
      reject(new Error(`timed out after ${timeoutMs} ms: ${file} ${args.join(' ')}\n${stripAnsi(out)}`));
    }, timeoutMs);
    pty.onExit(({ exitCode, signal }) => {
      clearTimeout(timer);
      exited = true;
      // Output written just before the exit can arrive after it: give the reader one more turn.
      setTimeout(() => {
        poke();
        resolve(signal ? 128 + signal : exitCode);
      }, 20);
    });
  });
  exit.catch(() => undefined); // reported to whoever awaits it
  const text = () => stripAnsi(out);
  const waitFor = (pattern: RegExp | string, ms = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () => (typeof pattern === 'string' ? text().includes(pattern) : pattern.test(text()));
      const done = (err?: Error) => {
        waiters.delete(check);
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      };
      const check = () => {
        if (matches()) done();
        else if (exited) done(new Error(`exited before ${String(pattern)}:\n${text()}`));
      };
      const timer = setTimeout(() => done(new Error(`timed out waiting for ${String(pattern)}:\n${text()}`)), ms);
      waiters.add(check);
      check();
    });
  return {
    pty,
    raw: () => out,
    text,
    waitFor,
    write: (data) => pty.write(data),
    exit,
    kill: (signal = 'SIGKILL') => pty.kill(signal),
  };
}
