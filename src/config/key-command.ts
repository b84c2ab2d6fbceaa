// `profiles add --api-key-command '<cmd>'`: the profile stores a command, never the key. Each run
// executes it through /bin/sh with a timeout and bounded output; the first line of its stdout is the
// key. Its stderr is read and dropped unseen (a password manager may echo the secret there), and a
// failure is reported with a generic line and the exit status only.
import { spawn } from 'node:child_process';
import { UsageError } from '../errors.js';

export const KEY_COMMAND_TIMEOUT_S = 30;
/** More than this on stdout is not an API key. */
const MAX_STDOUT = 64 * 1024;

export interface KeyCommandOptions {
  /** Profile name, for messages. */
  profile: string;
  timeoutMs: number;
}

export function keyCommandTimeoutMs(env: Readonly<Record<string, string | undefined>>): number {
  const s = Number(env.CARDQR_KEY_COMMAND_TIMEOUT);
  return (Number.isFinite(s) && s > 0 ? s : KEY_COMMAND_TIMEOUT_S) * 1000;
}

export function runKeyCommand(command: string, opts: KeyCommandOptions): Promise<string> {
  const failed = (why: string) =>
    new UsageError(`the API key command of profile "${opts.profile}" ${why}`, [
      'its output is not shown (it could contain the key); run the command yourself to see why (`cardqr profiles show` prints it)',
    ]);
  return new Promise((resolve, reject) => {
    let child: ReturnType<typeof spawn>;
    try {
      // Its own process group, so a timeout also ends whatever the shell started.
      child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    } catch (e) {
      return reject(failed(`could not be started (${(e as NodeJS.ErrnoException).code ?? 'error'})`));
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let problem: string | undefined;
    const kill = (why: string) => {
      problem ??= why;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(() => kill(`did not finish within ${opts.timeoutMs / 1000} s`), opts.timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_STDOUT) return kill(`printed more than ${MAX_STDOUT / 1024} KiB`);
      chunks.push(c);
    });
    child.stderr!.resume(); // read and dropped: never shown
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(failed(`could not be started (${e.code ?? 'error'})`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (problem) return reject(failed(problem));
      if (code !== 0) return reject(failed(code === null ? `was killed by ${signal}` : `failed (exit status ${code})`));
      const key = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0].trim();
      if (!key) return reject(failed('printed no key on its first line'));
      if (/\s/.test(key)) return reject(failed('printed a first line with white space in it, which is not an API key'));
      resolve(key);
    });
  });
}
