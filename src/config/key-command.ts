// `profiles add --api-key-command '<cmd>'`: the profile stores a command, never the key. Each run
// executes it through /bin/sh with a timeout and bounded output; the first line of its stdout is the
// key. Its stderr is read and dropped unseen (a password manager may echo the secret there), and a
// failure is reported with a generic line and the exit status only.
import { spawn } from 'node:child_process';
import { UsageError } from '../errors.js';

export const KEY_COMMAND_TIMEOUT_S = 30;
/** More than this on stdout is not an API key. */
const MAX_STDOUT = 64 * 1024;
/** After the command exits, how long its output may still take to arrive through a pipe a daemon holds open. */
const EXIT_GRACE_MS = 250;

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
    let settled = false;
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    // Ends the run without waiting for 'close': a daemon the command started (`setsid … &`) may hold
    // its stdout open for as long as it lives. The pipes are destroyed so nothing keeps us waiting.
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      child.stdout!.destroy();
      child.stderr!.destroy();
      child.unref();
      outcome();
    };
    const kill = (why: string) => {
      problem ??= why;
      killGroup();
      finish(() => reject(failed(problem!)));
    };
    const timer = setTimeout(() => kill(`did not finish within ${opts.timeoutMs / 1000} s`), opts.timeoutMs);
    let grace: NodeJS.Timeout | undefined;
    child.stdout!.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_STDOUT) return kill(`printed more than ${MAX_STDOUT / 1024} KiB`);
      chunks.push(c);
    });
    child.stderr!.resume(); // read and dropped: never shown
    child.on('error', (e: NodeJS.ErrnoException) => {
      finish(() => reject(failed(`could not be started (${e.code ?? 'error'})`)));
    });
    const conclude = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(() => {
        if (problem) return reject(failed(problem));
        if (code !== 0)
          return reject(failed(code === null ? `was killed by ${signal}` : `failed (exit status ${code})`));
        const key = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0].trim();
        if (!key) return reject(failed('printed no key on its first line'));
        if (/\s/.test(key))
          return reject(failed('printed a first line with white space in it, which is not an API key'));
        resolve(key);
      });
    // The command's own exit decides; output still in the pipe gets a moment to arrive ('close' ends
    // that moment early when nothing else holds the pipe).
    child.on('exit', (code, signal) => {
      grace = setTimeout(() => {
        killGroup(); // what it left behind in its group holds the pipe: ended (one in its own session is not ours)
        conclude(code, signal);
      }, EXIT_GRACE_MS);
      child.on('close', () => conclude(code, signal));
    });
  });
}
