// The one channel for words meant for people: everything goes to stderr through here, so -q, --verbose
// and colour are honoured in one place (stdout carries data only). Every text is escaped here
// (output/sanitize.ts: newlines and tabs kept, other control characters shown as escapes), so an id, a
// URL or a name from the server can never drive the terminal, whichever command prints it.
import type { Writable } from 'node:stream';
import type { IO } from '../io.js';
import type { Paint } from './paint.js';
import { safeText } from './sanitize.js';
import { type Progress, startProgress } from './progress.js';

export interface Messages {
  /** -q was given: success chatter is silent. */
  readonly quiet: boolean;
  /** Success chatter ("saved profile …", "deleted card …", a run's summary): silent with -q. */
  info(text: string): void;
  /** `note: …`: a remark worth reading on success; silent with -q. */
  note(text: string): void;
  /** `warning: …`: something is off though the command goes on; shown even with -q. */
  warn(text: string): void;
  /** Text that must be seen even with -q (what a question is about, a failure, a partial result). */
  say(text: string): void;
  /** Only with --verbose (or CARDQR_DEBUG=1). */
  verbose(text: string): void;
  /**
   * Starts the progress display (output/progress.ts): a spinner on a terminal, a plain line every few
   * seconds otherwise, nothing with -q. Other messages clear the spinner while they print.
   */
  progress(opts: { label?: string; everyMs?: number; now: () => number }): Promise<Progress>;
}

export interface MessageOptions {
  stream: Writable;
  /** stderr is a terminal (status lines are drawn only there). */
  tty: boolean;
  quiet: boolean;
  verbose: boolean;
  paint: Paint;
}

const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export function createMessages(o: MessageOptions): Messages {
  let active: Progress | undefined;
  const out = (text: string) => {
    active?.clear();
    o.stream.write(line(text));
    active?.redraw();
  };
  return {
    quiet: o.quiet,
    info: (text) => {
      if (!o.quiet) out(safeText(text));
    },
    note: (text) => {
      if (!o.quiet) out(`${o.paint('dim', 'note:')} ${safeText(text)}`);
    },
    warn: (text) => out(`${o.paint('yellow', 'warning:')} ${safeText(text)}`),
    say: (text) => out(safeText(text)),
    verbose: (text) => {
      if (o.verbose) out(safeText(text));
    },
    progress: async ({ label, everyMs, now }) => {
      const p = await startProgress({ stream: o.stream, tty: o.tty, quiet: o.quiet, now, label, everyMs });
      active = p;
      return {
        ...p,
        stop: (opts) => {
          p.stop(opts);
          if (active === p) active = undefined;
        },
      };
    },
  };
}

/**
 * Words said before a run's flags are read, or without them: commander's parse errors and the help it
 * shows with one, a stop's notice outside a command. Never quiet (an error must be seen), no colour.
 */
export function unflaggedMessages(io: IO): Messages {
  return createMessages({
    stream: io.stderr,
    tty: io.isStderrTTY,
    quiet: false,
    verbose: false,
    paint: (_hue, text) => text,
  });
}
