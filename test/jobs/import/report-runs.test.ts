// A report of several runs (PRODUCT §6.4, issue 35): each run's header starts it, its end line says whether
// it finished; readReport answers for the last run (done lines, refusals, rows, unfinished).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createImportReport, readReport, reportRow, type ReportHeader } from '../../../src/jobs/import/report.js';
import { tempDir } from '../../helpers/run-cli.js';

const header = (sha: string): ReportHeader => ({
  type: 'header',
  version: 1,
  mode: 'import',
  campaignId: 'cmp_1',
  file: '/tmp/staff.csv',
  fileSha256: sha,
  startedAt: '2026-01-05T06:00:00.000Z',
  cardqr: '0.0.0',
  nonce: `n-${sha}`,
});
const end = (complete: boolean) => JSON.stringify({ type: 'end', endedAt: 'x', stopped: 'done', complete }) + '\n';
const line = (o: object) => JSON.stringify(o) + '\n';

describe('readReport: the last run of several', () => {
  it('week 1 finished, week 2 (another file) under way: the state is week 2 alone', async () => {
    const path = join(tempDir(), 'r.ndjson');
    const w = await createImportReport(path, header('a'));
    w.write(reportRow(2, 'S-1', 'created', { status: 201 }));
    w.write(reportRow(3, 'S-2', 'failed', { status: 422, errorCode: 'validation_failed' }));
    w.close();
    appendFileSync(path, end(false));
    let s = (await readReport(path))!;
    expect([s.runs, s.rows, s.unfinished, s.done.has(2), s.refusals.get(3)]).toEqual([1, 2, true, true, 1]);
    // --resume of week 1 finishes it: another end line, complete.
    appendFileSync(path, line(reportRow(3, 'S-2', 'created', { status: 201 })) + end(true));
    s = (await readReport(path))!;
    expect([s.runs, s.unfinished]).toEqual([1, false]);

    appendFileSync(path, line(header('b')) + line(reportRow(2, 'S-1', 'unchanged')));
    s = (await readReport(path))!;
    expect(s.header.fileSha256).toBe('b');
    expect([s.runs, s.rows, s.unfinished, s.done.has(2), s.done.has(3), s.refusals.get(3)]).toEqual([
      2,
      1,
      true,
      true,
      false,
      0,
    ]);
    expect(s.sent).toBe(true);
  });

  it('a run that recorded nothing sent (refused after its header, or invalid rows only) is not unfinished', async () => {
    const path = join(tempDir(), 'r.ndjson');
    const w = await createImportReport(path, header('a'));
    w.write(reportRow(2, 'S-1', 'created', { status: 201 }));
    w.close();
    appendFileSync(path, end(true) + line(header('a')) + line(reportRow(2, null, 'invalid')));
    const s = (await readReport(path))!;
    expect([s.runs, s.unfinished, s.sent]).toEqual([2, false, true]);
  });

  it('a header in the middle that is not ours is refused like a first one', async () => {
    const path = join(tempDir(), 'r.ndjson');
    (await createImportReport(path, header('a'))).close();
    appendFileSync(path, line({ type: 'header', version: 9 }));
    await expect(readReport(path)).rejects.toThrow(/not a cardqr import report/);
  });
});
