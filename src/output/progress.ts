// The one progress display on stderr: a spinner on a terminal, a plain line every few seconds otherwise
// (so a log shows a long run is alive), nothing with -q. Made through the message channel
// (messages.ts), which clears the spinner around any other text.
import type { Writable } from 'node:stream';
import { safeLine } from './sanitize.js';

export interface ProgressOptions {
  stream: Writable;
  tty: boolean;
  quiet: boolean;
  /** ms clock (the deps clock, so tests never wait). */
  now: () => number;
  /** Printed before the text: `import: 3/10 rows …`. */
  label?: string;
  /** Plain lines at most this often without a terminal (default 5 s). */
  everyMs?: number;
}

/** The text of a progress line; a function gets the time since the start (for rates and ETAs). */
export type ProgressText = string | ((elapsedMs: number) => string);

export interface Progress {
  update(text: ProgressText): void;
  /** Erases the spinner line for a moment (before other output to the same terminal). */
  clear(): void;
  /** Draws it again after clear(). */
  redraw(): void;
  /** Ends the display; `keep` leaves the last text on screen (a terminal only). */
  stop(opts?: { keep?: boolean }): void;
}

const NONE: Progress = { update: () => {}, clear: () => {}, redraw: () => {}, stop: () => {} };

export async function startProgress(o: ProgressOptions): Promise<Progress> {
  if (o.quiet) return NONE;
  const started = o.now();
  const prefix = o.label ? `${o.label}: ` : '';
  let last: ProgressText | undefined;
  // Progress may name a file whose name came from the server: escaped like every message.
  const text = (t: ProgressText) => safeLine(prefix + (typeof t === 'function' ? t(o.now() - started) : t));
  if (o.tty) {
    const { default: ora } = await import('ora');
    const spinner = ora({
      stream: withSaneColumns(o.stream) as NodeJS.WritableStream,
      isEnabled: true,
      discardStdin: false,
      text: o.label ? `${prefix}starting` : '',
    }).start();
    return {
      update: (t) => {
        last = t;
        spinner.text = text(t);
        spinner.render(); // now, not at the next frame: a fast run still shows where it is
      },
      clear: () => spinner.clear(),
      redraw: () => spinner.render(),
      stop: (opts) => {
        if (opts?.keep && last !== undefined) spinner.stopAndPersist({ symbol: '', text: text(last) });
        else spinner.stop();
      },
    };
  }
  const every = o.everyMs ?? 5000;
  let lastAt = started;
  return {
    update: (t) => {
      const now = o.now();
      if (now - lastAt < every) return;
      lastAt = now;
      o.stream.write(`${text(t)}\n`);
    },
    clear: () => {},
    redraw: () => {},
    stop: () => {},
  };
}

/**
 * The stream as ora sees it, with a usable width: a terminal that reports 0 columns (`script` without
 * a size, some CI sessions) made ora count Infinity lines to erase and loop writing escapes forever.
 * A width that is not a positive number is read as 80.
 */
export function withSaneColumns(stream: Writable): Writable {
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === 'columns') {
        const c = (target as { columns?: unknown }).columns;
        return typeof c === 'number' && Number.isFinite(c) && c >= 1 ? Math.floor(c) : 80;
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
