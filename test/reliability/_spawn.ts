// The built bin/cardqr as a child process (its own pid, the real clock, real signals), against the
// in-process emulator of the test file. For kill -9 / Ctrl-C and cross-process locks.
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, ROOT } from '../helpers/built-cli.js';
import { tempDir } from '../helpers/run-cli.js';

export interface Spawned {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code, or the signal name when killed. */
  exit: Promise<number | NodeJS.Signals>;
  /** Resolves when stdout+stderr match (checked on every chunk). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<void>;
}

export function spawnCli(args: string[], env: Record<string, string | undefined>): Spawned {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, CARDQR_CONFIG_DIR: tempDir(), NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const waiters: Array<() => void> = [];
  const poke = () => waiters.splice(0).forEach((w) => w());
  child.stdout!.on('data', (c) => {
    out += c;
    poke();
  });
  child.stderr!.on('data', (c) => {
    err += c;
    poke();
  });
  const exit = new Promise<number | NodeJS.Signals>((resolve) => child.on('close', (code, signal) => {
    poke();
    resolve(signal ?? code ?? -1);
  }));
  const waitFor = (re: RegExp, timeoutMs = 20_000) => new Promise<void>((resolve, reject) => {
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
  return { child, stdout: () => out, stderr: () => err, exit, waitFor };
}
