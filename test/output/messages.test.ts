// The one stderr channel: -q silences success chatter but never a warning, --verbose lines appear only
// when asked for, and the labels are painted only when colour is on.
import { describe, expect, test } from 'vitest';
import { createMessages } from '../../src/output/messages.js';
import { loadPaint } from '../../src/output/paint.js';
import { memoryStream } from './_io.js';

async function messages(opts: { quiet?: boolean; verbose?: boolean; color?: boolean } = {}) {
  const stream = memoryStream();
  const msg = createMessages({
    stream,
    tty: false,
    quiet: Boolean(opts.quiet),
    verbose: Boolean(opts.verbose),
    paint: await loadPaint(Boolean(opts.color)),
  });
  const speak = () => {
    msg.info('saved profile prod');
    msg.note('took over a stale lock');
    msg.warn('the config file is readable by others');
    msg.say('nothing was sent\n');
    msg.verbose('[debug] GET /me');
  };
  return { msg, stream, speak };
}

describe('createMessages', () => {
  test('everything but --verbose lines by default, one line each', async () => {
    const { msg, stream, speak } = await messages();
    speak();
    expect(msg.quiet).toBe(false);
    expect(stream.text()).toBe(
      'saved profile prod\nnote: took over a stale lock\nwarning: the config file is readable by others\nnothing was sent\n',
    );
  });

  test('-q: warnings and what must be seen only', async () => {
    const { msg, stream, speak } = await messages({ quiet: true });
    speak();
    expect(msg.quiet).toBe(true);
    expect(stream.text()).toBe('warning: the config file is readable by others\nnothing was sent\n');
  });

  test('--verbose adds its lines (and -q still keeps them, it is asked for)', async () => {
    const loud = await messages({ verbose: true });
    loud.speak();
    expect(loud.stream.text()).toContain('[debug] GET /me\n');
    const both = await messages({ verbose: true, quiet: true });
    both.speak();
    expect(both.stream.text()).toBe(
      'warning: the config file is readable by others\nnothing was sent\n[debug] GET /me\n',
    );
  });

  test('colour on: the labels are painted, the text is not', async () => {
    const { stream, speak } = await messages({ color: true });
    speak();
    expect(stream.text()).toBe(
      'saved profile prod\n\u001b[2mnote:\u001b[22m took over a stale lock\n\u001b[33mwarning:\u001b[39m the config file is readable by others\nnothing was sent\n',
    );
  });

  test('progress through the channel: nothing with -q', async () => {
    let now = 0;
    const { msg, stream } = await messages({ quiet: true });
    const p = await msg.progress({ label: 'import', everyMs: 10, now: () => now });
    now = 100;
    p.update('3/10 rows');
    p.stop();
    expect(stream.text()).toBe('');
  });
});

describe('text from outside cannot drive the terminal', () => {
  test('every kind of message escapes control and bidi characters, keeping newlines and its own colour', async () => {
    const { msg, stream } = await messages({ verbose: true, color: true });
    const evil = 'crd_\x1b]0;pwned\x07x\u202Egnp.exe\u009b31m';
    msg.info(evil);
    msg.note(evil);
    msg.warn(evil);
    msg.say(`${evil}\n  second line`);
    msg.verbose(evil);
    const text = stream.text();
    expect(text).not.toMatch(/\x07|\u202E|\u009b|\x1b\]/);
    expect(text).toContain('crd_\\x1b]0;pwned\\x07x\\u202egnp.exe\\x9b31m');
    expect(text).toContain('\n  second line\n');
    expect(text).toContain('\x1b[33mwarning:\x1b[39m'); // our own paint is kept
  });
});
