// --exec: `/bin/sh -c '<cmd>'` once per delivery, the JSON on stdin, CARDQR_LEAD_ID or CARDQR_DELIVERY_ID (and
// CARDQR_DELIVERY_TYPE) set; exit 0 = delivered. Exit 75 (EX_TEMPFAIL), a timeout, a kill or a shell that
// cannot start say the target is down; any other exit status refuses this lead (deliver.ts). The command runs in its own process group, killed
// whole when it outlives the delivery timeout (a failed attempt). The API key and the forward secret
// are not passed on.
import { spawn } from 'node:child_process';
import { DeliveryFailure, type Target } from './deliver.js';

export interface ExecTargetOptions {
  command: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  /** What the command writes on stdout and stderr (shown on ours, as words). */
  onOutput?: (text: string) => void;
}

const SECRET_VARS = ['CARDQR_API_KEY', 'CARDQR_FORWARD_SECRET'];
const TAIL = 400;
/** sysexits.h: a temporary failure, try again later (the command's way to say "down"). */
const EX_TEMPFAIL = 75;

export function execTarget(o: ExecTargetOptions): Target {
  return {
    describe: `sh -c ${JSON.stringify(o.command)}`,
    retries: true,
    recorded: { exec: o.command },
    send: (body, delivery) =>
      new Promise<void>((resolve, reject) => {
        const env: Record<string, string> = {};
        for (const [k, v] of Object.entries(o.env)) if (v !== undefined && !SECRET_VARS.includes(k)) env[k] = v;
        if ('lead' in delivery) env.CARDQR_LEAD_ID = delivery.lead.id;
        else env.CARDQR_DELIVERY_ID = delivery.deliveryId;
        env.CARDQR_DELIVERY_TYPE = delivery.type;
        const child = spawn('/bin/sh', ['-c', o.command], { env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
        let tail = '';
        let timedOut = false;
        const killGroup = () => {
          try {
            if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        };
        const timer = setTimeout(() => {
          timedOut = true;
          killGroup();
        }, o.timeoutMs);
        const onData = (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          tail = (tail + text).slice(-TAIL);
          o.onOutput?.(text);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.stdin.on('error', () => undefined); // a command that does not read its stdin
        child.stdin.end(`${body}\n`);
        child.on('error', (err) => {
          clearTimeout(timer);
          reject(new DeliveryFailure(`could not run /bin/sh: ${err.message}`, 'down'));
        });
        // Settled on 'close' (the output read to its end); children it left behind may hold the pipes
        // open, so they are closed a moment after the command itself exited.
        let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
        child.on('exit', (code, signal) => {
          clearTimeout(timer);
          exited = { code, signal };
          setTimeout(() => {
            child.stdout.destroy();
            child.stderr.destroy();
          }, 200).unref();
        });
        child.on('close', () => {
          if (!exited) return;
          const { code, signal } = exited;
          const said = tail.trim() ? `: ${tail.trim().split('\n').at(-1)}` : '';
          if (timedOut)
            reject(new DeliveryFailure(`no exit after ${o.timeoutMs / 1000} s: process group killed`, 'down'));
          else if (code === 0) resolve();
          else if (code !== null)
            reject(new DeliveryFailure(`exit ${code}${said}`, code === EX_TEMPFAIL ? 'down' : 'refused'));
          else reject(new DeliveryFailure(`killed by ${signal}${said}`, 'down'));
        });
      }),
  };
}
