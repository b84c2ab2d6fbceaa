// The one progress display off a terminal: a plain line at most every few seconds (a log shows a long
// run is alive), the label first; nothing at all with -q.
import { describe, expect, test } from 'vitest';
import { startProgress } from '../../src/output/progress.js';
import { memoryStream } from './_io.js';

describe('startProgress off a terminal', () => {
  test('a plain line once `everyMs` has passed since the last one', async () => {
    let now = 1_000;
    const stream = memoryStream();
    const p = await startProgress({
      stream,
      tty: false,
      quiet: false,
      now: () => now,
      label: 'import',
      everyMs: 5_000,
    });
    p.update('1/10 rows');
    now += 4_999;
    p.update('2/10 rows');
    now += 1;
    p.update('3/10 rows');
    now += 2_000;
    p.update('4/10 rows');
    now += 5_000;
    p.update((elapsed) => `5/10 rows after ${elapsed} ms`);
    p.clear();
    p.redraw();
    p.stop({ keep: true });
    expect(stream.text()).toBe('import: 3/10 rows\nimport: 5/10 rows after 12000 ms\n');
  });

  test('every 5 seconds by default, no label', async () => {
    let now = 0;
    const stream = memoryStream();
    const p = await startProgress({ stream, tty: false, quiet: false, now: () => now });
    for (let i = 1; i <= 12; i++) {
      now += 1_000;
      p.update(`${i}s`);
    }
    expect(stream.text()).toBe('5s\n10s\n');
  });

  test('-q: nothing, on a terminal or not', async () => {
    for (const tty of [false, true]) {
      let now = 0;
      const stream = memoryStream();
      const p = await startProgress({ stream, tty, quiet: true, now: () => now, label: 'import', everyMs: 1 });
      now = 10_000;
      p.update('done');
      p.stop({ keep: true });
      expect(stream.text()).toBe('');
    }
  });
});

describe('progress text from outside', () => {
  test('is escaped (a file name from the server cannot drive the terminal)', async () => {
    const stream = memoryStream();
    let now = 0;
    const p = await startProgress({ stream, tty: false, quiet: false, now: () => now, everyMs: 1 });
    now = 5;
    p.update('[1/1] out/\x1b[2J\u202Egnp.exe');
    expect(stream.text()).toBe('[1/1] out/\\x1b[2J\\u202egnp.exe\n');
  });
});
