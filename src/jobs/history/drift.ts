// `analytics drift`: codes whose scans fell by more than the threshold (the last `window` of complete
// days against the `window` before it) or stopped (none in the last `silent` days, some before).
// "Today" is the day of the latest snapshot in the zone: the days after it are not known yet, and
// that day itself is incomplete.
import { addDays, daysBetween } from '../../history/days.js';
import type { HistoryStore } from '../../history/store.js';

export interface DriftRow {
  id: string;
  name: string;
  kind: string;
  before: number;
  recent: number;
  change: string;
  reason: 'fell' | 'stopped';
}

export interface DriftOptions {
  zone: string;
  windowDays: number;
  /** 0.3 for 30%. */
  threshold: number;
  silentDays: number;
}

export async function findDrift(
  store: HistoryStore,
  o: DriftOptions,
): Promise<{ today: string; rows: DriftRow[] } | undefined> {
  const last = await store.lastSnapshot({ zone: o.zone });
  if (!last) return undefined;
  const today = last.day;
  const recentFrom = addDays(today, -o.windowDays);
  const beforeFrom = addDays(today, -2 * o.windowDays);
  const [series, lastDays, subjects] = await Promise.all([
    store.series(o.zone, 'day', { since: beforeFrom, until: addDays(today, -1) }),
    store.lastScanDays(o.zone),
    store.subjects(),
  ]);
  const sums = new Map<string, { before: number; recent: number }>();
  for (const r of series) {
    const s = sums.get(r.id) ?? { before: 0, recent: 0 };
    if (r.period >= recentFrom) s.recent += r.scans;
    else s.before += r.scans;
    sums.set(r.id, s);
  }
  const rows: DriftRow[] = [];
  for (const [id, lastDay] of lastDays) {
    const s = sums.get(id) ?? { before: 0, recent: 0 };
    const subject = subjects.get(id);
    const base = { id, name: subject?.name ?? '', kind: subject?.kind ?? '', before: s.before, recent: s.recent };
    const change = s.before > 0 ? `${Math.round(((s.recent - s.before) / s.before) * 100)}%` : '';
    if (daysBetween(lastDay, today) > o.silentDays) rows.push({ ...base, change, reason: 'stopped' });
    else if (s.before > 0 && (s.before - s.recent) / s.before > o.threshold)
      rows.push({ ...base, change, reason: 'fell' });
  }
  rows.sort(
    (a, b) =>
      a.reason.localeCompare(b.reason) || b.before - b.recent - (a.before - a.recent) || a.id.localeCompare(b.id),
  );
  return { today, rows };
}
