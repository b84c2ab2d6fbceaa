// analytics drift over a real SQLite store: fell (beyond the threshold), stopped (silent), neither.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../../../src/history/days.js';
import { openStore } from '../../../src/history/open.js';
import type { HistoryStore } from '../../../src/history/store.js';
import { findDrift } from '../../../src/jobs/history/drift.js';
import { tempDir } from '../../helpers/temp-dirs.js';

let store: HistoryStore | undefined;
afterEach(() => store?.close());

const TODAY = '2026-11-23';
const series = (from: number, to: number, scans: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ day: addDays(TODAY, -(from + i)), scans }));

async function storeWith(days: Record<string, { day: string; scans: number }[]>): Promise<HistoryStore> {
  const path = join(tempDir('cardqr-drift-'), 'h.db');
  store = await openStore(
    { kind: 'sqlite', target: path, where: path, passwordInArgv: false },
    { readOnly: false, env: {} },
  );
  await store.prepare({ migrate: true });
  await store.writeSnapshot({
    account: 'acc_1',
    zone: 'UTC',
    takenAt: `${TODAY}T12:00:00.000Z`,
    day: TODAY,
    subjects: Object.keys(days).map((id) => ({
      id,
      kind: 'qr',
      name: id,
      templateId: null,
      status: 'published',
      scanCount: 1,
    })),
    timelines: Object.entries(days).map(([id, d]) => ({
      id,
      scanCount: 1,
      range: '12m',
      periodStart: '2025-11-24T00:00:00.000Z',
      clamped: false,
      historyDays: -1,
      days: d,
    })),
    campaigns: [],
    requests: 0,
  });
  return store;
}

describe('findDrift', () => {
  it('fell, stopped, steady', async () => {
    const s = await storeWith({
      qr_fell: [...series(8, 14, 10), ...series(1, 7, 2)],
      qr_steady: [...series(8, 14, 10), ...series(1, 7, 9)],
      qr_stopped: series(40, 60, 5),
      qr_today_only: [{ day: TODAY, scans: 0 }, ...series(8, 14, 3), ...series(1, 7, 3)],
    });
    const found = await findDrift(s, { zone: 'UTC', windowDays: 7, threshold: 0.3, silentDays: 30 });
    expect(found?.today).toBe(TODAY);
    expect(found?.rows.map((r) => [r.id, r.reason, r.before, r.recent])).toEqual([
      ['qr_fell', 'fell', 70, 14],
      ['qr_stopped', 'stopped', 0, 0],
    ]);
  });

  it('no snapshot in the zone: undefined', async () => {
    const s = await storeWith({});
    expect(await findDrift(s, { zone: 'Europe/Paris', windowDays: 7, threshold: 0.3, silentDays: 30 })).toBeUndefined();
  });
});
