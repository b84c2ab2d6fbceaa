// Progress on stderr: an ora spinner on a terminal, a plain line every few seconds otherwise,
// nothing with --quiet. Done/total, created/exists/failed, rate and ETA.
import type { Writable } from 'node:stream';
import { duration, type Tally } from './summary.js';

export interface ProgressOptions {
  stream: Writable;
  tty: boolean;
  quiet: boolean;
  /** ms clock (the deps clock, so tests never wait). */
  now: () => number;
  total: number;
  label: string;
  /** Plain lines at most this often without a terminal (default 5 s). */
  everyMs?: number;
}

export interface Progress {
  update(tally: Tally): void;
  stop(): void;
}

export function progressText(tally: Tally, total: number, elapsedMs: number): string {
  const done = tally.done;
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const o = tally.outcomes;
  const parts = [`${done}/${total} rows`, `${o.created} created`, `${o.exists} exists`, `${o.failed} failed`];
  if (o.invalid) parts.push(`${o.invalid} invalid`);
  if (o.skipped) parts.push(`${o.skipped} checked`);
  if (rate > 0) parts.push(`${rate >= 10 ? rate.toFixed(0) : rate.toFixed(1)} rows/s`, `ETA ${duration((total - done) / rate)}`);
  return parts.join(' · ');
}

export async function startProgress(opts: ProgressOptions): Promise<Progress> {
  const started = opts.now();
  if (opts.quiet) return { update: () => {}, stop: () => {} };
  if (opts.tty) {
    const { default: ora } = await import('ora');
    const spinner = ora({ stream: opts.stream as NodeJS.WritableStream, isEnabled: true, discardStdin: false, text: `${opts.label}: starting` }).start();
    let last: Tally | undefined;
    return {
      update: (t) => {
        last = t;
        spinner.text = `${opts.label}: ${progressText(t, opts.total, opts.now() - started)}`;
      },
      stop: () => {
        if (last) spinner.stopAndPersist({ symbol: '', text: `${opts.label}: ${progressText(last, opts.total, opts.now() - started)}` });
        else spinner.stop();
      },
    };
  }
  const every = opts.everyMs ?? 5000;
  let lastAt = started;
  return {
    update: (t) => {
      const now = opts.now();
      if (now - lastAt < every) return;
      lastAt = now;
      opts.stream.write(`${opts.label}: ${progressText(t, opts.total, now - started)}\n`);
    },
    stop: () => {},
  };
}
