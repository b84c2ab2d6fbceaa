// The one progress line of every bulk job (src/commands/row-progress.ts): the row engine's jobs and the
// import through the same text, shown by output/progress.ts.
import { describe, expect, it } from 'vitest';
import { importProgressText, rowProgressText } from '../../src/commands/row-progress.js';
import { reportRow } from '../../src/jobs/import/report.js';
import { Tally } from '../../src/jobs/import/summary.js';
import { duration } from '../../src/commands/row-progress.js';
import { startProgress } from '../../src/output/progress.js';

describe('the progress line', () => {
  it('a row job: done/total, the outcomes met so far, an ETA while some are left', () => {
    const text = rowProgressText(12, 300, { created: 11, failed: 1 }, 'writes');
    expect(text(6_000)).toBe('12/300 writes · 11 created · 1 failed · ETA 2m24s');
    expect(text(0)).toBe('12/300 writes · 11 created · 1 failed');
    expect(rowProgressText(25, 25, { paused: 25 }, 'ids')(1_000)).toBe('25/25 ids · 25 paused');
  });

  it('the import: created, exists and failed always, others once met, the rate; no ETA once all are done', () => {
    const t = new Tally();
    for (let i = 0; i < 30; i++) t.add(reportRow(i, null, i % 10 ? 'created' : 'failed'));
    expect(importProgressText(t, 120)(10_000)).toBe(
      '30/120 rows · 27 created · 0 exists · 3 failed · 3.0 rows/s · ETA 30s',
    );
    t.add(reportRow(31, null, 'unknown'));
    t.add(reportRow(32, null, 'skipped'));
    expect(importProgressText(t, 32)(1_000)).toBe(
      '32/32 rows · 27 created · 0 exists · 3 failed · 1 unknown · 1 checked · 32 rows/s',
    );
    expect(duration(3725)).toBe('1h02m');
  });

  it('plain lines only every few seconds without a terminal; nothing with -q', async () => {
    const t = new Tally();
    for (let i = 0; i < 30; i++) t.add(reportRow(i, null, i % 10 ? 'created' : 'failed'));
    let now = 0;
    let out = '';
    const stream = { write: (s: string) => ((out += s), true) } as unknown as NodeJS.WritableStream;
    const p = await startProgress({
      stream: stream as never,
      tty: false,
      quiet: false,
      now: () => now,
      label: 'import',
    });
    const text = importProgressText(t, 120);
    p.update(text);
    now = 6000;
    p.update(text);
    p.update(text);
    expect(out.split('\n').filter(Boolean)).toEqual([
      'import: 30/120 rows · 27 created · 0 exists · 3 failed · 5.0 rows/s · ETA 18s',
    ]);
    const quiet = await startProgress({ stream: stream as never, tty: true, quiet: true, now: () => now, label: 'x' });
    quiet.update(importProgressText(t, 1));
    quiet.stop();
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
