import { describe, expect, it } from 'vitest';
import { reportRow, type ReportRow } from '../../../src/jobs/import/report.js';
import { sendEach as sendRows } from '../../../src/jobs/rows/loop.js';
import type { Job, RowSent as Sent } from '../../../src/jobs/import/types.js';
import { formatSummary, Tally } from '../../../src/jobs/import/summary.js';
import { commandLine, shellQuote } from '../../../src/commands/command-line.js';
import { resumeCommand } from '../../../src/commands/campaigns/import-terminal.js';
import { CliError, EXIT } from '../../../src/errors.js';

async function* jobs(n: number): AsyncGenerator<Job> {
  for (let i = 0; i < n; i++) yield { line: i + 2, externalId: `P-${i}`, body: '{}', key: `k${i}` };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('sendEach (the one request loop)', () => {
  it('concurrency 1: each outcome is recorded before the next request starts', async () => {
    const events: string[] = [];
    const send = async (j: Job): Promise<Sent> => {
      events.push(`send ${j.line}`);
      await tick();
      return { row: reportRow(j.line, j.externalId, 'created') };
    };
    const r = await sendRows(jobs(3), send, (row) => events.push(`record ${row.line}`), { concurrency: 1 });
    expect(r).toEqual({ stopped: 'done' });
    expect(events).toEqual(['send 2', 'record 2', 'send 3', 'record 3', 'send 4', 'record 4']);
  });

  it('concurrency n: never more than n in flight; every row recorded as it completes', async () => {
    let inFlight = 0;
    let peak = 0;
    const recorded: number[] = [];
    const send = async (j: Job): Promise<Sent> => {
      peak = Math.max(peak, ++inFlight);
      for (let i = 0; i < (j.line % 3) + 1; i++) await tick();
      inFlight--;
      return { row: reportRow(j.line, j.externalId, 'created') };
    };
    await sendRows(jobs(20), send, (row) => recorded.push(row.line), { concurrency: 4 });
    expect(peak).toBe(4);
    expect([...recorded].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
  });

  it('an interrupt stops launching; the request in flight finishes and is recorded', async () => {
    const ctrl = new AbortController();
    const recorded: ReportRow[] = [];
    const send = async (j: Job): Promise<Sent> => {
      if (j.line === 4) ctrl.abort();
      await tick();
      return { row: reportRow(j.line, j.externalId, 'created') };
    };
    const r = await sendRows(jobs(10), send, (row) => recorded.push(row), { concurrency: 1, signal: ctrl.signal });
    expect(r.stopped).toBe('interrupted');
    expect(recorded.map((x) => x.line)).toEqual([2, 3, 4]);
  });

  it('a fatal outcome stops the run after recording it', async () => {
    const fatal = new CliError('plan full', EXIT.auth);
    const recorded: number[] = [];
    const send = async (j: Job): Promise<Sent> => ({
      row: reportRow(j.line, j.externalId, j.line === 3 ? 'failed' : 'created'),
      fatal: j.line === 3 ? fatal : undefined,
    });
    expect(await sendRows(jobs(10), send, (row) => recorded.push(row.line), { concurrency: 1 })).toEqual({
      stopped: 'fatal',
      fatal,
    });
    expect(recorded).toEqual([2, 3]);
  });
});

describe('summary', () => {
  it('counts by outcome and by error code, where the report is, how to resume', () => {
    const t = new Tally();
    for (const row of [
      reportRow(2, 'a', 'created'),
      reportRow(3, 'b', 'exists', { errorCode: 'duplicate_external_id' }),
      reportRow(4, 'c', 'failed', { errorCode: 'validation_failed' }),
      reportRow(5, 'd', 'failed', { errorCode: 'validation_failed' }),
    ])
      t.add(row);
    expect(
      formatSummary({
        title: 'import of p.csv into cmp_x:',
        tally: t,
        alreadyDone: 1,
        report: 'p.csv.report.ndjson',
        resume: 'cardqr campaigns import cmp_x p.csv --resume',
      }),
    ).toBe(
      [
        'import of p.csv into cmp_x:',
        '  created  1',
        '  exists   1',
        '  failed   2',
        '  (1 row already done by an earlier run, not sent again)',
        'errors by code:',
        '  validation_failed  2',
        'report: p.csv.report.ndjson',
        'to resume: cardqr campaigns import cmp_x p.csv --resume',
        '',
      ].join('\n'),
    );
    expect(t.toJSON()).toEqual({
      outcomes: { created: 1, exists: 1, failed: 2, invalid: 0, skipped: 0 },
      errors: { validation_failed: 2 }, // exists is not an error
    });
  });

  it('the resume command repeats every option that shapes the run, quoted for the shell', () => {
    const opts = {
      campaignId: 'cmp_x',
      file: 'my people.csv',
      dryRun: false,
      validateOnly: false,
      resume: false,
      report: 'r.ndjson',
      delimiter: ';',
      encoding: 'latin1',
      concurrency: 4,
      rate: 30,
      skipInvalid: true,
      maxRows: 10,
    };
    expect(resumeCommand(opts, { globals: { profile: 'prod' } })).toBe(
      "cardqr campaigns import cmp_x 'my people.csv' --resume --report r.ndjson --delimiter ';' --encoding latin1 --concurrency 4 --rate 30 --skip-invalid --max-rows 10 --profile prod",
    );
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(commandLine(['a', 'b c'])).toBe("cardqr a 'b c'");
  });
});
