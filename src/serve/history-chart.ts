// The history panel's data: the store's rows summed per period (the chart's one line) and per id (the
// busiest codes of the window), with each period's start as Unix seconds for uPlot's x axis.
import type { Period, ReadHistory } from './sources.js';

/**
 * How far back each granularity looks (a month chart shows all the store holds). The store reads a week
 * from its days: on a store of 1,000,000 day rows, 26 weeks take about a second (bench: test/bench/serve.mjs).
 */
export const WINDOW_DAYS: Record<Period, number | undefined> = { day: 90, week: 182, month: undefined };
const TOP = 10;

export interface HistoryChart {
  by: Period;
  since: string | null;
  /** Period starts, Unix seconds, ascending; `scans[i]` belongs to `x[i]`. */
  x: number[];
  periods: string[];
  scans: number[];
  top: Array<{ id: string; scans: number }>;
  rows: number;
}

export async function historyChart(read: ReadHistory, by: Period, now: Date): Promise<HistoryChart> {
  const days = WINDOW_DAYS[by];
  const since = days === undefined ? undefined : new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const rows = await read({ by, since });
  const totals = new Map<string, number>();
  const perId = new Map<string, number>();
  for (const r of rows) {
    totals.set(r.period, (totals.get(r.period) ?? 0) + r.scans);
    perId.set(r.id, (perId.get(r.id) ?? 0) + r.scans);
  }
  const points = [...totals]
    .map(([period, scans]) => ({ period, scans, x: periodStart(period) }))
    .filter((p) => Number.isFinite(p.x))
    .sort((a, b) => a.x - b.x);
  const top = [...perId]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP)
    .map(([id, scans]) => ({ id, scans }));
  return {
    by,
    since: since ?? null,
    x: points.map((p) => p.x),
    periods: points.map((p) => p.period),
    scans: points.map((p) => p.scans),
    top,
    rows: rows.length,
  };
}

/** `YYYY-MM-DD`, `YYYY-Www` (ISO week: its Monday) or `YYYY-MM` → Unix seconds (UTC); NaN otherwise. */
export function periodStart(period: string): number {
  const week = /^(\d{4})-W(\d{2})$/.exec(period);
  if (week) {
    const jan4 = Date.UTC(Number(week[1]), 0, 4);
    const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
    return (monday1 + (Number(week[2]) - 1) * 7 * 86_400_000) / 1000;
  }
  if (/^\d{4}-\d{2}$/.test(period)) return Date.parse(`${period}-01T00:00:00Z`) / 1000;
  if (/^\d{4}-\d{2}-\d{2}$/.test(period)) return Date.parse(`${period}T00:00:00Z`) / 1000;
  return NaN;
}
