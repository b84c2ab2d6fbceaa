// The terminal question reader (src/terminal-question.ts) on a fake terminal: what each key does, what is
// echoed, and that the terminal is given back (raw mode off, input paused, a newline) on every way out.
// The same reader on a real pseudo-terminal, through the built CLI: test/smoke/questions-pty.test.ts.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isYes } from '../src/commands/confirm.js';
import { QuestionCancelled, UsageError } from '../src/errors.js';
import { askOnTerminal, KeyParser, type TerminalInput } from '../src/terminal-question.js';

interface FakeTerminal {
  input: PassThrough & { isTTY: boolean; isRaw: boolean; setRawMode(mode: boolean): void };
  rawCalls: boolean[];
  written: () => string;
  output: { write(text: string): boolean };
}

function fakeTerminal(): FakeTerminal {
  const rawCalls: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode(mode: boolean) {
      rawCalls.push(mode);
      input.isRaw = mode;
    },
  });
  let out = '';
  return {
    input,
    rawCalls,
    written: () => out,
    output: {
      write: (t: string) => {
        out += t;
        return true;
      },
    },
  };
}

/** Asks, then types `keys` (each string one read), and returns the outcome with the terminal's state after. */
async function ask(keys: Array<string | Buffer>, opts: Parameters<typeof askOnTerminal>[3] = {}, t = fakeTerminal()) {
  const answer = askOnTerminal('Q? ', t.input as unknown as TerminalInput, t.output, opts).then(
    (value): { value?: string; error?: unknown } => ({ value }),
    (error: unknown): { value?: string; error?: unknown } => ({ error }),
  );
  for (const k of keys) {
    t.input.write(k);
    await new Promise((r) => setImmediate(r));
  }
  const outcome = await answer;
  return { ...outcome, shown: t.written(), raw: t.input.isRaw, rawCalls: t.rawCalls, paused: t.input.isPaused() };
}

describe('askOnTerminal', () => {
  it('reads a line in raw mode, echoes it, and gives the terminal back', async () => {
    const r = await ask(['y', '\r']);
    expect(r).toEqual({ value: 'y', shown: 'Q? y\n', raw: false, rawCalls: [true, false], paused: true });
  });

  it('hidden: echoes nothing typed, only the newline after it', async () => {
    const r = await ask(['cq_live_', 'secret', '\r'], { hidden: true });
    expect(r).toMatchObject({ value: 'cq_live_secret', shown: 'Q? \n', raw: false, paused: true });
  });

  it('multi-byte UTF-8 split across reads, and a paste in bracketed-paste markers', async () => {
    const e = Buffer.from('é');
    expect((await ask([Buffer.from([0x61, e[0]]), Buffer.from([e[1], 0x0d])])).value).toBe('aé');
    expect((await ask(['\x1b[200~cq_live_abc€\x1b[201~', '\r'], { hidden: true })).value).toBe('cq_live_abc€');
    // A sequence split across reads is still dropped whole; arrows and Alt+key are ignored.
    expect((await ask(['ab\x1b[', '201~c\x1b[D\x1bOA\x1bxd\r'])).value).toBe('abcd');
  });

  it('Backspace and DEL erase a character (on screen too, by its width), Ctrl-U the whole answer', async () => {
    const r = await ask(['yx\x7f', 'es\b', '\r']);
    expect(r).toMatchObject({ value: 'ye', shown: 'Q? yx\b \bes\b \b\n' });
    const wide = await ask(['日本\x7f\r'], { width: (c) => (c === '日' || c === '本' ? 2 : 1) });
    expect(wide).toMatchObject({ value: '日', shown: 'Q? 日本\b\b  \b\b\n' });
    expect((await ask(['nope\x15y\r'])).value).toBe('y');
    expect((await ask(['key\x15\r'], { hidden: true })).shown).toBe('Q? \n');
    expect((await ask(['\x7f\x7fy\r'])).value).toBe('y'); // nothing to erase: nothing happens
  });

  it('Enter is \\r or \\n; what follows is given back to the input (a \\n right after \\r is the same Enter)', async () => {
    const t = fakeTerminal();
    expect((await ask(['y\r\nn\r'], {}, t)).value).toBe('y');
    expect((await ask([], {}, t)).value).toBe('n');
    expect((await ask(['yes\n'])).value).toBe('yes');
  });

  it('Ctrl-D: the end of input on an empty answer (""), ignored after text', async () => {
    expect(await ask(['\x04'])).toMatchObject({ value: '', shown: 'Q? \n', raw: false, paused: true });
    expect((await ask(['y\x04\r'])).value).toBe('y');
  });

  it('Ctrl-C: QuestionCancelled, terminal restored', async () => {
    const r = await ask(['ye\x03'], {});
    expect(r).toMatchObject({ shown: 'Q? ye^C\n', raw: false, paused: true });
    expect((r as { error: unknown }).error).toBeInstanceOf(QuestionCancelled);
    const hidden = await ask(['cq_\x03'], { hidden: true });
    expect(hidden).toMatchObject({ shown: 'Q? \n', raw: false, error: expect.any(QuestionCancelled) });
  });

  it('the input ending or failing, or a stop while waiting, also restore the terminal', async () => {
    const t = fakeTerminal();
    const ended = askOnTerminal('Q? ', t.input as unknown as TerminalInput, t.output);
    t.input.end('ye');
    expect(await ended).toBe('');
    expect([t.input.isRaw, t.written()]).toEqual([false, 'Q? ye\n']);

    const f = fakeTerminal();
    const failed = askOnTerminal('Q? ', f.input as unknown as TerminalInput, f.output, { hidden: true });
    f.input.emit('error', new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    expect([f.input.isRaw, f.input.isPaused(), f.written()]).toEqual([false, true, 'Q? \n']);

    const s = fakeTerminal();
    const stop = new AbortController();
    const stopped = askOnTerminal('Q? ', s.input as unknown as TerminalInput, s.output, { signal: stop.signal });
    stop.abort();
    await expect(stopped).rejects.toBeInstanceOf(QuestionCancelled);
    expect([s.input.isRaw, s.input.isPaused(), s.written(), s.input.listenerCount('data')]).toEqual([
      false,
      true,
      'Q? \n',
      0,
    ]);
    // Already stopped: nothing asked.
    const again = fakeTerminal();
    await expect(
      askOnTerminal('Q? ', again.input as unknown as TerminalInput, again.output, { signal: stop.signal }),
    ).rejects.toBeInstanceOf(QuestionCancelled);
    expect([again.written(), again.rawCalls]).toEqual(['', []]);
  });

  it('a terminal already in raw mode stays in it; an input that is not a terminal is refused', async () => {
    const t = fakeTerminal();
    t.input.isRaw = true;
    expect(await ask(['y\r'], {}, t)).toMatchObject({ value: 'y', raw: true, rawCalls: [true, true] });
    const pipe = Object.assign(new PassThrough(), { isTTY: false });
    await expect(askOnTerminal('Q? ', pipe as unknown as TerminalInput, { write: () => true })).rejects.toBeInstanceOf(
      UsageError,
    );
    const broken = fakeTerminal();
    broken.input.setRawMode = () => {
      throw new Error('EIO');
    };
    await expect(askOnTerminal('Q? ', broken.input as unknown as TerminalInput, broken.output)).rejects.toThrow(
      /cannot ask/,
    );
    expect(broken.input.listenerCount('data')).toBe(0);
  });

  it('control characters other than the keys above are ignored; the answer is bounded', async () => {
    expect((await ask(['\ty\x1a\x1c\u0085\r'])).value).toBe('y');
    expect((await ask(['abcdef\r'], { maxLength: 3 })).value).toBe('abc');
  });
});

describe('KeyParser', () => {
  it('turns input into keys', () => {
    expect(new KeyParser().feed('ab\x7f\x15c\x04\x03\r\n\n')).toEqual([
      { kind: 'text', text: 'ab' },
      { kind: 'erase' },
      { kind: 'clear' },
      { kind: 'text', text: 'c' },
      { kind: 'eof' },
      { kind: 'interrupt' },
      { kind: 'enter' },
      { kind: 'enter' },
    ]);
  });
});

describe('isYes (PRODUCT §15)', () => {
  it.each([
    ['y', true],
    ['Y', true],
    ['yes', true],
    [' YES ', true],
    ['yEs\t', true],
    ['y es', true],
    ['', false],
    ['n', false],
    ['no', false],
    ['yess', false],
    ['ja', false],
    ['1', false],
    ['yes please', false],
  ])('%j → %s', (answer, yes) => {
    expect(isYes(answer)).toBe(yes);
  });
});
