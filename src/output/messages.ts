// The one channel for words meant for people: everything goes to stderr through here, so -q, --verbose
// and colour are honoured in one place (stdout carries data only). Text from outside (server messages,
// names typed by strangers) is escaped by the caller with output/sanitize.ts before it gets here.
import type { Writable } from 'node:stream';
import type { Paint } from './paint.js';

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
  /** A status line redrawn in place on a terminal (`[3/10] …`); nothing off a terminal or with -q. */
  status(text: string): void;
  /** Erases the status line, if one is shown (before other text, and at the end). */
  clearStatus(): void;
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
  let statusShown = false;
  const out = (text: string) => {
    clearStatus();
    o.stream.write(line(text));
  };
  function clearStatus(): void {
    if (!statusShown) return;
    o.stream.write('\r\x1b[K');
    statusShown = false;
  }
  return {
    quiet: o.quiet,
    info: (text) => {
      if (!o.quiet) out(text);
    },
    note: (text) => {
      if (!o.quiet) out(`${o.paint('dim', 'note:')} ${text}`);
    },
    warn: (text) => out(`${o.paint('yellow', 'warning:')} ${text}`),
    say: out,
    verbose: (text) => {
      if (o.verbose) out(text);
    },
    status: (text) => {
      if (!o.tty || o.quiet) return;
      o.stream.write(`\r\x1b[K${text}`);
      statusShown = true;
    },
    clearStatus,
  };
}
