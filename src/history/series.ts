// The series `analytics history` prints and the read API returns: scans per id (or per group) and
// period, from the store only. Weeks are ISO weeks (Monday first) of the days in the store's zone.
import { periodOf } from './days.js';
import type { HistoryStore } from './store.js';

export type By = 'day' | 'week' | 'month';
export type Group = 'template' | 'campaign' | 'print-run';

export type SeriesRow = { id: string; scans: number } & Partial<Record<By, string>>;
export type GroupRow = { group: string; scans: number } & Partial<Record<By, string>>;

export interface SeriesQuery {
  zone: string;
  by: By;
  ids?: string[];
  since?: string;
  /** Only this account's days (a store may hold several). */
  account?: string;
}

export async function readSeries(store: HistoryStore, q: SeriesQuery): Promise<SeriesRow[]> {
  const raw = await store.series(q.zone, q.by === 'month' ? 'month' : 'day', {
    ids: q.ids,
    since: q.since,
    account: q.account,
  });
  if (q.by !== 'week') return raw.map((r) => ({ id: r.id, [q.by]: r.period, scans: r.scans }));
  const sums = new Map<string, SeriesRow>();
  for (const r of raw) {
    const week = periodOf(r.period, 'week');
    const key = `${r.id}\n${week}`;
    const row = sums.get(key);
    if (row) row.scans += r.scans;
    else sums.set(key, { id: r.id, week, scans: r.scans });
  }
  return [...sums.values()];
}

/** Rows summed by the group each id belongs to (`groupsOf` may put one id in several: print runs). */
export function groupRows(rows: SeriesRow[], by: By, groupsOf: (id: string) => string[]): GroupRow[] {
  const sums = new Map<string, GroupRow>();
  for (const r of rows)
    for (const group of groupsOf(r.id)) {
      const key = `${group}\n${r[by]}`;
      const row = sums.get(key);
      if (row) row.scans += r.scans;
      else sums.set(key, { group, [by]: r[by], scans: r.scans });
    }
  return [...sums.values()].sort(
    (a, b) => a.group.localeCompare(b.group) || String(a[by]).localeCompare(String(b[by])),
  );
}
