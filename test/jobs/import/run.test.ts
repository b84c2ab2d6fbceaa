// The import engine called directly (no CLI, no streams) against the real emulator: options and narrow
// deps in, a summary out; every notice and progress step arrives through the deps' callbacks.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../../src/api/client.js';
import { runCampaignImport, validateCampaignImport } from '../../../src/jobs/import/run.js';
import { ImportStop } from '../../../src/jobs/import/stop.js';
import type { ImportDeps, ImportNotice, ImportOptions } from '../../../src/jobs/import/types.js';
import { UsageError } from '../../../src/errors.js';
import { useEmulator } from '../../helpers/emulator.js';
import { partnersCsv, readReportLines, writeCsv } from './_files.js';

const emu = useEmulator();
const creates = () => emu.requests({ method: 'POST', path: /^\/campaigns\/[^/]+\/cards$/ });

function options(file: string, more: Partial<ImportOptions> = {}): ImportOptions {
  return { campaignId: 'cmp_native', file, dryRun: false, resume: false, concurrency: 1, skipInvalid: false, ...more };
}

/** Deps around one client; waits move the emulator's clock. Records what the UI would have shown. */
function engineDeps(more: Partial<ImportDeps> = {}) {
  const client = new ApiClient({
    baseUrl: emu.baseUrl,
    apiKey: emu.keys.full,
    userAgent: 'test',
    timeoutMs: 5000,
    maxRetries: 0,
    sleep: async (ms) => emu.advanceTime(ms),
    now: () => emu.now(),
  });
  const seen = { notices: [] as ImportNotice[], totals: [] as number[], progress: [] as number[], sent: 0 };
  const deps: ImportDeps = {
    api: async () => client,
    baseUrl: async () => emu.baseUrl,
    now: () => new Date(emu.now()),
    version: '0.0.0-test',
    signal: new AbortController().signal,
    onNotice: (n) => seen.notices.push(n),
    onSending: (total) => void seen.totals.push(total),
    onProgress: (tally) => void seen.progress.push(tally.done),
    onSent: () => void seen.sent++,
    ...more,
  };
  return { deps, seen, close: () => client.close() };
}

describe('runCampaignImport', () => {
  it('a small file: one create per row, the outcomes and the report path as data', async () => {
    const file = writeCsv('three.csv', partnersCsv(3));
    const { deps, seen, close } = engineDeps();
    try {
      const s = await runCampaignImport(options(file), deps);
      expect(s).toMatchObject({
        campaignId: 'cmp_native',
        file,
        mode: 'import',
        report: `${file}.report.ndjson`,
        stopped: 'done',
        alreadyDone: 0,
        paused: 0,
        invalidInFile: 0,
        beyond: 0,
        laterInvalid: 0,
      });
      expect(s.fatal).toBeUndefined();
      expect(s.tally.toJSON()).toEqual({
        outcomes: { created: 3, exists: 0, failed: 0, invalid: 0, skipped: 0 },
        errors: {},
      });
      expect(creates()).toHaveLength(3);
      expect(
        readReportLines(s.report)
          .slice(1)
          .map((l) => [l.line, l.outcome]),
      ).toEqual([
        [2, 'created'],
        [3, 'created'],
        [4, 'created'],
      ]);
      expect(seen).toEqual({ notices: [], totals: [3], progress: [0, 1, 2, 3], sent: 1 });
    } finally {
      await close();
    }
  });

  it('Ctrl-C (the AbortSignal) after the first row: interrupted is data, the rest not sent, the report says so', async () => {
    const file = writeCsv('five.csv', partnersCsv(5));
    const ctrl = new AbortController();
    const { deps, close } = engineDeps({ signal: ctrl.signal, onProgress: (t) => t.done === 1 && ctrl.abort() });
    try {
      const s = await runCampaignImport(options(file), deps);
      expect([s.stopped, s.tally.outcomes.created]).toEqual(['interrupted', 1]);
      expect(creates()).toHaveLength(1);
      expect(
        readReportLines(s.report)
          .slice(1)
          .map((l) => l.outcome),
      ).toEqual(['created']);
    } finally {
      await close();
    }
  });

  it('rows the API refuses are data (failed, by code), not an error; a rerun finds them existing', async () => {
    const file = writeCsv('again.csv', partnersCsv(2));
    const first = engineDeps();
    try {
      await runCampaignImport(options(file), first.deps);
    } finally {
      await first.close();
    }
    const second = engineDeps();
    try {
      const s = await runCampaignImport(options(file, { report: `${file}.second.ndjson` }), second.deps);
      expect([s.stopped, s.tally.outcomes.exists, s.tally.outcomes.created]).toEqual(['done', 2, 0]);
      expect(s.tally.toJSON().errors).toEqual({}); // rows that exist are not errors
    } finally {
      await second.close();
    }
  });

  it('--skip-invalid: the invalid rows are a notice and counted; the valid ones are sent', async () => {
    const file = writeCsv('one-bad.csv', `${partnersCsv(2)}P-9999,,,,,\n`);
    const { deps, seen, close } = engineDeps();
    try {
      const s = await runCampaignImport(options(file, { skipInvalid: true }), deps);
      expect([s.tally.outcomes.created, s.tally.outcomes.invalid, s.invalidInFile]).toEqual([2, 1, 1]);
      expect(seen.notices).toEqual([
        expect.objectContaining({ kind: 'skipping-invalid', count: 1, report: `${file}.report.ndjson` }),
      ]);
    } finally {
      await close();
    }
  });

  it('problems in the file, found before anything is sent, are a UsageError listing them by line', async () => {
    const file = writeCsv('bad.csv', `${partnersCsv(1)}P-0001,Again,Twice,,,\n`);
    const { deps, close } = engineDeps();
    try {
      const e = await runCampaignImport(options(file), deps).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(UsageError);
      expect((e as UsageError).message).toMatch(/^\d+ problems in the file; nothing was sent$/);
      expect((e as UsageError).lines).toContain('line 3: identifier "P-0001" already on line 2');
      expect(creates()).toHaveLength(0);
    } finally {
      await close();
    }
  });
});

describe('validateCampaignImport (--validate-only)', () => {
  it('checks every row and creates none: one row of each shape to the dry run, none offline', async () => {
    const file = writeCsv('check.csv', partnersCsv(4));
    const { deps, seen, close } = engineDeps();
    try {
      expect(await validateCampaignImport({ campaignId: 'cmp_native', file }, deps)).toEqual({
        campaignId: 'cmp_native',
        file,
        rows: 4,
        sampled: { sent: 1 },
      });
      expect(emu.requests({ method: 'POST' }).map((q) => q.path)).toEqual(['/campaigns/cmp_native/cards/test']);
      emu.clearRequests();
      expect(await validateCampaignImport({ campaignId: 'cmp_native', file, offline: true }, deps)).toMatchObject({
        sampled: { skipped: 'offline' },
      });
      expect(emu.requests({ method: 'POST' })).toEqual([]);
      expect(seen).toMatchObject({ totals: [], progress: [], sent: 0 });
    } finally {
      await close();
    }
  });
});

it('ImportStop carries its reason and hints for the command to map', () => {
  const stop = new ImportStop('server-errors', 'the service failed 3 rows in a row (HTTP 500); stopping');
  expect([stop.reason, stop.hints, stop instanceof Error]).toEqual(['server-errors', [], true]);
});
