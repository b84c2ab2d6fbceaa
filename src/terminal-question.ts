// One question on a terminal (PRODUCT §15), read through public APIs only: standard input is put in raw
// mode (`tty.ReadStream#setRawMode`) and its keystrokes are read as bytes here, echoed by us for a yes/no
// answer and not at all for a key. Raw mode rather than node:readline (+ mute-stream to hide the key):
// one small reader for both kinds of question, no dependency, no private member patched to silence
// readline's echo, and Ctrl-C, end of input and a stop (SIGTERM) all end the question the same way,
// with the terminal given back as it was found.
//
// Keys: printable text (pasted multi-byte UTF-8 included, split across reads or not; bracketed-paste
// markers and other escape sequences are dropped), Backspace/DEL erases a character, Ctrl-U the whole
// answer, Enter (\r or \n) ends it, Ctrl-D on an empty answer is the end of input (resolves ''), Ctrl-C
// rejects with QuestionCancelled. On every way out (those, the input ending or failing, `signal`
// aborted) raw mode is turned back off, the input is paused (so the process can exit), and a newline
// is written after the answer.
import type { ReadStream } from 'node:tty';
import { QuestionCancelled, UsageError } from './errors.js';
import { KEY_LINE_MAX_BYTES } from './stdin-reader.js';

/** The part of `tty.ReadStream` a question uses (all public). */
export type TerminalInput = Pick<ReadStream, 'on' | 'off' | 'resume' | 'pause' | 'unshift'> &
  Partial<Pick<ReadStream, 'isTTY' | 'isRaw' | 'setRawMode'>>;

export interface TerminalOutput {
  write(text: string): unknown;
}

export interface QuestionOptions {
  /** Echo nothing of the answer (a key). */
  hidden?: boolean;
  /** Ends the question as cancelled (a stop was asked: SIGTERM, SIGHUP, SIGINT from elsewhere). */
  signal?: AbortSignal;
  /** Columns a character takes, for erasing it (default: 1, combining marks 0). */
  width?: (char: string) => number;
  /** Most characters kept (the rest is ignored). */
  maxLength?: number;
}

/** What a run of keystrokes means; `rest` is what came after the end (given back to the input). */
export type Key =
  | { kind: 'text'; text: string }
  | { kind: 'erase' }
  | { kind: 'clear' }
  | { kind: 'enter' }
  | { kind: 'eof' }
  | { kind: 'interrupt' };

/**
 * Turns decoded terminal input into keys. Escape sequences (CSI such as arrows and the bracketed-paste
 * markers `ESC [200~` / `ESC [201~`, SS3, Alt+key) are dropped, also when split across reads.
 */
export class KeyParser {
  private pending = ''; // an escape sequence not finished yet
  private afterCr = false; // a \n right after \r is the same Enter

  feed(text: string): Key[] {
    const keys: Key[] = [];
    let plain = '';
    const flush = () => {
      if (plain) keys.push({ kind: 'text', text: plain });
      plain = '';
    };
    for (const ch of text) {
      if (this.pending) {
        this.pending += ch;
        if (escapeDone(this.pending)) this.pending = '';
        continue;
      }
      const wasCr = this.afterCr;
      this.afterCr = false;
      if (ch === '\x1b') {
        flush();
        this.pending = ch;
      } else if (ch === '\r' || ch === '\n') {
        if (ch === '\n' && wasCr) continue;
        flush();
        this.afterCr = ch === '\r';
        keys.push({ kind: 'enter' });
      } else if (ch === '\x7f' || ch === '\b') {
        flush();
        keys.push({ kind: 'erase' });
      } else if (ch === '\x15') {
        flush();
        keys.push({ kind: 'clear' });
      } else if (ch === '\x03') {
        flush();
        keys.push({ kind: 'interrupt' });
      } else if (ch === '\x04') {
        flush();
        keys.push({ kind: 'eof' });
      } else if (!/^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]$/u.test(ch)) {
        plain += ch;
      }
      // other control characters (Tab, Ctrl-Z, Ctrl-\, C1 codes) are ignored
    }
    flush();
    return keys;
  }
}

/** Whether `seq` (starting with ESC) is a whole escape sequence. */
function escapeDone(seq: string): boolean {
  if (seq.length < 2) return false;
  const second = seq[1];
  if (second === '[') {
    // CSI: parameters and intermediates (0x20-0x3f), then one final byte (0x40-0x7e).
    if (seq.length < 3) return false;
    const last = seq.charCodeAt(seq.length - 1);
    return last >= 0x40 && last <= 0x7e;
  }
  if (second === 'O') return seq.length >= 3; // SS3: one more character (F1-F4, arrows in some modes)
  return true; // Alt+key, or a lone ESC followed by anything
}

const defaultWidth = (ch: string) => (/^\p{M}$/u.test(ch) ? 0 : 1);

/**
 * Asks `question` on `output` and reads one answer from the terminal `input`. Resolves with the answer
 * ('' at the end of input); rejects with QuestionCancelled on Ctrl-C or when `signal` aborts.
 */
export function askOnTerminal(
  question: string,
  input: TerminalInput,
  output: TerminalOutput,
  opts: QuestionOptions = {},
): Promise<string> {
  if (!input.isTTY || typeof input.setRawMode !== 'function')
    return Promise.reject(new UsageError('cannot ask: standard input is not a terminal; pass --yes'));
  if (opts.signal?.aborted) return Promise.reject(new QuestionCancelled());
  const width = opts.width ?? defaultWidth;
  const max = opts.maxLength ?? KEY_LINE_MAX_BYTES;
  const hidden = Boolean(opts.hidden);
  const wasRaw = Boolean(input.isRaw);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const parser = new KeyParser();
  let answer: string[] = [];

  return new Promise<string>((resolve, reject) => {
    let over = false;
    const erase = (chars: string[]) => {
      if (hidden) return;
      const cols = chars.reduce((n, c) => n + width(c), 0);
      if (cols > 0) output.write('\b'.repeat(cols) + ' '.repeat(cols) + '\b'.repeat(cols));
    };
    // Every way out goes through here, once.
    const end = (outcome: { answer: string } | { error: Error }, rest?: string, echo = '') => {
      if (over) return;
      over = true;
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('close', onEnd);
      input.off('error', onError);
      opts.signal?.removeEventListener('abort', onAbort);
      try {
        input.setRawMode!(wasRaw);
      } catch {
        // the terminal is gone (hang-up): nothing left to restore
      }
      input.pause();
      if (rest) input.unshift(Buffer.from(rest, 'utf8'));
      try {
        output.write(`${echo}\n`);
      } catch {
        // as above
      }
      if ('answer' in outcome) resolve(outcome.answer);
      else reject(outcome.error);
    };
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
      // Keys are handled one at a time so that what follows Enter can be given back to the input.
      let consumed = 0;
      for (const ch of text) {
        consumed += ch.length;
        const rest = () => {
          const after = text.slice(consumed);
          return ch === '\r' && after.startsWith('\n') ? after.slice(1) : after;
        };
        for (const key of parser.feed(ch)) {
          switch (key.kind) {
            case 'text': {
              const room = Math.max(0, max - answer.length);
              const added = Array.from(key.text).slice(0, room);
              answer.push(...added);
              if (!hidden && added.length) output.write(added.join(''));
              break;
            }
            case 'erase':
              erase(answer.splice(-1, 1));
              break;
            case 'clear':
              erase(answer);
              answer = [];
              break;
            case 'enter':
              return end({ answer: answer.join('') }, rest());
            case 'eof':
              if (!answer.length) return end({ answer: '' });
              break;
            case 'interrupt':
              return end({ error: new QuestionCancelled() }, undefined, hidden ? '' : '^C');
          }
        }
      }
    };
    const onEnd = () => end({ answer: '' });
    const onError = (error: Error) => end({ error });
    const onAbort = () => end({ error: new QuestionCancelled() });

    // Raw mode first: what is typed once the question shows is never echoed by the terminal (the key).
    try {
      input.setRawMode!(true);
    } catch (e) {
      over = true;
      reject(new UsageError(`cannot ask on this terminal: ${(e as Error).message}; pass --yes`));
      return;
    }
    output.write(question);
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('close', onEnd);
    input.on('error', onError);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    input.resume();
  });
}
