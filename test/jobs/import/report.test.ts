import { appendFileSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockReport } from '../../../src/jobs/rows/report-file.js';
import {
  appendImportReport,
  createImportReport,
  readReport,
  reportRow,
  sha256File,
  type ReportHeader,
} from '../../../src/jobs/import/report.js';
import { tempDir } from '../../helpers/run-cli.js';

const header: ReportHeader = {
  type: 'header',
  version: 1,
  mode: 'import',
  campaignId: 'cmp_x',
  file: '/data/p.csv',
  fileSha256: 'ab'.repeat(32),
  startedAt: '2026-01-01T00:00:00.000Z',
  cardqr: 'test',
};

describe('report', () => {
  it('a header, then one complete JSON line per row, in the documented field order', async () => {
    const path = join(tempDir(), 'r.ndjson');
    const w = await createImportReport(path, header);
    w.write(
      reportRow(2, 'P-1', 'created', {
        cardId: 'crd_1',
        url: 'https://x/c/a',
        shortCode: 'a',
        paused: false,
        requestId: 'req_1',
        status: 201,
      }),
    );
    w.close();
    const [h, row] = readFileSync(path, 'utf8').split('\n');
    expect(JSON.parse(h)).toEqual(header);
    expect(Object.keys(JSON.parse(row))).toEqual([
      'line',
      'externalId',
      'outcome',
      'cardId',
      'url',
      'shortCode',
      'paused',
      'errorCode',
      'message',
      'requestId',
      'status',
    ]);
  });

  it('reading back: done lines, refusals (4xx answers) per line, whether anything was sent; a cut last line ignored', async () => {
    const path = join(tempDir(), 'r.ndjson');
    const w = await createImportReport(path, header);
    w.write(reportRow(2, 'P-1', 'created', { status: 201 }));
    w.write(reportRow(3, 'P-2', 'exists', { errorCode: 'duplicate_external_id', status: 409 }));
    w.write(reportRow(4, 'P-3', 'failed', { errorCode: 'limit_exhausted_cards', status: 403 }));
    w.write(reportRow(5, 'P-4', 'failed', { errorCode: 'unavailable' }));
    w.write(reportRow(6, 'P-5', 'failed', { errorCode: 'idempotency_key_in_flight', status: 409 }));
    w.write(reportRow(7, null, 'invalid', { errorCode: 'missing_external_id' }));
    w.close();
    appendFileSync(path, '{"line":8,"externalId":"P-7","outc'); // a kill in the middle of a write
    const state = (await readReport(path))!;
    expect(state.header).toEqual(header);
    expect([2, 3, 4, 5, 8].map((l) => state.done.has(l))).toEqual([true, true, false, false, false]);
    expect([4, 5, 6].map((l) => state.refusals.get(l))).toEqual([1, 0, 0]);
    expect([state.sent, state.rows]).toEqual([true, 6]);
    // Continuing mends the cut line first, so every later line parses.
    const more = appendImportReport(path);
    more.write(reportRow(8, 'P-7', 'created'));
    more.close();
    const again = (await readReport(path))!;
    expect([again.done.has(8), again.rows]).toEqual([true, 7]);
  });

  it('absent → undefined; a file that is not a report is never touched', async () => {
    const dir = tempDir();
    expect(await readReport(join(dir, 'none.ndjson'))).toBeUndefined();
    writeFileSync(join(dir, 'people.csv'), 'id,name\n1,Ada\n');
    await expect(readReport(join(dir, 'people.csv'))).rejects.toThrow(/not a cardqr import report/);
    writeFileSync(join(dir, 'empty.ndjson'), ''); // killed before the header was written: nothing recorded
    expect(await readReport(join(dir, 'empty.ndjson'))).toBeUndefined();
    writeFileSync(join(dir, 'blank.ndjson'), '\n\n');
    await expect(readReport(join(dir, 'blank.ndjson'))).rejects.toThrow(/not a cardqr import report/);
  });

  it('sha256 of the input file', async () => {
    const path = join(tempDir(), 'f.csv');
    writeFileSync(path, 'abc');
    expect(await sha256File(path)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('lock', () => {
  it('exclusive while held, released after; a dead owner on this host is taken over', async () => {
    const report = join(tempDir(), 'r.ndjson');
    const lock = await lockReport(report, new Date(0), 'import');
    await expect(lockReport(report, new Date(0), 'import')).rejects.toThrow(/report busy: another import/);
    await lock.release();
    await (await lockReport(report, new Date(0), 'import')).release();
    writeFileSync(`${report}.lock`, JSON.stringify({ pid: 2 ** 22 + 11, host: hostname(), startedAt: 'x' }));
    const taken = await lockReport(report, new Date(0), 'import');
    expect(JSON.parse(readFileSync(`${report}.lock`, 'utf8')).pid).toBe(process.pid);
    await taken.release();
    writeFileSync(`${report}.lock`, JSON.stringify({ pid: 2 ** 22 + 11, host: 'another-host', startedAt: 'x' }));
    await expect(lockReport(report, new Date(0), 'import')).rejects.toThrow(/pid 4194315 on another-host/);
    // A lock without its owner line: being written right now (refused), or left by a kill long ago (taken over).
    writeFileSync(`${report}.lock`, '');
    await expect(lockReport(report, new Date(0), 'import')).rejects.toThrow(/report busy: the lock .* cannot be read/);
    // Ages are read on the file system's clock (the process's may be stepped or faked): a minute before its own.
    const old = new Date(statSync(`${report}.lock`).mtimeMs - 60_000);
    utimesSync(`${report}.lock`, old, old);
    await (await lockReport(report, new Date(0), 'import')).release();
  });
});
